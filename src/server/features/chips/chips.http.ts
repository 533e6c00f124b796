import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cache lifetimes of public catalogue answers (seconds). Chips carry the actions a visitor may take
 * (Buy Now, Make Offer), which a sale or a hold changes at once, so chip answers are revalidated on
 * every use (0: `no-cache`, cheap through the ETag); the stats may lag a little.
 */
export const CACHE_SECONDS = { detail: 0, list: 0, stats: 15 } as const;

/** A weak validator of the JSON body: equal bodies give equal tags. */
export function etagOf(body: unknown): string {
  return `W/"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Sets ETag and Cache-Control for a catalogue answer and says whether the client's copy is current
 * (the route then answers 304 with no body). Answers only the viewer may see (a pending chip shown
 * to its creator) are marked private so no shared cache keeps them.
 */
export function isNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  cache: { maxAge: number; isPublic?: boolean },
): boolean {
  const etag = etagOf(body);
  void reply.header('etag', etag);
  void reply.header(
    'cache-control',
    cache.isPublic === false
      ? 'private, no-cache'
      : cache.maxAge > 0
        ? `public, max-age=${cache.maxAge}`
        : 'public, no-cache',
  );
  return matches(request.headers['if-none-match'], etag);
}

/** Answers 304 Not Modified with no body (the ETag and Cache-Control set by isNotModified stay). */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}
