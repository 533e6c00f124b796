import { ERROR_CODES, type ApiError } from '#shared/error-codes.ts';
import { endSession, type SessionKind } from './session-end.ts';
import { hasSessionMarker } from './session-marker.ts';

/** A non-2xx answer; `message` is the server's message (the spec's "status: body" prefix stripped). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiError['code'] | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** The session this 401 ended (already forgotten here, see `requestFailure`), or null. */
  readonly endedSession: SessionKind | null;
  constructor(status: number, message: string, body?: ApiError, endedSession: SessionKind | null = null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.fieldErrors;
    this.endedSession = endedSession;
  }
  /** The spec's raw form: "401: Unauthorized". */
  get raw(): string {
    return `${this.status}: ${this.message}`;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Send no cookies: for public reads that never depend on who asks, so they stay cacheable. Calls
   * that sign in (log-in, verification) must not set it, or the browser ignores the session cookie.
   */
  anonymous?: boolean;
  /**
   * The call checks credentials (a log-in, its e-mailed code): its 401 is the answer (wrong password
   * or code), not a session that ended.
   */
  checksCredentials?: boolean;
  signal?: AbortSignal;
};

/** How a request reaches the API: the browser's fetch; the server renderer routes it in-process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** For the server renderer only (entry-server.tsx): pages rendered there read the API in-process. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * The only place that talks to the API: sends the session cookies (same origin only; the admin's
 * goes to /api/admin by its path), JSON or FormData, and parses errors.
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await transport(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: options.anonymous ? 'omit' : 'same-origin',
    body,
    signal: options.signal,
  });
  if (!res.ok) throw requestFailure(path, options, res.status, await res.text(), res.statusText);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/**
 * The error for a non-2xx answer, parsed from the API's error shape. A 401 to a call that rode on a
 * session this page held means that session is gone: it is forgotten here, once for every caller
 * (docs/decisions/044), and screens that need it send the visitor to log in.
 */
export function requestFailure(
  path: string,
  options: Pick<RequestOptions, 'anonymous' | 'checksCredentials'>,
  status: number,
  text: string,
  statusText: string,
): ApiRequestError {
  let parsed: ApiError | undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (isApiError(body)) parsed = body;
  } catch {
    // not JSON: fall back to the text or the status text
  }
  const ended = endedSessionOf(path, options, status);
  if (ended) endSession(ended);
  return new ApiRequestError(status, parsed?.message ?? (text || statusText), parsed, ended);
}

function endedSessionOf(
  path: string,
  options: Pick<RequestOptions, 'anonymous' | 'checksCredentials'>,
  status: number,
): SessionKind | null {
  if (status !== 401 || options.anonymous || options.checksCredentials) return null;
  if (path.startsWith('/api/admin/')) return 'admin';
  // Without the marker no session was held: a visitor's 401 ("log in to mint") is only an answer.
  return hasSessionMarker() ? 'user' : null;
}

/**
 * The one error shape (ApiErrorSchema), checked by hand: zod stays out of the first script every
 * page loads, and comes with the pages that parse with it.
 */
function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, fieldErrors } = value as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    (ERROR_CODES as readonly unknown[]).includes(code) &&
    (fieldErrors === undefined || (typeof fieldErrors === 'object' && fieldErrors !== null))
  );
}

/** A readable message for any thrown value, with a fallback for network failures. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.message) return err.message;
  return fallback;
}
