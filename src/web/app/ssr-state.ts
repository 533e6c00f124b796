/**
 * The query cache a server-rendered page hands to the browser (entry-server.tsx writes it, main.tsx
 * reads it): a JSON block in the page, so the browser starts with the data the HTML was made from,
 * with no second fetch and no flash of loading.
 */
import { hashKey, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '#shared/errors.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { AUTH_USER_QUERY_KEY } from '#web/lib/auth.tsx';
import { hasSessionMarker } from '#web/lib/session-marker.ts';

const AUTH_HASH = hashKey(AUTH_USER_QUERY_KEY);

/** The id of the `<script type="application/json">` that carries the state (JSON, so CSP allows it). */
export const SSR_STATE_ID = 'artchip-state';

/** A query may opt out of server rendering with `meta: { ssr: false }` (a tap: reading it consumes it). */
export function isServerReadable(query: Query): boolean {
  return query.meta?.ssr !== false && query.queryKey[0] !== AUTH_USER_QUERY_KEY[0];
}

/** Answers (and answered errors, such as a 404 chip) go to the browser; the session never does. */
export function shouldDehydrateQuery(query: Query): boolean {
  return isServerReadable(query) && (query.state.status === 'success' || query.state.status === 'error');
}

type EncodedError = { __apiError: { status: number; message: string; code?: ApiError['code'] | undefined } };

/** JSON for a `<script type="application/json">`: `<` is escaped so no text can close the element. */
export function encodeState(state: DehydratedState): string {
  const queries = state.queries.map((q) => {
    const error = q.state.error;
    if (!error) return q;
    const encoded: EncodedError = {
      __apiError:
        error instanceof ApiRequestError
          ? { status: error.status, message: error.message, code: error.code }
          : { status: 0, message: 'Failed to load' },
    };
    return { ...q, state: { ...q.state, error: encoded } };
  });
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

function isEncodedError(value: unknown): value is EncodedError {
  return typeof value === 'object' && value !== null && '__apiError' in value;
}

/** Reads the state back, with answered errors as ApiRequestError again (pages test `instanceof`). */
export function decodeState(text: string): DehydratedState {
  const state = JSON.parse(text) as DehydratedState;
  for (const q of state.queries) {
    const error: unknown = q.state.error;
    if (isEncodedError(error)) {
      const { status, message, code } = error.__apiError;
      (q.state as { error: unknown }).error = new ApiRequestError(
        status,
        message,
        code ? { code, message } : undefined,
      );
    }
  }
  return state;
}

let afterHydration: (() => void) | null = null;

/** Called once the page, Suspense boundaries included, has hydrated: now the session is asked for. */
export function pageHydrated(): void {
  const run = afterHydration;
  afterHydration = null;
  run?.();
}

/**
 * Fills the browser's cache from the page. The server renders every page signed out; the browser
 * hydrates the same way, then, once every part has hydrated, asks who is signed in (if the
 * signed-in marker is set), so signed-in
 * parts appear after hydration, and what was read as a visitor is read again as that user (a chip's
 * owner may see what visitors may not). Until the first navigation the handed-over answers, errors
 * included, count as fresh: mounting the page that was rendered from them fetches nothing again.
 */
export function hydrateFromServer(
  queryClient: QueryClient,
  state: DehydratedState,
): { onNavigate: () => void } {
  hydrate(queryClient, state);
  // Signed out until the whole page has hydrated: a session answered while a part of the page still
  // waits for its code would make that part hydrate as its owner and differ from the server's HTML.
  queryClient.setQueryData<null>(AUTH_USER_QUERY_KEY, null);
  if (hasSessionMarker()) {
    afterHydration = () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }
  const handedOver = new Set(state.queries.map((q) => q.queryHash));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      refetchOnMount: (query) => !handedOver.has(query.queryHash),
      retryOnMount: false,
    },
  });
  let stopWatching = () => {};
  const forget = () => {
    stopWatching();
    if (handedOver.size === 0) return;
    handedOver.clear();
    queryClient.setDefaultOptions(defaults);
  };
  stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== AUTH_HASH || !event.query.state.data) return;
    const readAsVisitor = new Set(handedOver);
    forget();
    // Every one of them, mounted or not: the page's own may still be between render and mount
    // (its observer made with the hand-over options), and would otherwise keep the visitor's answer.
    void queryClient.invalidateQueries({
      predicate: (q) => readAsVisitor.has(q.queryHash),
      refetchType: 'all',
    });
  });
  return { onNavigate: forget };
}
