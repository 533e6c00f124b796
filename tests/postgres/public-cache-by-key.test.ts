// Issue 30 (decision 078), on two server processes sharing one PostgreSQL: a write through one, or
// straight into the database, drops in the other only the answers it changes (a chip's, the lists),
// and an unrelated chip stays kept; a log-out in one ends the session the other remembered. Runs in
// the PostgreSQL pass only (two processes cannot share an embedded database).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '#server/db/client.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { adminUrl } from '#tests/setup/db.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertUser } from '#tests/factories/users.ts';
import {
  createPgDatabase,
  dropPgDatabase,
  killGroup,
  spawnServer,
  waitForHealth,
} from '#tests/helpers/processes.ts';

const started: ChildProcess[] = [];
const dbName = `artchip_bykey_${crypto.randomBytes(4).toString('hex')}`;
let database: Database | undefined;

async function startServer(): Promise<string> {
  const { child, base } = await spawnServer({
    DATABASE_URL: adminUrl(dbName),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  started.push(child);
  await waitForHealth(base, 60_000);
  return base;
}

afterAll(async () => {
  for (const child of started) killGroup(child);
  await database?.close();
  await dropPgDatabase(dbName);
});

const get = (base: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers });

describe('the public read cache by key, across processes', () => {
  it("drops in the other process only the changed chip's answers and the lists, and forgets an ended session", async () => {
    await createPgDatabase(dbName);
    const a = await startServer();
    const b = await startServer();
    database = await createDb({ databaseUrl: adminUrl(dbName), migrate: false });
    const { db } = database;
    const ann = await insertUser(db, { username: 'ann_procs' });
    const changed = await insertChip(db, { creatorId: ann.user.id, priceCents: 3000 });
    const other = await insertChip(db, { creatorId: ann.user.id, priceCents: 5000 });
    const price = async (base: string, id: number) =>
      ((await (await get(base, `/api/artchip/${id}`)).json()) as { priceUsd: string }).priceUsd;
    const xCache = async (base: string, url: string, headers?: Record<string, string>) =>
      (await get(base, url, headers)).headers.get('x-cache');

    // B keeps both chips and the list once the setup's own writes have been heard.
    for (const url of [`/api/artchip/${changed.id}`, `/api/artchip/${other.id}`, '/api/artchip']) {
      await expect.poll(() => xCache(b, url), { timeout: 5000 }).toBe('hit');
    }

    // Straight into the database (a job, the admin CLI): B shows the new price within a second.
    await db.update(chips).set({ priceCents: 3300 }).where(eq(chips.id, changed.id));
    await expect.poll(() => price(b, changed.id), { timeout: 1000, interval: 10 }).toBe('33.00');
    expect(await xCache(b, `/api/artchip/${other.id}`)).toBe('hit');
    await expect
      .poll(async () => (await (await get(b, '/api/artchip')).text()).includes('33.00'), { timeout: 1000 })
      .toBe(true);

    // Through the other process's API, by the owner.
    const priced = await fetch(`${a}/api/artchip/${changed.id}/pricing`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ann.token}` },
      body: JSON.stringify({ priceUsd: '36.00' }),
    });
    expect(priced.status).toBe(200);
    await expect.poll(() => price(b, changed.id), { timeout: 1000, interval: 10 }).toBe('36.00');
    expect(await xCache(b, `/api/artchip/${other.id}`)).toBe('hit');

    // B remembers Ann's session (her own answer, never the visitor's); A ends it.
    const mine = { authorization: `Bearer ${ann.token}` };
    const delist = async () =>
      ((await (await get(b, `/api/artchip/${other.id}`, mine)).json()) as { actions: { delist: boolean } })
        .actions.delist;
    expect(await delist()).toBe(true);
    expect(await delist()).toBe(true);
    const out = await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: mine });
    expect(out.status).toBe(200);
    await expect.poll(delist, { timeout: 1000, interval: 10 }).toBe(false);
    expect(await xCache(b, `/api/artchip/${other.id}`, mine)).toBe('hit');
    expect((await get(b, '/api/auth/user', mine)).status).toBe(401);
  }, 150_000);
});
