// Issue 12: two server processes on one PostgreSQL, each with its public read cache. A write through
// one process, or straight into the database, shows in the other's cached answers within a second,
// because the database NOTIFYs every process. Runs in the PostgreSQL pass of `npm test` only (two
// processes cannot share an embedded database).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl } from '#tests/setup/db.ts';
import {
  createPgDatabase,
  dropPgDatabase,
  killGroup,
  spawnServer,
  waitForHealth,
} from '#tests/helpers/processes.ts';

const started: ChildProcess[] = [];
const dbName = `artchip_procs_${crypto.randomBytes(4).toString('hex')}`;
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

async function startServer(): Promise<string> {
  const { child, base } = await spawnServer({
    DATABASE_URL: adminUrl(dbName),
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  started.push(child);
  await waitForHealth(base, 60_000);
  return base;
}

/** Polls `read` until it answers `expected`; how long that took, in ms. */
async function timeUntil(read: () => Promise<unknown>, expected: unknown): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 5_000) {
    if ((await read()) === expected) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never saw ${String(expected)}`);
}

afterAll(async () => {
  for (const child of started) killGroup(child);
  await dropPgDatabase(dbName);
});

describe('the public read cache across processes', () => {
  it('shows a write made through one process, or straight in the database, in the other within a second', async () => {
    await createPgDatabase(dbName);
    // One after the other: the first migrates the new database and creates the admin.
    const a = await startServer();
    const b = await startServer();

    const mintCost = async () => {
      const res = await fetch(`${b}/api/site-settings`);
      return ((await res.json()) as { customMintingCost: string }).customMintingCost;
    };
    expect(await mintCost()).toBe('15.00');
    // B keeps its answer once the start-up's own writes (A's jobs, the admin account) have settled.
    await expect
      .poll(async () => (await fetch(`${b}/api/site-settings`)).headers.get('x-cache'), { timeout: 5000 })
      .toBe('hit');

    const login = await fetch(`${a}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const put = await fetch(`${a}/api/site-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ customMintingCost: '17.00' }),
    });
    expect(put.status).toBe(200);
    expect(await timeUntil(mintCost, '17.00')).toBeLessThan(1_000);

    // A writer that is not a server process at all (the admin CLI, a migration, psql).
    const direct = new pg.Client({ connectionString: adminUrl(dbName) });
    await direct.connect();
    await direct.query(
      `update site_settings set data = jsonb_set(data, '{customMintingCost}', '"19.00"') where true`,
    );
    await direct.end();
    expect(await timeUntil(mintCost, '19.00')).toBeLessThan(1_000);
  }, 120_000);
});
