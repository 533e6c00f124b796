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

/** Empties every table (keeping the schema) so each test starts from a blank database. */
export async function resetDatabase(database: Database): Promise<void> {
  const result = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = rowsOf<{ tablename: string }>(result)
    .map((r) => `"${r.tablename}"`)
    .join(', ');
  if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
  // pg-boss's jobs (PostgreSQL): its schema appears on first start and is kept, its queues too.
  const [boss] = rowsOf<{ t: string | null }>(
    await database.db.execute(sql`select to_regclass('pgboss.job')::text as t`),
  );
  if (boss?.t) await database.db.execute(sql.raw('truncate pgboss.job'));
}
