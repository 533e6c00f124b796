/**
 * The public read cache (issue 12, docs/decisions/013-public-read-cache.md). Routes opt in with
 * `config.publicCache`; their answers to anonymous callers are kept in memory, keyed by path and the
 * query the route knows (decision 037: an unknown parameter or an over-long URL is answered, never
 * kept), with what they depend on (decision 078: `config.publicCache.tags`), and served from there
 * (with their ETag, computed once) until a change they depend on. Every committed write to a table the
 * public pages read sends a notice naming the rows it touched (the database NOTIFYs every server
 * process, PostgreSQL or PGlite; PGlite delivers it as the write commits, PostgreSQL within
 * milliseconds), and each process drops only the answers depending on them. A write request here
 * answers only once this process has heard every change committed before it (read-your-writes), so
 * the next read never sees the old data. Entries also lapse after a few seconds, for answers that
 * change with time alone (a checkout hold lapsing); a lapsed one is served while one background read
 * refreshes it. Signed-in callers are never served from it where the route reads its viewer; a
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
  /**
   * What an answer depends on (decision 078: `chip:<id>`, `user:<id>`, `list`, `events`, `price`,
   * `settings`), from the request and the bytes answered; a write drops only the answers depending on
   * what it changed. Without it (or with tagAnswer unused) an answer depends on anything.
   */
  tags?: (request: FastifyRequest, body: string | Buffer) => readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCacheConfig;
    /**
     * A GET that writes (a mailed link: verifying an address ends the sessions an attacker may hold).
     * Like POST, PUT, PATCH and DELETE, it answers only once this process has heard its changes, so
     * the next request never reads a session or an answer from before them (decision 078).
     */
    writes?: boolean;
  }
}

/** The NOTIFY channel the database triggers (migrations 0009, 0031, 0032) send on. */
const PUBLIC_CHANGE_CHANNEL = 'artchip_public_change';

/** The change notice of the sessions table: it changes no public answer, only who is signed in. */
const SESSIONS_PAYLOAD = 'sessions';

/** A longer URL is answered but never kept (no page or API link of ours comes near it). */
const MAX_KEPT_URL_LENGTH = 2048;

/**
 * What an entry costs beyond its key and body bytes (the map slot, the entry and Buffer objects, the
 * ETag), counted so that many small entries cannot outgrow the budget either.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

/**
 * What an answer depends on (decision 078), so a write drops only the answers it changes: `chip:<id>`
 * (one chip's answers), `user:<id>` (answers naming that account), `list` (lists, galleries, stats, Top
 * Minters), `events` (chip histories, which name accounts), `price` (token prices), `settings` (site
 * settings and legal pages). `*`: depends on anything (a route that declares nothing): dropped by
 * every change.
 */
const ANY_CHANGE = '*';

