/**
 * The public read cache (issue 12, docs/decisions/013-public-read-cache.md). Routes opt in with
 * `config.publicCache`; their answers to anonymous callers are kept in memory, keyed by URL, under
 * the data version they were read at, and served from there (with their ETag, computed once) until
 * the version moves. The version moves on every committed write to a table the public pages read
 * (the database NOTIFYs every server process, PostgreSQL or PGlite; PGlite delivers it as the write
 * commits, PostgreSQL within milliseconds). A write request here answers only once this process has
 * heard every change committed before it (read-your-writes), so the next read never sees the old
 * data. Entries also lapse after a few seconds, for answers that change with time alone (a checkout
 * hold lapsing). Signed-in callers are never served from it.
 *
 * Every opted-in answer, cached or not, gets its ETag from the bytes sent (no second serialisation)
 * and a 304 when the caller has them; answers to signed-in callers are private.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '#server/modules/auth/index.ts';

/** What a route's `config.publicCache` says about its answers. */
export type PublicCacheConfig = {
  /** Seconds a browser may reuse an anonymous answer without asking (0: revalidate every time). */
  maxAge?: number;
  /** Seconds a shared cache (a CDN) may keep it; it may serve it stale for a while as it refreshes. */
  sMaxAge?: number;
  /**
   * false: headers, ETag and 304 only, no server-side copy (an answer the feature already keeps in
   * memory by time, like the token price, would otherwise outlive the feature's own expiry).
   */
  store?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCacheConfig;
  }
}

/** The NOTIFY channel the database triggers (migration 0009) send on. */
export const PUBLIC_CHANGE_CHANNEL = 'artchip_public_change';

/** A kept answer; only 200s are kept. */
type Entry = {
  version: number;
  storedAt: number;
  body: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
};

export type PublicCacheOptions = {
  /** Most entries kept (least recently used go first). */
  maxEntries?: number;
  /** Most bytes of bodies kept. */
  maxBytes?: number;
  /** An entry older than this is read again. */
  ttlMs?: number;
  now?: () => number;
};

/** The store: URL → the answer, valid while the data version has not moved. LRU by entries and bytes. */
export class PublicCache {
  #entries = new Map<string, Entry>();
  #bytes = 0;
  #version = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly #now: () => number;

