import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDb, MIGRATIONS_DIR, PGLITE_EXTENSIONS, rowsOf, type Database } from '#server/db/client.ts';

/** 'pglite' by default; 'postgres' when the suite runs against TEST_DATABASE_URL (npm test does both). */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A hash of the migrations, so a cached snapshot or template is rebuilt whenever the schema changes. */
function migrationsHash(): string {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const p = path.join(MIGRATIONS_DIR, f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex').slice(0, 12);
}

export const SNAPSHOT_DIR = path.join(os.tmpdir(), 'artchip-test');
export const snapshotFile = () => path.join(SNAPSHOT_DIR, `pglite-${migrationsHash()}.tar.gz`);
/** One template per checkout and schema, so checkouts sharing a PostgreSQL never drop each other's. */
const checkoutTag = () => crypto.createHash('sha256').update(process.cwd()).digest('hex').slice(0, 6);
export const templatePrefix = () => `artchip_tpl_${checkoutTag()}_`;
export const templateDbName = () => `${templatePrefix()}${migrationsHash()}`;

export function adminUrl(dbName = 'postgres'): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${dbName}`;
  return url.toString();
}

/** Opens this test file's own database: PGlite from the migrated snapshot, or a PostgreSQL copy of the template. */
export async function openTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  if (TEST_DB_KIND === 'postgres') {
    const name = `artchip_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateDbName()}`);
    // A test database is thrown away after its file: commits need not wait for the disk.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const database = await createDb({ databaseUrl: adminUrl(name), migrate: false });
    return {
      ...database,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: adminUrl() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(snapshotFile())]);
  const pglite = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  const database = await createDb({ pglite, migrate: false });
  return { ...database, drop: () => database.close() };
}

/**
 * Empties every table (keeping the schema) and restarts its sequences, so each test starts from a blank
 * database. DELETE with the foreign-key triggers off (session_replication_role = replica, as the test
 * role is a superuser) instead of TRUNCATE: a test leaves a few rows in a few of 30-odd tables, and
 * TRUNCATE rewrites every table's files while DELETE of a handful of rows does not (measured on
 * PostgreSQL here: 4-6 ms against 200-440 ms per test, with 900-odd tests per run).
 */
export async function resetDatabase(database: Database): Promise<void> {
  const statements = await resetStatements(database);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    for (const statement of statements) await tx.execute(sql.raw(statement));
    // pg-boss's jobs (PostgreSQL): its schema appears on first start and is kept, its queues too.
    const [boss] = rowsOf<{ t: string | null }>(
      await tx.execute(sql`select to_regclass('pgboss.job')::text as t`),
    );
    if (boss?.t) await tx.execute(sql.raw('delete from pgboss.job'));
  });
}

const resetCache = new WeakMap<Database, Promise<string[]>>();

/** The DELETE and sequence-restart statements for this database's tables, read once per database. */
function resetStatements(database: Database): Promise<string[]> {
  let statements = resetCache.get(database);
  if (!statements) {
    statements = (async () => {
      const tables = rowsOf<{ name: string }>(
        await database.db.execute(
          sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
              where schemaname = 'public'`,
        ),
      );
      const sequences = rowsOf<{ name: string }>(
        await database.db.execute(
          sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind = 'S' and n.nspname = 'public'`,
        ),
      );
      return [
        ...tables.map((t) => `delete from ${t.name}`),
        ...sequences.map((q) => `alter sequence ${q.name} restart`),
      ];
    })();
    resetCache.set(database, statements);
  }
  return statements;
}