/** A kept answer; only 200s are kept. */
type Entry = {
  /** The data version its read started at. */
  version: number;
  /** What it depends on (ANY_CHANGE when not given). */
  tags?: readonly string[];
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

/** Tags remembered as dropped (for reads in flight) before the store starts again from empty. */
const MAX_DROPPED_TAGS = 100_000;

/**
 * The store: key (path and known query) → the answer and what it depends on. A change drops the
 * answers that depend on what it changed (`drop`), or all of them (`bump`). LRU by entries and bytes,
 * keys counted.
 */
export class PublicCache {
  #entries = new Map<string, Entry>();
  /** The keys of the kept answers depending on each tag. */
  #byTag = new Map<string, Set<string>>();
  #bytes = 0;
  /** Moves on every change heard. */
  #version = 0;
  /** The version at which everything was last dropped. */
  #allDroppedAt = 0;
  /** The version at which each tag was last dropped: an answer read before it is not kept. */
  #droppedAt = new Map<string, number>();
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

  /** The data version: moves on every change heard (whatever it dropped). */
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
   * Anything may have changed: every entry is stale. A new map, so the old one and all it held go to
   * the collector at once.
   */
  bump(): void {
    this.#version++;
    this.#allDroppedAt = this.#version;
    this.#droppedAt = new Map();
    this.#entries = new Map();
    this.#byTag = new Map();
    this.#bytes = 0;
  }

  /** What `tags` name changed: the answers depending on them (or on anything) go. */
  drop(tags: Iterable<string>): void {
    this.#version++;
    for (const tag of new Set([...tags, ANY_CHANGE])) {
      this.#droppedAt.set(tag, this.#version);
      for (const key of this.#byTag.get(tag) ?? []) {
        const entry = this.#entries.get(key);
        if (entry) this.#delete(key, entry);
      }
    }
    if (this.#droppedAt.size > MAX_DROPPED_TAGS) this.bump();
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const age = this.#now() - entry.storedAt;
    if (age >= this.ttlMs * 2 || age < 0) {
      this.#delete(key, entry);
      return undefined;
    }
    if (age >= this.ttlMs) return undefined;
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * An answer past its time to live (but within twice it) that no change has dropped: what the data
   * says but for what changes with time alone (a hold lapsing). Served while one request reads it
   * again (decision 078), so a popular key's expiry never makes every reader wait for the database.
   */
  getStale(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const age = this.#now() - entry.storedAt;
    return age >= this.ttlMs && age < this.ttlMs * 2 ? entry : undefined;
  }

  /** Whether an answer read from `version` on, depending on `tags`, is still what the data says. */
  #isCurrent(version: number, tags: readonly string[]): boolean {
    if (version < this.#allDroppedAt) return false;
    if (tags.includes(ANY_CHANGE)) return version === this.#version;
    return tags.every((tag) => (this.#droppedAt.get(tag) ?? 0) <= version);
  }

  /** Keeps an answer read from `version` on; one a change it depends on has overtaken is dropped. */
  set(key: string, entry: Omit<Entry, 'storedAt'>): void {
    const tags = entry.tags && entry.tags.length > 0 ? [...new Set(entry.tags)] : [ANY_CHANGE];
    if (!this.#isCurrent(entry.version, tags) || sizeOf(key, entry.body) > this.maxBytes / 16) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    // Copies that hold only themselves: a slice of a longer string or of a shared Buffer slab would
    // keep the whole of it alive, uncounted.
    const ownKey = Buffer.from(key, 'utf16le').toString('utf16le');
    const body = ownBytes(entry.body);
    this.#entries.set(ownKey, { ...entry, tags, body, storedAt: this.#now() });
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(ownKey);
    }
    this.#bytes += sizeOf(ownKey, body);
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#delete(oldKey, old);
    }
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry.body);
    for (const tag of entry.tags ?? []) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
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
  how: 'hit' | 'stale' = 'hit',
): FastifyReply {
  void reply
    .header('etag', entry.etag)
    .header('cache-control', entry.cacheControl)
    .header('vary', varyOf(request, config))
    .header('x-cache', how);
  if (request.headers[CACHE_TAGS_HEADER] !== undefined) {
    void reply.header(CACHE_TAGS_HEADER, (entry.tags ?? [ANY_CHANGE]).join(' '));
  }
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}

/** The longest a request waits for another reading the same key before it reads it itself. */
const COALESCE_WAIT_MS = 5000;

/** One miss being read; others for the same key wait for it. */
class Flight {
  readonly #done: Promise<void>;
  finish!: () => void;
  constructor() {
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
/** The header of a background read refreshing a stale answer. */
const REFRESH_HEADER = 'x-artchip-cache-refresh';
const SYNC_PREFIX = 'sync:';
/** How long a write waits to hear its own sync notice before it gives up and drops the cache. */
const SYNC_TIMEOUT_MS = 1000;

/**
 * Registers the cache's hooks; call before the auth hooks, so an anonymous hit answers before any
 * session lookup. Listens for the database's change notifications until the app closes.
 */
/** Tables whose change notices carry chip ids (migration 0032): their chips' answers and the lists go. */
const CHIP_TABLES = new Set(['chips', 'chip_events', 'chip_photos', 'offers', 'nfc_tags', 'ledger_lines']);

/**
 * What a change notice drops (migration 0032: `table:key,key`, `table:*`, or a plain table name for a
 * TRUNCATE and for the tables announced whole), and whether remembered session lookups go too. A
 * notice it does not know drops everything.
 */
export function changeOf(payload: string): { drop: readonly string[] | 'all'; sessions: boolean } {
  if (payload === SESSIONS_PAYLOAD) return { drop: [], sessions: true };
  const at = payload.indexOf(':');
  const table = at < 0 ? payload : payload.slice(0, at);
  const keys = at < 0 ? null : payload.slice(at + 1);
  if (table === 'site_settings') return { drop: ['settings'], sessions: false };
  if (table === 'price_ticks') return { drop: ['price'], sessions: false };
  // An account's role or e-mail may have changed: a remembered session would carry the old ones.
  const sessions = table === 'users' || table === 'user_names';
  if (keys === null || keys === '*') return { drop: 'all', sessions };
  const ids = keys === '' ? [] : keys.split(',');
  if (!ids.every((id) => /^\d{1,15}$/.test(id)) && !(table === 'users' && keys === 'referral')) {
    return { drop: 'all', sessions };
  }
  if (CHIP_TABLES.has(table)) return { drop: ['list', ...ids.map((id) => `chip:${id}`)], sessions: false };
  // A sign-up with a referrer counts in its referrer's row of Top Minters.
  if (table === 'users' && keys === 'referral') return { drop: ['list'], sessions: false };
  if (table === 'users') return { drop: ['list', ...ids.map((id) => `user:${id}`)], sessions };
  // A public name is also in the chip histories its account acted in.
  if (table === 'user_names') return { drop: ['list', 'events', ...ids.map((id) => `user:${id}`)], sessions };
  return { drop: 'all', sessions };
}

/** What the answer being made depends on, said by its handler (the pages: what their render read). */
const answerTags = new WeakMap<FastifyRequest, readonly string[]>();
export function tagAnswer(request: FastifyRequest, tags: readonly string[]): void {
  answerTags.set(request, tags);
}

/**
 * A request with this header asks for the tags of the answer in `x-cache-tags` (the page renderer's
 * own reads: a page depends on what it was rendered from).
 */
const CACHE_TAGS_HEADER = 'x-cache-tags';

function tagsOf(
  request: FastifyRequest,
  config: PublicCacheConfig,
  body: string | Buffer,
): readonly string[] {
  const said = answerTags.get(request);
  if (said) return said;
  if (!config.tags) return [ANY_CHANGE];
  try {
    return config.tags(request, body);
  } catch {
    return [ANY_CHANGE];
  }
}

export type PublicCacheHooks = {
  /**
   * Whether the request is made by a real session (plugins/auth.ts: hasViewerSession). Asked only for a
   * request that carries a credential, to a route that reads its viewer (auth 'optional').
   */
  hasSession: (request: FastifyRequest) => Promise<boolean>;
  /** A session or an account's rights changed somewhere: remembered session lookups are stale. */
  onSessionsChanged: () => void;
};

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

  // Marks this process's own background reads of a stale answer (a secret, so no caller can force a miss).
  const refreshSecret = crypto.randomBytes(16).toString('base64url');
  const refreshing = new Set<string>();

  // Sync notices this process sent and waits to hear back: notices arrive in commit order, so hearing
  // one means every change committed before it has been heard (and applied) too.
  const waiting = new Map<string, () => void>();
  let syncs = 0;
  const stopListening = await app.database.listen(
    PUBLIC_CHANGE_CHANNEL,
    (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) return waiting.get(payload)?.();
      // Log-ins, log-outs and password changes (which end sessions) change no public answer.
      const change = changeOf(payload);
      if (change.sessions) hooks.onSessionsChanged();
      if (change.drop === 'all') cache.bump();
      else if (change.drop.length > 0) cache.drop(change.drop);
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
    // Past its time to live but dropped by no change: served while one request of this process's own
    // reads it again; the readers never wait for the database (decision 078).
    const stale = request.headers[REFRESH_HEADER] === refreshSecret ? undefined : cache.getStale(key);
    if (stale) {
      if (!inFlight.has(key) && !refreshing.has(key)) {
        const url = request.url;
        refreshing.add(key);
        void app
          .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshSecret } })
          .catch((err: unknown) => app.log.warn({ err, url }, 'public cache: refreshing an answer failed'))
          .finally(() => refreshing.delete(key));
      }
      return send(request, reply, stale, config, 'stale');
    }
    const flight = inFlight.get(key);
    // A read in flight is joined whatever changed since it started: the store refuses its answer if a
    // change it depends on overtook it, and this request then reads for itself.
    if (flight) {
      await flight.wait(COALESCE_WAIT_MS);
      const read = cache.get(key);
      if (read) return send(request, reply, read, config);
    } else {
      const mine = new Flight();
      inFlight.set(key, mine);
      leading.set(request, { key, flight: mine });
    }
    reading.set(request, { key, version: cache.version });
  });
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => finish(request));

  app.addHook('onSend', async (request, reply, payload) => {
    const writes = WRITE_METHODS.has(request.method) || request.routeOptions.config.writes === true;
    if (writes && reply.statusCode < 400) {
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
    const tags = tagsOf(request, config, payload);
    if (request.headers[CACHE_TAGS_HEADER] !== undefined)
      void reply.header(CACHE_TAGS_HEADER, tags.join(' '));
    const read = reading.get(request);
    if (!isPrivate && read !== undefined && request.method === 'GET') {
      void reply.header('x-cache', 'miss');
      cache.set(read.key, {
        version: read.version,
        tags,
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
