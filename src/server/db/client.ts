import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.ts';

/** One database type for both PGlite and PostgreSQL; a transaction is usable wherever a Db is. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (pg-boss opens its own small pool on it); none on PGlite. */
  url?: string;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` committed by any connection (this process, other
   * server processes, the admin CLI). `onLost` is called when notifications may have been missed (the
   * listening connection dropped; it reconnects). Answers a function that stops listening.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onLost?: () => void,
  ) => Promise<() => Promise<void>>;
  /** Closes connections and releases the data-directory lock. */
  close: () => Promise<void>;
};

/**
 * LISTEN on its own PostgreSQL connection (a pooled one would be handed to queries): reconnects after
 * a second when the connection drops, and says so (notifications in between are lost).
 */
function listenPostgres(connectionString: string): Database['listen'] {
  return async (channel, onNotify, onLost) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      const reconnect = () => {
        if (stopped || client !== next) return;
        client = null;
        onLost?.();
        retry = setTimeout(() => void connect().catch(reconnect), 1000);
        retry.unref();
      };
      next.on('error', reconnect);
      next.on('end', reconnect);
      client = next;
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}

/**
 * The extensions the migrations create (pg_trgm for search), which PGlite loads from its contrib bundle;
 * every PGlite of this schema (the server's, the tests' snapshots) is opened with them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type CreateDbOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A PGlite instance prepared by the caller (tests load a migrated snapshot). */
  pglite?: PGlite;
  migrate?: boolean;
};

/** Opens PostgreSQL when a URL is given, otherwise PGlite under dataDir/db, and applies migrations. */
export async function createDb(options: CreateDbOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) is discarded by the pool and the next
    // query opens a new one; without a listener the 'error' event would crash the process.
    pool.on('error', () => {});
    // node-postgres returns bigint (count(*), sum()) as strings; these sums stay below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    if (shouldMigrate) await migratePostgres(pool);
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      listen: listenPostgres(options.databaseUrl),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client = options.pglite;
  if (!client) {
    const dir = path.resolve(options.dataDir ?? './data');
    release = acquireDataDirLock(dir);
    try {
      fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
      client = await PGlite.create(path.join(dir, 'db'), { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  if (shouldMigrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  const pglite = client;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onNotify) => {
      const stop = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release();
      }
    },
  };
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  // Several server processes may start together; an advisory lock lets one migrate at a time.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(727274)');
    const db = drizzlePg({ client: conn, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
    conn.release();
  }
}

/** Rows of a raw `db.execute(sql…)` result; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
