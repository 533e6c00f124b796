/**
 * What a request must look like before any route runs (docs/decisions/024):
 * - a state-changing request (POST, PUT, PATCH, DELETE) comes from the site's own origin, unless it
 *   authenticates by bearer header (API clients) or the route is reached from elsewhere by design
 *   (payment webhooks, signed by the provider; one-click unsubscribe, carrying its mailed token);
 * - a body is JSON, unless the route takes files (multipart) or form posts by design, so no
 *   cross-site HTML form gets through;
 * - X-Forwarded-For without TRUST_PROXY is logged once: every client then shares the proxy's address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { hasSessionCookie } from '#server/modules/auth/index.ts';
import { bearerToken } from './auth.ts';

/** Body types a route accepts besides JSON. */
type BodyType = 'multipart/form-data' | 'application/x-www-form-urlencoded';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body types besides application/json (files: multipart; RFC 8058 one-click: form). */
    bodyTypes?: readonly BodyType[];
    /**
     * The route authenticates by something other than the browser's session (a provider's signature,
     * a mailed one-time token), so it may be posted from another origin.
     */
    allowCrossOrigin?: boolean;
  }
}

const CROSS_ORIGIN_MESSAGE = 'This request must come from the site itself.';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a browser says the request comes from: Origin, else the Referer's origin, else null. */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin.toLowerCase();
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return 'null';
  }
}

/** The site's own origins: PUBLIC_URL's, and the one the request was addressed to (its Host). */
function ownOrigins(request: FastifyRequest, publicOrigin: string): string[] {
  try {
    // Through URL, so a default port in the Host header (localhost:80) compares as browsers send it.
    return [publicOrigin, new URL(`${request.protocol}://${request.host}`).origin.toLowerCase()];
  } catch {
    return [publicOrigin];
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined && length !== '0') return true;
  return request.headers['transfer-encoding'] !== undefined;
}

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function registerRequestPolicy(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin.toLowerCase();
  let hasWarnedAboutProxy = false;

  app.addHook('onRequest', async (request) => {
    if (!hasWarnedAboutProxy && !app.config.trustProxy && request.headers['x-forwarded-for'] !== undefined) {
      hasWarnedAboutProxy = true;
      request.log.warn(
        'A request arrived through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client shares ' +
          "the proxy's address, so per-client rate limits count them all together. Set TRUST_PROXY=true " +
          'when the server runs behind a load balancer or reverse proxy (and only then).',
      );
    }
    if (!STATE_CHANGING.has(request.method)) return;
    const config = request.routeOptions.config;

    if (hasBody(request)) {
      const type = mediaTypeOf(request);
      const accepted = type === 'application/json' || (config.bodyTypes ?? []).some((t) => t === type);
      if (!accepted) throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
    }

    // API clients authenticate by header, which no other site can make a browser send.
    if (config.allowCrossOrigin || bearerToken(request)) return;
    const origin = requestOrigin(request);
    if (origin === null) {
      // Browsers send Origin with every such request; a session cookie without it is not trusted.
      if (hasSessionCookie(request)) throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
      return;
    }
    if (!ownOrigins(request, publicOrigin).includes(origin)) {
      throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
    }
  });
}
