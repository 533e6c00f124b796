import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCacheConfig } from '#server/plugins/public-cache.ts';

/** Lists, galleries, featured chips and Top Minters: any chip's change and any public name's (decision 078). */
const LIST_TAGS = ['list', 'price'] as const;

/**
 * A chip's answer depends on its own rows (chip, events, photos, offers, tag, ledger: `chip:<id>`), its
 * creator's and owner's public names (`user:<id>`) and the token price; its history on the chip and on
 * the names of those who acted (`events`).
 */
function chipTags(request: FastifyRequest, body: string | Buffer): readonly string[] {
  const answer = JSON.parse(body.toString()) as unknown;
  if (Array.isArray(answer)) return [`chip:${(request.params as { id: number }).id}`, 'events'];
  const chip = answer as { id: number; creatorId: number; ownerId: number | null };
  const people = [chip.creatorId, chip.ownerId].filter((id) => id !== null).map((id) => `user:${id}`);
  return [`chip:${chip.id}`, ...people, 'price'];
}

/**
 * How long caches may keep public catalogue answers (plugins/public-cache.ts sets the headers and the
 * ETag). Chips carry the actions a visitor may take (Buy Now, Make Offer), which a sale or a hold
 * changes at once, so browsers revalidate them on every use (cheap through the ETag); a CDN may keep
 * them a few seconds. The stats may lag a little.
 */
export const CACHE = {
  detail: { sMaxAge: 5, tags: chipTags },
  list: { sMaxAge: 5, tags: () => LIST_TAGS },
  stats: { maxAge: 15, sMaxAge: 15, tags: () => ['list'] },
} as const satisfies Record<string, PublicCacheConfig>;

/** Answers `body`, marked private when only this viewer may see it (a pending chip its creator views). */
export function privateUnless<T>(reply: FastifyReply, isPublic: boolean, body: T): T {
  if (!isPublic) void reply.header('cache-control', 'private, no-cache');
  return body;
}
