/** A PostgreSQL database of its own for one bench run, created beside `serverUrl` and dropped after. */
import crypto from 'node:crypto';
import pg from 'pg';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * With a server URL: a fresh database named `<prefix>_<random>` on it, its URL, and `drop` (forced, so
 * connections left open do not keep it). Without one (PGlite): no URL and a `drop` that does nothing.
 */
export async function scratchDatabase(
  serverUrl: string | undefined,
  prefix: string,
): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
