/**
 * The server renderer of public pages (built by Vite into dist/ssr, loaded by the server's spa
 * feature). A page is rendered as a signed-out visitor sees it, with React 19's streaming renderer:
 * each pass renders until every lazy page chunk has resolved, then the queries the pass asked for
 * are read from the API in-process (through the public cache), and the page renders again with
 * them, until a pass asks for nothing new. The HTML and the query cache it was made from go to the
 * browser, which hydrates from that cache (ssr-state.ts) without fetching again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from '#web/lib/router.tsx';
import { setApiTransport, type ApiTransport } from '#web/lib/api-client.ts';
import { AUTH_USER_QUERY_KEY } from '#web/lib/auth.tsx';
import { preloadAllPages } from '#web/lib/lazy-page.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes, isKnownPage, isServerRendered } from './app/router.tsx';
import { encodeState, isServerReadable, shouldDehydrateQuery, SSR_STATE_ID } from './app/ssr-state.ts';

export { isKnownPage, SSR_STATE_ID };

/** A rendered page: the markup for `<div id="root">` and the JSON for the state block. */
export type RenderedPage = { html: string; state: string };

export type PageRenderer = {
  /** Renders a public page, or answers null for a page the browser renders alone (signed-in ones). */
  render: (url: URL) => Promise<RenderedPage | null>;
};

/** Chained reads (a chip, then its provenance) take a pass each; no public page needs more. */
const MAX_PASSES = 4;
/** A render that has not finished by then is abandoned; the browser renders the page instead. */
const RENDER_TIMEOUT_MS = 5_000;

// Each render reads the API through its own server's transport (tests run several apps in one process).
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error(`No API transport for ${path} outside a render`));
  return transport(path, init);
});

/** Renders once, to completion (every Suspense boundary resolved), into a string. */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(element, {
      // Every boundary in place, however large: React would otherwise send big ones after the shell,
      // moved in by inline scripts the Content-Security-Policy blocks. The page is cached whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (err) => {
        failed = true;
        reject(err instanceof Error ? err : new Error(String(err)));
      },
      onError: (err) => {
        // An error inside a boundary would leave its fallback in the HTML: render in the browser instead.
        if (failed) return;
        failed = true;
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    });
    setTimeout(() => {
      if (failed) return;
      failed = true;
      stream.abort();
      reject(new Error(`Rendering took longer than ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * Whether a boundary suspended during the render: its content then follows the shell with an inline
 * script to move it in place, which the Content-Security-Policy blocks. Once what it waited for has
 * loaded, the next pass renders it in place.
 */
function isStreamedInPieces(html: string): boolean {
  return html.includes('<template id="B:');
}

function isEnabled(query: Query): boolean {
  // The observer's options (with `enabled`) are what useQuery built the query from.
  const enabled: unknown = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

/** Queries a pass rendered without data that the server may read: what the next pass needs. */
function unread(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle')
    .filter((q) => isServerReadable(q) && isEnabled(q));
}

export function createPageRenderer(transport: ApiTransport): PageRenderer {
  const pagesLoaded = preloadAllPages();
  return {
    async render(url) {
      if (!isServerRendered(url.pathname)) return null;
      await pagesLoaded;
      const queryClient = createQueryClient();
      // A failed read renders as its error (a 404 chip as not found), not as loading again.
      queryClient.setDefaultOptions({
        queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
      });
      // Rendered signed out: who is signed in is the browser's to find out.
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
      const page = (
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      );
      let html = await renderToString(page);
      for (let pass = 1; pass < MAX_PASSES; pass++) {
        const queries = unread(queryClient);
        if (queries.length === 0 && !isStreamedInPieces(html)) break;
        // A failed read is kept as the query's error (a 404 chip renders as not found).
        await transports.run(transport, () =>
          Promise.all(queries.map((q) => q.fetch().catch(() => undefined))),
        );
        html = await renderToString(page);
      }
      if (isStreamedInPieces(html))
        throw new Error(`${url.pathname} still suspends after ${MAX_PASSES} passes`);
      const state = encodeState(dehydrate(queryClient, { shouldDehydrateQuery }));
      queryClient.clear();
      return { html, state };
    },
  };
}
