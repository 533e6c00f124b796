import type { FastifyReply } from 'fastify';
import type { PublicCacheConfig } from '#server/plugins/public-cache.ts';

/**
 * How long caches may keep public catalogue answers (plugins/public-cache.ts sets the headers and the
 * ETag). Chips carry the actions a visitor may take (Buy Now, Make Offer), which a sale or a hold
 * changes at once, so browsers revalidate them on every use (cheap through the ETag); a CDN may keep
 * them a few seconds. The stats may lag a little.
 */
export const CACHE = {
  detail: { sMaxAge: 5 },
  list: { sMaxAge: 5 },
  stats: { maxAge: 15, sMaxAge: 15 },
} as const satisfies Record<string, PublicCacheConfig>;

/** Answers `body`, marked private when only this viewer may see it (a pending chip its creator views). */
export function privateUnless<T>(reply: FastifyReply, isPublic: boolean, body: T): T {
  if (!isPublic) void reply.header('cache-control', 'private, no-cache');
  return body;
}