  constructor(options: PublicCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get version(): number {
    return this.#version;
  }

  /**
   * Resolves once this process has heard every change committed so far (set by registerPublicCache;
   * PostgreSQL delivers change notices asynchronously, PGlite as each write commits).
   */
  catchUp: () => Promise<void> = async () => {};

  get size(): number {
    return this.#entries.size;
  }

  /** Data changed: every entry read before now is stale. */
  bump(): void {
    this.#version++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.#version || this.#now() - entry.storedAt >= this.ttlMs) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps an answer read at `version`; one read before the last change is dropped. */
  set(key: string, entry: Omit<Entry, 'storedAt'>): void {
    if (entry.version !== this.#version || entry.body.length > this.maxBytes / 16) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    this.#entries.set(key, { ...entry, storedAt: this.#now() });
    this.#bytes += entry.body.length;
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#delete(oldKey, old);
    }
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}

/** A weak validator of the bytes sent: equal bodies give equal tags. */
export function etagOf(body: string | Buffer): string {
  return `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** Anonymous: no credentials, neither a bearer header nor a session cookie (docs/decisions/024). */
function isAnonymous(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined && !hasSessionCookie(request);
}

/**
 * The answer differs by credentials: API answers may depend on who asks (by bearer header or session
 * cookie); pages are rendered signed out, and only the API sees the session cookie (its path is /api).
 */
function varyOf(request: FastifyRequest): string {
  return request.url.startsWith('/api/') ? 'Authorization, Cookie' : 'Authorization';
}

function publicCacheControl(config: PublicCacheConfig): string {
  const browser = config.maxAge ? `max-age=${config.maxAge}` : 'max-age=0, must-revalidate';
  const shared = config.sMaxAge
    ? `, s-maxage=${config.sMaxAge}, stale-while-revalidate=${config.sMaxAge * 6}`
    : '';
  return `public, ${browser}${shared}`;
}

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  void reply
    .header('etag', entry.etag)
    .header('cache-control', entry.cacheControl)
    .header('vary', varyOf(request))
    .header('x-cache', 'hit');
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}

/** The longest a request waits for another reading the same URL before it reads the URL itself. */
const COALESCE_WAIT_MS = 5000;

/** One miss being read; others for the same URL wait for it. */
class Flight {
  readonly #done: Promise<void>;
  finish!: () => void;
  readonly version: number;
  constructor(version: number) {
    this.version = version;
    this.#done = new Promise((resolve) => (this.finish = resolve));
  }

  /** Resolves when the read finishes, or after `ms` at most. */
  async wait(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    try {
      await Promise.race([this.#done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SYNC_PREFIX = 'sync:';
/** How long a write waits to hear its own sync notice before it gives up and drops the cache. */
const SYNC_TIMEOUT_MS = 1000;

/**
 * Registers the cache's hooks; call before the auth hooks, so an anonymous hit answers before any
 * session lookup. Listens for the database's change notifications until the app closes.
 */
export async function registerPublicCache(app: FastifyInstance, cache: PublicCache): Promise<void> {
  // The version each miss was read at, for the onSend hook to store it under.
  const readAt = new WeakMap<FastifyRequest, number>();
  // Misses being read now, by URL: a request for the same URL at the same version waits for that one
  // instead of reading it again, so an expired page under load is rendered once, not by every
  // connection at the same moment.
  const inFlight = new Map<string, Flight>();
  const leading = new WeakMap<FastifyRequest, Flight>();
  const finish = (request: FastifyRequest) => {
    const flight = leading.get(request);
    if (!flight) return;
    leading.delete(request);
    if (inFlight.get(request.url) === flight) inFlight.delete(request.url);
    flight.finish();
  };

  // Sync notices this process sent and waits to hear back: notices arrive in commit order, so hearing
  // one means every change committed before it has been heard (and applied) too.
  const waiting = new Map<string, () => void>();
  let syncs = 0;
  const stopListening = await app.database.listen(
    PUBLIC_CHANGE_CHANNEL,
    (payload) => {
      if (!payload.startsWith(SYNC_PREFIX)) return cache.bump();
      waiting.get(payload)?.();
    },
    () => cache.bump(),
  );
  app.addHook('onClose', async () => stopListening());

  /** Waits until this process has heard every change committed so far (PGlite hears them at once). */
  cache.catchUp = async function catchUp(): Promise<void> {
    if (app.database.kind === 'pglite') return;
    const token = `${SYNC_PREFIX}${process.pid}:${++syncs}`;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        cache.bump();
        resolve();
      }, SYNC_TIMEOUT_MS);
      waiting.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await app.db.execute(sql`select pg_notify(${PUBLIC_CHANGE_CHANNEL}, ${token})`);
      await heard;
    } catch {
      cache.bump();
    } finally {
      waiting.delete(token);
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config.publicCache;
    if (!config || config.store === false) return;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAnonymous(request)) return;
    const entry = cache.get(request.url);
    if (entry) return send(request, reply, entry);
    const flight = inFlight.get(request.url);
    if (flight && flight.version === cache.version) {
      await flight.wait(COALESCE_WAIT_MS);
      const read = cache.get(request.url);
      if (read) return send(request, reply, read);
    } else {
      const mine = new Flight(cache.version);
      inFlight.set(request.url, mine);
      leading.set(request, mine);
    }
    readAt.set(request, cache.version);
  });
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => finish(request));

  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) {
      await cache.catchUp();
      return payload;
    }
    const config = request.routeOptions.config.publicCache;
    if (!config || reply.getHeader('x-cache') === 'hit') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode !== 200) return payload;
    const etag = etagOf(payload);
    const anonymous = isAnonymous(request);
    // A route may mark an answer private itself (a pending chip its creator is looking at).
    const isPrivate = !anonymous || String(reply.getHeader('cache-control') ?? '').startsWith('private');
    const cacheControl = isPrivate ? 'private, no-cache' : publicCacheControl(config);
    void reply.header('etag', etag).header('cache-control', cacheControl).header('vary', varyOf(request));
    const version = readAt.get(request);
    if (!isPrivate && version !== undefined && request.method === 'GET') {
      void reply.header('x-cache', 'miss');
      cache.set(request.url, {
        version,
        body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        cacheControl,
      });
    }
    if (matches(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}
