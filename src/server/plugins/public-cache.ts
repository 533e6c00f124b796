/**
 * The public read cache (issue 12, docs/decisions/013-public-read-cache.md). Routes opt in with
 * `config.publicCache`; their answers to anonymous callers are kept in memory, keyed by path and the
 * query the route knows (decision 037: an unknown parameter or an over-long URL is answered, never
 * kept), under the data version they were read at, and served from there (with their ETag, computed once) until
 * the version moves. The version moves on every committed write to a table the public pages read
 * (the database NOTIFYs every server process, PostgreSQL or PGlite; PGlite delivers it as the write
 * commits, PostgreSQL within milliseconds). A write request here answers only once this process has
 * heard every change committed before it (read-your-writes), so the next read never sees the old
 * data. Entries also lapse after a few seconds, for answers that change with time alone (a checkout
 * hold lapsing). Signed-in callers are never served from it where the route reads its viewer; a
 * made-up or ended credential is no signed-in caller (decision 078).
 *
 * Every opted-in answer, cached or not, gets its ETag from the bytes sent (no second serialisation)
 * and a 304 when the caller has them; answers to signed-in callers are private.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTrackingParam } from '#shared/tracking-params.ts';
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
  /**
   * The key an answer is kept under, from the request's URL (path and query, already within
   * MAX_KEPT_URL_LENGTH), or null to answer without keeping it. By default: the path and the query as
   * the route's querystring schema parses it (queryKey).
   */
  key?: (url: string) => string | null;
  /**
   * Whether this request's answer is made for the one asking though it carries no session (the SPA's `/`
   * for a browser whose signed-in marker says a session exists: issue 27): never served from the cache or
   * kept, answered private, and `Cookie` joins Vary so a shared cache keeps the two answers apart.
   */
  personal?: (request: FastifyRequest) => boolean;
  /** Whether this URL's answer depends on a cookie the route reads (see personal): Vary names Cookie. */
  varyCookie?: (request: FastifyRequest) => boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCacheConfig;
  }
}

/** The NOTIFY channel the database triggers (migration 0009) send on. */
const PUBLIC_CHANGE_CHANNEL = 'artchip_public_change';

/** A longer URL is answered but never kept (no page or API link of ours comes near it). */
const MAX_KEPT_URL_LENGTH = 2048;

/**
 * What an entry costs beyond its key and body bytes (the map slot, the entry and Buffer objects, the
 * ETag), counted so that many small entries cannot outgrow the budget either.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

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
  /** Most bytes kept: keys, bodies and ENTRY_OVERHEAD_BYTES an entry. */
  maxBytes?: number;
  /** An entry older than this is read again. */
  ttlMs?: number;
  now?: () => number;
};

/**
 * The store: key (path and known query) → the answer, valid while the data version has not moved. LRU
 * by entries and bytes, keys counted.
 */
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

  /** Bytes counted against maxBytes: every entry's key, body and ENTRY_OVERHEAD_BYTES. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Data changed: every entry read before now is stale. A new map, so the old one and all it held go
   * to the collector at once.
   */
  bump(): void {
    this.#version++;
    this.#entries = new Map();
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
    if (entry.version !== this.#version || sizeOf(key, entry.body) > this.maxBytes / 16) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    // Copies that hold only themselves: a slice of a longer string or of a shared Buffer slab would
    // keep the whole of it alive, uncounted.
    const ownKey = Buffer.from(key, 'utf16le').toString('utf16le');
    const body = ownBytes(entry.body);
    this.#entries.set(ownKey, { ...entry, body, storedAt: this.#now() });
    this.#bytes += sizeOf(ownKey, body);
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#delete(oldKey, old);
    }
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry.body);
  }
}

/** `bytes`, or a copy of them when they are a view into a larger allocation (Node's Buffer pool). */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** What an entry counts against the budget: its key's bytes (at least what the engine holds), body, overhead. */
function sizeOf(key: string, body: Buffer): number {
  return Buffer.byteLength(key) + body.length + ENTRY_OVERHEAD_BYTES;
}

/**
 * The default key: the path, and the query as the route's querystring schema parses it, its fields in
 * a fixed order (so `?sort=newest&q=a`, `?q=a&sort=newest` and `?q=a` with newest the default share
 * an entry, and `ref` or `utm_*` add nothing). The handler sees only the parsed query, so that is all
 * the answer can depend on. Null, to answer without keeping, for a parameter the route does not know
 * or a query it refuses. A route without a querystring schema reads no query: only its path counts.
 */
export function queryKey(url: string, query: unknown, schema: unknown): string | null {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const raw = (query ?? {}) as Record<string, unknown>;
  const names = Object.keys(raw).filter((name) => !isTrackingParam(name));
  if (!(schema instanceof z.ZodObject)) return names.length === 0 ? path : null;
  const shape = schema.shape as Record<string, unknown>;
  if (names.some((name) => !Object.hasOwn(shape, name))) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return null;
  const data = parsed.data;
  // A schema that lets unknown parameters through hands them to the handler: they would count.
  if (Object.keys(data).some((name) => !Object.hasOwn(shape, name))) return null;
  const fields = Object.keys(shape)
    .sort()
    .filter((name) => data[name] !== undefined)
    .map((name) => [name, data[name]]);
  return fields.length === 0 ? path : `${path}?${JSON.stringify(fields)}`;
}

