// The public cache under writes (issue 30, decision 078): anonymous chip answers idle and while buyers
// purchase other chips, and pages reached by distinct `?ref=` affiliate links, each beside the ceiling
// server (bench/ceiling.ts) replaying the same bytes. PostgreSQL only (DATABASE_URL): it creates, then
// drops, a database of its own.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cache
//   BENCH_SERVER_ROOT=/work/main …   # the server of another checkout (a before/after comparison)
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50), BENCH_BUYERS (10). Prints a Markdown table.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../scripts/lib/free-port.ts';
import { capture, writeCaptures, type Captured } from './replay.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? ROOT);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
const CREATORS = 100;
/** Chips 1…FOR_SALE are bought during the run; the rotation reads the others. */
const FOR_SALE = 20_000;
const ROTATION = 1_000;
const CHIPS = FOR_SALE + ROTATION;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('DATABASE_URL (a PostgreSQL server) is required');
  process.exit(2);
}

const children: ChildProcess[] = [];
function start(args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  children.push(child);
  return child;
}
function stopAll(): void {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

type Result = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function load(base: string, paths: () => string): Promise<Result> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths() }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** BUYERS buyers purchasing chips 1, 2, 3… (checkout, then the demo payment) until `stop` resolves. */
async function purchases(base: string, tokens: string[], stop: Promise<void>) {
  let next = 1;
  let done = 0;
  let failed = 0;
  let stopped = false;
  void stop.then(() => (stopped = true));
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      while (!stopped && next <= FOR_SALE) {
        const artchipId = next++;
        const checkout = await fetch(`${base}/api/checkout`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            orderType: 'purchase',
            artchipId,
            paymentMethod: 'card',
            shippingOption: 'store',
          }),
        });
        if (checkout.status !== 200) {
          failed++;
          continue;
        }
        const { orderId } = (await checkout.json()) as { orderId: number };
        const paid = await fetch(`${base}/api/orders/${orderId}/complete`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
        });
        if (paid.status === 200) done++;
        else failed++;
      }
    }),
  );
  return { perSecond: Math.round((done / ((performance.now() - started) / 1000)) * 10) / 10, done, failed };
}

async function main(): Promise<void> {
  const name = `artchip_bench_cache_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-cache-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start(['src/server/main.ts'], SERVER_ROOT, {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'false',
      DEMO_PAYMENTS: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      JOBS: 'false',
    });
    await waitFor(`${base}/api/health`);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(`
      insert into users (email, username, first_name, affiliate_code, is_email_verified)
      select 'creator' || g || '@bench.example', 'creator' || g, 'Creator', 'BENCH' || g, true
      from generate_series(1, ${CREATORS}) g`);
    await db.query(`
      insert into chips (creator_id, owner_id, title, slug, description, price_cents, highest_price_cents,
                         image_url, unit_id, shape, status)
      select c, c, 'Artwork ' || g, 'artwork-' || g, 'Bench chip ' || g, 1000 + g % 5000, 1000 + g % 5000,
        '/media/bench.webp', (10000000000000 + g::bigint * 7)::text, 'round', 'active'
      from (select g, 1 + g % ${CREATORS} as c from generate_series(1, ${CHIPS}) g) s`);
    const tokens = Array.from({ length: BUYERS }, () => crypto.randomBytes(32).toString('base64url'));
    for (const [i, token] of tokens.entries()) {
      const { rows } = await db.query<{ id: number }>(
        `insert into users (email, username, first_name, affiliate_code, is_email_verified)
         values ($1, $2, 'Buyer', $3, true) returning id`,
        [`buyer${i}@bench.example`, `buyer${i}`, `BUYER${i}`],
      );
      await db.query(
        `insert into sessions (user_id, kind, token_hash, expires_at) values ($1, 'user', $2, now() + interval '1 day')`,
        [rows[0]!.id, crypto.createHash('sha256').update(token).digest('hex')],
      );
    }
    await db.query('vacuum (analyze) chips');
    await db.end();

    const rotation = Array.from({ length: ROTATION }, (_, i) => `/api/artchip/${FOR_SALE + 1 + i}`);
    const pages = ['/marketplace'];
    // The ceiling: the real server's bytes for every URL, replayed.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const captures = new Map<string, Captured>();
    for (const p of [...rotation, ...pages]) captures.set(p, await capture(agent, base, p));
    agent.destroy();
    const capturesFile = path.join(dataDir, 'captures.json');
    writeCaptures(capturesFile, captures);
    const ceilingPort = await freePort();
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
    start(['bench/ceiling.ts', capturesFile, String(ceilingPort)], ROOT, process.env);
    await waitFor(`${ceilingBase}/marketplace`);

    let i = 0;
    const chips = () => rotation[i++ % rotation.length]!;
    const rows: [string, Result, string][] = [];
    const uptime = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ');

    // The ceiling first: the real server's idle run then leaves its answers as fresh as steady traffic
    // would when the purchases start.
    const ceiling = await load(ceilingBase, chips);
    await load(base, chips); // warm
    rows.push(['chip answers, idle (1,000 rotating)', await load(base, chips), uptime()]);
    rows.push(['  ceiling', ceiling, uptime()]);
    let release!: () => void;
    const stop = new Promise<void>((r) => (release = r));
    const buying = purchases(base, tokens, stop);
    // Whether the chip answers stay kept while the buyers buy: one sampled every 100 ms.
    const seen = { hit: 0, other: 0 };
    const sampling = (async () => {
      let stopped = false;
      void stop.then(() => (stopped = true));
      while (!stopped) {
        const res = await fetch(`${base}${rotation[Math.floor(Math.random() * rotation.length)]}`);
        await res.arrayBuffer();
        if (['hit', 'stale'].includes(res.headers.get('x-cache') ?? '')) seen.hit++;
        else seen.other++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const during = await load(base, chips);
    release();
    const bought = await buying;
    await sampling;
    rows.push([
      `chip answers while ${BUYERS} buyers purchase (${bought.perSecond}/s, ${bought.done} paid, ${bought.failed} refused; ${seen.hit} of ${seen.hit + seen.other} sampled answers from the cache)`,
      during,
      uptime(),
    ]);
    let ref = 0;
    rows.push([
      'marketplace page, a new `?ref=` each request',
      await load(base, () => `/marketplace?ref=r${ref++}`),
      uptime(),
    ]);
    rows.push(['  ceiling (`/marketplace`)', await load(ceilingBase, () => '/marketplace'), uptime()]);

    console.log(
      `\nServer: ${SERVER_ROOT}; ${os.cpus().length} CPU, ${CONNECTIONS} connections, ${DURATION} s each`,
    );
    console.log('| scenario | req/s | p50 ms | p99 ms | non-2xx | errors | load average (1/5/15 min) |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [label, r, load] of rows) {
      console.log(
        `| ${label} | ${r.rps.toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${load} |`,
      );
    }
    void server;
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  console.error(err);
  stopAll();
  process.exitCode = 1;
});
