// `npm run bench:fanout` (issue 31, decision 079): a creator with BENCH_FOLLOWERS followers (100,000)
// lists a chip. Measures the listing request's latency beside a creator nobody follows (the fan-out
// is a job, so it must be the same), then how long the job takes until every follower's notification
// exists, and until their instant e-mails are in the outbox. A fresh database (a new one on the
// server of DATABASE_URL, dropped at the end; PGlite in a temporary DATA_DIR without it, slowly).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { rowsOf } from '#server/db/client.ts';
import { loadConfig } from '#server/config.ts';
import { runNotifications } from '#server/flows/social/index.ts';
import { fanOutPendingEvents, mailInstantNotifications } from '#server/modules/notifications/index.ts';
import { createSession, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { scratchDatabase } from './lib/scratch-database.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? '100000');
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? '15');
const baseUrl = process.env.DATABASE_URL;

const scratch = await scratchDatabase(baseUrl, 'artchip_bench_fanout');
const databaseUrl = scratch.databaseUrl;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-fanout-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  JOBS: 'false',
  SEED_DEMO: 'false',
  RATE_LIMIT: 'false',
});
const app = await buildApp(config, { logger: false });
await app.ready();

const ms = (start: number) => performance.now() - start;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

try {
  const popular = await insertUser(app.db, { username: 'popular_creator' });
  const quiet = await insertUser(app.db, { username: 'quiet_creator' });
  let start = performance.now();
  await app.db.execute(sql`
    insert into users (email, username, affiliate_code)
    select 'fan' || g || '@example.com', 'fan_' || g, 'FAN' || g from generate_series(1, ${FOLLOWERS}) g`);
  await app.db.execute(sql`
    insert into creator_follows (follower_id, creator_id)
    select id, ${popular.user.id} from users where username like 'fan\\_%'`);
  await app.db.execute(sql`update users set follower_count = ${FOLLOWERS} where id = ${popular.user.id}`);
  await app.db.execute(sql`analyze`);
  console.log(`seeded ${FOLLOWERS.toLocaleString('en-US')} followers in ${(ms(start) / 1000).toFixed(1)} s`);

  const tokens = {
    popular: await createSession(app.db, popular.user.id),
    quiet: await createSession(app.db, quiet.user.id),
  };
  const pending = async (creatorId: number) =>
    insertChip(app.db, { creatorId, ...CHIP_STATES.pending, custody: 'in_vault', priceCents: null });

  /** One listing request (PATCH activate), timed end to end through Fastify. */
  async function list(who: 'popular' | 'quiet'): Promise<number> {
    const chip = await pending(who === 'popular' ? popular.user.id : quiet.user.id);
    const t = performance.now();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/activate`,
      headers: { authorization: `Bearer ${tokens[who]}` },
      payload: { price: '40' },
    });
    const took = ms(t);
    if (res.statusCode !== 200) throw new Error(`activate answered ${res.statusCode}: ${res.body}`);
    return took;
  }

  // Warm-up, then the two creators in turn, so load on the machine falls on both alike.
  for (let i = 0; i < 3; i++) await list('quiet');
  await runNotifications(app);
  const latencies = { quiet: [] as number[], popular: [] as number[] };
  latencies.popular.push(await list('popular'));
  latencies.quiet.push(await list('quiet'));

  // The first popular listing's fan-out: every follower's notification, then their e-mails.
  start = performance.now();
  const fanned = await fanOutPendingEvents(
    app,
    async (tx, event) => {
      const [row] = rowsOf<{ title: string; slug: string }>(
        await tx.execute(sql`select title, slug from chips where id = ${event.chipId}`),
      );
      return {
        chip: {
          title: row!.title,
          url: `/artchip/popular_creator/${row!.slug}`,
          creatorId: popular.user.id,
          creatorUsername: 'popular_creator',
          ownerId: popular.user.id,
        },
        matchingSearchIds: [],
      };
    },
    1,
  );
  const fanOutMs = ms(start);
  const n = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from notifications`))[0]!
    .n;
  start = performance.now();
  const mailed = await mailInstantNotifications(app, { budget: FOLLOWERS + 10 });
  const mailMs = ms(start);

  for (let i = 1; i < LISTINGS; i++) {
    latencies.popular.push(await list('popular'));
    latencies.quiet.push(await list('quiet'));
  }
  const row = (label: string, values: number[]) =>
    `| ${label} | ${values.length} | ${percentile(values, 50).toFixed(1)} ms | ${percentile(values, 95).toFixed(1)} ms |`;
  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${FOLLOWERS.toLocaleString('en-US')} followers`);
  console.log('| listing by | requests | median | p95 |');
  console.log('| --- | --- | --- | --- |');
  console.log(row('a creator nobody follows', latencies.quiet));
  console.log(row(`a creator ${FOLLOWERS.toLocaleString('en-US')} follow`, latencies.popular));
  console.log(
    `\nfan-out of one listing: ${fanned.notifications.toLocaleString('en-US')} notifications (${n.toLocaleString('en-US')} in the table) in ${(fanOutMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `instant e-mails into the outbox: ${mailed.toLocaleString('en-US')} in ${(mailMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min) on ${os.cpus().length} cores`,
  );
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