/** The key a request's answer is kept under, or null to answer it without keeping it. */
function keyOf(request: FastifyRequest, config: PublicCacheConfig): string | null {
  if (request.url.length > MAX_KEPT_URL_LENGTH) return null;
  if (config.key) return config.key(request.url);
  return queryKey(request.url, request.query, request.routeOptions.schema?.querystring);
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

/** Whether the request carries a credential at all (a bearer header or a session cookie), real or not. */
function hasCredential(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || hasSessionCookie(request);
}

/**
 * The answer differs by credentials: API answers may depend on who asks (by bearer header or session
 * cookie); pages are rendered signed out, and only the API sees the session cookie (its path is /api).
 */
function varyOf(request: FastifyRequest, config?: PublicCacheConfig): string {
  return request.url.startsWith('/api/') || config?.varyCookie?.(request)
    ? 'Authorization, Cookie'
    : 'Authorization';
}

function publicCacheControl(config: PublicCacheConfig): string {
  const browser = config.maxAge ? `max-age=${config.maxAge}` : 'max-age=0, must-revalidate';
  const shared = config.sMaxAge
    ? `, s-maxage=${config.sMaxAge}, stale-while-revalidate=${config.sMaxAge * 6}`
    : '';
  return `public, ${browser}${shared}`;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  config: PublicCacheConfig,
): FastifyReply {
  void reply
    .header('etag', entry.etag)
    .header('cache-control', entry.cacheControl)
    .header('vary', varyOf(request, config))
    .header('x-cache', 'hit');
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}

/** The longest a request waits for another reading the same key before it reads it itself. */
const COALESCE_WAIT_MS = 5000;

/** One miss being read; others for the same key wait for it. */
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
export type PublicCacheHooks = {
  /**
   * Whether the request is made by a real session (plugins/auth.ts: hasViewerSession). Asked only for a
   * request that carries a credential, to a route that reads its viewer (auth 'optional').
   */
  hasSession: (request: FastifyRequest) => Promise<boolean>;
  /** A session or an account's rights changed somewhere: remembered session lookups are stale. */
  onSessionsChanged: () => void;
};

/** The change notice of the sessions table: it changes no public answer, only who is signed in. */
const SESSIONS_PAYLOAD = 'sessions';

export async function registerPublicCache(
  app: FastifyInstance,
  cache: PublicCache,
  hooks: PublicCacheHooks,
): Promise<void> {
  /**
   * Whether the answer is the one a visitor gets (decision 078): not one the route makes for the one
   * asking (config.personal), and either no credential, a route that never reads its viewer (auth
   * 'public': pages, lists, stats), or a credential that is no real session (made up, ended). Asked
   * twice a request (onRequest, onSend): the session lookup is remembered per process.
   */
  const answersAsVisitor = async (request: FastifyRequest, config?: PublicCacheConfig): Promise<boolean> => {
    if (config?.personal?.(request)) return false;
    if (!hasCredential(request)) return true;
    if ((request.routeOptions.config.auth ?? 'public') === 'public') return true;
    return !(await hooks.hasSession(request));
  };

  // The key and the version each miss was read at, for the onSend hook to store it under.
  const reading = new WeakMap<FastifyRequest, { key: string; version: number }>();
  // Misses being read now, by key: a request for the same key at the same version waits for that one
  // instead of reading it again, so an expired page under load is rendered once, not by every
  // connection at the same moment.
  const inFlight = new Map<string, Flight>();
  const leading = new WeakMap<FastifyRequest, { key: string; flight: Flight }>();
  const finish = (request: FastifyRequest) => {
    const lead = leading.get(request);
    if (!lead) return;
    leading.delete(request);
    if (inFlight.get(lead.key) === lead.flight) inFlight.delete(lead.key);
    lead.flight.finish();
  };

  // Sync notices this process sent and waits to hear back: notices arrive in commit order, so hearing
  // one means every change committed before it has been heard (and applied) too.
  const waiting = new Map<string, () => void>();
  let syncs = 0;
  const stopListening = await app.database.listen(
    PUBLIC_CHANGE_CHANNEL,
    (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) return waiting.get(payload)?.();
      // Log-ins, log-outs and password changes (which end sessions) change no public answer.
      if (payload === SESSIONS_PAYLOAD) return hooks.onSessionsChanged();
      // An account's role or e-mail may have changed: a remembered session would carry the old ones.
      if (payload === 'users') hooks.onSessionsChanged();
      cache.bump();
    },
    () => {
      hooks.onSessionsChanged();
      cache.bump();
    },
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
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!(await answersAsVisitor(request, config))) return;
    const key = keyOf(request, config);
    if (key === null) return;
    const entry = cache.get(key);
    if (entry) return send(request, reply, entry, config);
    const flight = inFlight.get(key);
    if (flight && flight.version === cache.version) {
      await flight.wait(COALESCE_WAIT_MS);
      const read = cache.get(key);
      if (read) return send(request, reply, read, config);
    } else {
      const mine = new Flight(cache.version);
      inFlight.set(key, mine);
      leading.set(request, { key, flight: mine });
    }
    reading.set(request, { key, version: cache.version });
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
    const visitor = await answersAsVisitor(request, config);
    // A route may mark an answer private itself (a pending chip its creator is looking at).
    const isPrivate = !visitor || String(reply.getHeader('cache-control') ?? '').startsWith('private');
    const cacheControl = isPrivate ? 'private, no-cache' : publicCacheControl(config);
    // A visitor's answer that also ends a made-up or expired session cookie is kept here, but no shared
    // cache may keep the Set-Cookie with it.
    const sentCacheControl = reply.hasHeader('set-cookie') ? 'private, no-cache' : cacheControl;
    void reply
      .header('etag', etag)
      .header('cache-control', sentCacheControl)
      .header('vary', varyOf(request, config));
    const read = reading.get(request);
    if (!isPrivate && read !== undefined && request.method === 'GET') {
      void reply.header('x-cache', 'miss');
      cache.set(read.key, {
        version: read.version,
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
