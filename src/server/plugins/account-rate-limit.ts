import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { hitRateLimit } from '#server/platform/rate-limit/index.ts';

/**
 * A route's limit per account, beside @fastify/rate-limit's per client (IPv4 address or IPv6 /64):
 * `max` requests per `windowMs` for the signed-in user or, without one, for the e-mail the body names
 * (log-in, sign-up, the e-mail check, guest checkout), so spreading attempts over many addresses gains
 * nothing.
 */
export type AccountRateLimit = {
  max: number;
  windowMs: number;
  /** Only requests without a signed-in user count (the guest checkout: a buyer's own spree is fine). */
  signedOutOnly?: boolean;
  /**
   * Counts per account from each client (log-in): a stranger's attempts from their address must not
   * use up the owner's at theirs (docs/decisions/036); guesses spread over many addresses are met by
   * the account's back-off and its mailed code instead.
   */
  perClient?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    accountRateLimit?: AccountRateLimit;
  }
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** Whom a request counts against: the signed-in user, else the body's e-mail (normalised), else nobody. */
function accountKeyOf(request: FastifyRequest): string | null {
  if (request.user) return `user:${request.user.id}`;
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  // Hashed: the rate-limit table holds no e-mail addresses.
  return email ? `email:${hashToken(email)}` : null;
}

/** Enforces `config.accountRateLimit` after validation (the e-mail is read from the parsed body). */
export function registerAccountRateLimit(app: FastifyInstance): void {
  if (!app.config.rateLimit) return;
  app.addHook('preHandler', async (request, reply) => {
    const limit = request.routeOptions.config.accountRateLimit;
    if (!limit || (limit.signedOutOnly && request.user)) return;
    const account = accountKeyOf(request);
    if (!account) return;
    const client = limit.perClient ? `|client:${hashToken(request.ip)}` : '';
    const key = `account|${request.method} ${request.routeOptions.url ?? ''}|${account}${client}`;
    let hit: { allowed: boolean; remaining: number; retryAfterSeconds: number };
    try {
      hit = await hitRateLimit(app.db, key, { max: limit.max, windowMs: limit.windowMs });
    } catch (err) {
      // As for the per-client limit: a database hiccup must not lock everyone out.
      request.log.warn({ err }, 'account rate limit skipped');
      return;
    }
    void reply.header('x-ratelimit-account-remaining', String(hit.remaining));
    if (!hit.allowed) {
      throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, {
        headers: { 'retry-after': String(hit.retryAfterSeconds) },
      });
    }
  });
}
