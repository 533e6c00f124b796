// `npm run bench`: seeds chips into a fresh database (PGlite in a temporary DATA_DIR, or a new database
// on the PostgreSQL server of DATABASE_URL), one size after another (BENCH_SIZES, adding chips up to
// each size), EXPLAINs the marketplace queries, starts the server on a free 127.0.0.1 port and a
// "ceiling" server (bench/ceiling.ts) that replays the real server's answers byte for byte, measures
// every scenario against both with autocannon and writes the figures into bench/README.md.
// BENCH_SIZES / BENCH_CHIPS, BENCH_CONNECTIONS and BENCH_DURATION (seconds per scenario and server)
// shape the run; the README explains them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { sql } from 'drizzle-orm';
import { CHIP_API } from '#shared/brand.ts';
import { MARKETPLACE_PAGE_SIZE } from '#shared/chips.schemas.ts';
import { createDb, rowsOf, type Database } from '#server/db/client.ts';
import {
  marketplaceQuery,
  SEARCH_HITS_MAX,
  SEARCH_WALK_ROWS,
  searchHitsQuery,
  type ChipWithUsers,
  type MarketplaceFilters,
  type MarketplacePlan,
} from '#server/modules/chips/chips.repo.ts';
import { encodeMarketplaceCursor, decodeMarketplaceCursor } from '#server/modules/chips/chips.cursor.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { capture, writeCaptures, type Captured } from './replay.ts';

const SIZES = parseSizes(process.env.BENCH_SIZES ?? process.env.BENCH_CHIPS ?? '100000');
const CREATORS = 1_000;
const DURATION = positive('BENCH_DURATION', 10);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
/** Chips per INSERT … SELECT generate_series statement while seeding. */
const SEED_BATCH = 100_000;
/** One title in RARE_EVERY carries RARE_WORD (chips 1, 50,001, 100,001, …), for the rare-word search. */
const RARE_WORD = 'quetzal';
const RARE_EVERY = 50_000;
/** How many distinct chips the chip-page scenarios rotate over. */
const ROTATION = 1_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(ROOT, 'bench', 'README.md');
const CLK_TCK = clockTicks();

type DbKey = 'pglite' | 'postgres';
type Scenario = { name: string; path: string; paths?: string[] };
type Measured = {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  avg: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time of the server process (all its threads) per answered request, µs; null if unreadable. */
  cpuUs: number | null;
  /** CPU time of this database's PostgreSQL backends per request, µs (PostgreSQL on this machine only). */
  dbCpuUs: number | null;
  /** CPU of the bench process (autocannon) over the run, % of one core. */
  clientCpu: number;
};
type Row = { scenario: Scenario; bytes: number; real: Measured; ceiling: Measured };
type Plan = { name: string; summary: string; lines: string[] };
type SizeResult = {
  size: number;
  seedMs: number;
  added: number;
  rows: Row[];
  plans: Plan[];
  loadBefore: number[];
  loadAfter: number[];
};
type Target = {
  key: DbKey;
  kind: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** OS process ids of the PostgreSQL backends serving the bench database (empty for PGlite). */
  backendPids: () => Promise<number[]>;
  drop: () => Promise<void>;
};

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return n;
}

/** "10000,100000,1000000" or "10k,100k,1M": distinct sizes, smallest first. */
function parseSizes(raw: string): number[] {
  const sizes = raw.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([kKmM]?)\s*$/.exec(part.replace(/_/g, ''));
    const n = m ? Math.round(Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'k' ? 1e3 : 1e6) : 1)) : NaN;
    if (!Number.isInteger(n) || n < 100)
      throw new Error(`BENCH_SIZES: "${part}" is not a size of 100 or more`);
    return n;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** 10k, 100k, 1M, 2.5M. */
function sizeLabel(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(2)}k`;
  return String(n);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

// ---------------------------------------------------------------------------------------------------
// Child processes: each in its own process group, killed by group at the end, on failure or on ^C.

const children = new Set<ChildProcess>();

function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true, // its own process group (and session), so killGroup reaches everything it starts
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    killGroup(child, 'SIGKILL'); // anything it left behind in its group
    return;
  }
  const exited = new Promise((r) => child.once('exit', r));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  killGroup(child, 'SIGKILL');
}

let cleanupTasks: (() => Promise<void>)[] = [];

/** Stops every child process group, then runs the registered clean-ups (drop the database…) once. */
async function cleanup(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
  const tasks = cleanupTasks.reverse();
  cleanupTasks = [];
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      console.error('cleanup:', err);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the bench database…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Waits until `url` answers (any status), or the child exits. */
async function waitForAnswer(url: string, child: ChildProcess, ok: (status: number) => boolean) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if (ok((await fetch(url)).status)) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

// ---------------------------------------------------------------------------------------------------
// Database

/** A fresh database: a new PostgreSQL database beside DATABASE_URL's, or PGlite in a temporary folder. */
async function prepareDatabase(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    cleanupTasks.push(removeDir);
    return {
      key: 'pglite',
      kind: 'PGlite (embedded)',
      dataDir,
      databaseUrl: undefined,
      backendPids: async () => [],
      drop: removeDir,
    };
  }
  const name = `artchip_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  admin.on('error', () => {});
  await admin.query(`create database ${name}`);
  const version =
    (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await removeDir();
  };
  cleanupTasks.push(drop);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    key: 'postgres',
    kind: `PostgreSQL ${version}`,
    dataDir,
    databaseUrl: url.toString(),
    backendPids: async () =>
      (
        await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])
      ).rows.map((r) => Number(r.pid)),
    drop,
  };
}

/**
 * Adds chips `from + 1` … `to` (and the 1,000 creators when `from` is 0) with INSERT … SELECT
 * generate_series, SEED_BATCH at a time: 90% listed, prices $5–$505, creation times shuffled against
 * ids, and RARE_WORD in one title in RARE_EVERY.
 */
async function seed(database: Database, from: number, to: number): Promise<void> {
  const db = database.db;
  if (from === 0) {
    await db.execute(sql`
      insert into users (email, username, first_name, affiliate_code, is_email_verified)
      select 'creator' || g || '@bench.example', 'creator' || g, 'Creator', 'BENCH' || g, true
      from generate_series(1, ${CREATORS}) g`);
  }
  const rare = sql.raw(`' ${RARE_WORD}'`);
  for (let lo = from + 1; lo <= to; lo += SEED_BATCH) {
    const hi = Math.min(to, lo + SEED_BATCH - 1);
    await db.execute(sql`
      insert into chips (creator_id, owner_id, title, slug, description, price_cents, highest_price_cents,
                         image_url, unit_id, shape, status, created_at)
      select c, c,
        'Artwork ' || g || case when g % ${RARE_EVERY} = 1 then ${rare} else '' end
          || ' ' || (array['Blue','Red','Golden','Quiet','Neon','Paper','Ocean','Forest'])[1 + g % 8]
          || ' ' || (array['Lagoon','Orbit','Bloom','Grid','Tide','Moon','Crane','Wave'])[1 + (g / 8) % 8],
        'artwork-' || g,
        'Bench chip number ' || g || ', sealed in resin.',
        p, p,
        '/media/bench.webp',
        (10000000000000 + g::bigint * 7)::text,
        case when g % 2 = 0 then 'round' else 'square' end,
        -- The listing flags (is_active, is_for_sale, is_available) are generated from the status.
        case when g % 10 = 0 then 'pending' else 'active' end,
        -- Creation times unrelated to ids (a permutation modulo the prime 1,000,003, about 11.6 days),
        -- so "newest" really walks the index; the same for a chip whatever size it was seeded in.
        now() - ((g::bigint * 7919) % 1000003) * interval '1 second'
      from (select g, 1 + g % ${CREATORS} as c, 500 + ((g::bigint * 104729) % 50000)::int as p
            from generate_series(${lo}::int, ${hi}::int) g) s`);
    if (to - from > SEED_BATCH) console.log(`  … ${fmt(hi)} chips`);
  }
  // VACUUM as well as ANALYZE: after 900,000 inserts PostgreSQL's autovacuum would otherwise start in
  // the middle of the measurements (seen: a 1M run's HTML page at 36% of the ceiling, 110 µs of DB CPU
  // per request that were autovacuum's, not the server's).
  await db.execute(sql`vacuum (analyze) users`);
  await db.execute(sql`vacuum (analyze) chips`);
}

/** EXPLAIN ANALYZE of one query the API runs; returns the plan lines. */
async function explain(
  database: Database,
  filters: MarketplaceFilters,
  cursor: string | null,
  plan: MarketplacePlan = 'walk',
): Promise<string[]> {
  const decoded = cursor ? decodeMarketplaceCursor(filters.sort, cursor) : null;
  const query = marketplaceQuery(database.db, filters, decoded, 25, plan);
  return explainSql(database, sql`${query}`);
}

async function explainSql(database: Database, query: ReturnType<typeof sql>): Promise<string[]> {
  const rows = rowsOf<Record<string, string>>(await database.db.execute(sql`explain analyze ${query}`));
  return rows.map((r) => Object.values(r)[0]!);
}

function planSummary(lines: string[]): string {
  const scans = lines
    .map((l) =>
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using (\w+))? on (\w+)/.exec(
        l,
      ),
    )
    .filter((m): m is RegExpExecArray => m !== null)
    .map(
      (m) =>
        `${m[0].includes('Backward') ? `${m[1]} Backward` : m[1]}${m[2] ? ` using ${m[2]}` : ''} on ${m[3]}`,
    );
  const time = lines.find((l) => l.includes('Execution Time'))?.trim() ?? '';
  return `${[...new Set(scans)].join('; ')} — ${time}`;
}

/** The scenarios' URLs for the chips seeded so far, and the query plans behind the marketplace ones. */
async function prepareSize(
  database: Database,
  size: number,
): Promise<{ scenarios: Scenario[]; plans: Plan[] }> {
  // A cursor half-way down the newest-first list, as a client that scrolled far would send.
  const deep = rowsOf<{ id: number; key: string }>(
    await database.db.execute(sql`
      select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key from chips
      where status = 'active'
      order by created_at desc nulls last, id desc nulls last offset ${Math.floor(size * 0.45)} limit 1`),
  )[0]!;
  const deepCursor = encodeMarketplaceCursor('newest', {
    chip: { id: Number(deep.id) },
    createdAtKey: deep.key,
  } as ChipWithUsers);
  // ROTATION listed chips spread evenly over the whole table (not only the newest or lowest ids).
  const spread = rowsOf<{ id: number; username: string; slug: string }>(
    await database.db.execute(sql`
      select c.id, u.username, c.slug from chips c join users u on u.id = c.creator_id
      where c.status = 'active'
        and c.id in (select (1 + (i::bigint * ${size}) / ${ROTATION * 1.2} + i % 7)::int
                     from generate_series(0, ${ROTATION * 1.2 - 1}) i)
      order by c.id limit ${ROTATION}`),
  );
  const search: MarketplaceFilters = {
    search: 'lagoon',
    shape: 'round',
    minPriceCents: 1000,
    maxPriceCents: 20000,
    sort: 'price_asc',
  };
  const rare = { search: RARE_WORD, sort: 'newest' as const };
  const rareIds = rowsOf<{ id: number }>(
    await database.db.execute(searchHitsQuery(database.db, rare, SEARCH_HITS_MAX)),
  ).map((r) => Number(r.id));
  const plans = [
    { name: 'first page (newest)', lines: await explain(database, { sort: 'newest' }, null) },
    {
      name: 'deep cursor page (newest, 45% down)',
      lines: await explain(database, { sort: 'newest' }, deepCursor),
    },
    { name: 'first page (price_desc)', lines: await explain(database, { sort: 'price_desc' }, null) },
    // A search first walks SEARCH_WALK_ROWS chips of the sort order (a common word fills its page
    // there); a rare word then reads its matches from the trigram indexes and sorts those.
    {
      name: `filtered search (walk of ${SEARCH_WALK_ROWS})`,
      lines: await explain(database, search, null, { walkRows: SEARCH_WALK_ROWS }),
    },
    {
      name: `rare-word search ("${RARE_WORD}"), 1: walk of ${SEARCH_WALK_ROWS}`,
      lines: await explain(database, rare, null, { walkRows: SEARCH_WALK_ROWS }),
    },
    {
      name: `rare-word search, 2: matches from the trigram indexes (at most ${SEARCH_HITS_MAX})`,
      lines: await explainSql(database, searchHitsQuery(database.db, rare, SEARCH_HITS_MAX)),
    },
    {
      name: 'rare-word search, 3: the page of those matches',
      lines: await explain(database, rare, null, { ids: rareIds }),
    },
  ].map((p) => ({ ...p, summary: planSummary(p.lines) }));
  const scenarios: Scenario[] = [
    { name: 'marketplace, first page', path: CHIP_API },
    { name: 'marketplace, deep cursor page', path: `${CHIP_API}?cursor=${deepCursor}` },
    {
      name: 'marketplace, filtered search',
      path: `${CHIP_API}?q=lagoon&shape=round&minPrice=10&maxPrice=200&sort=price_asc`,
    },
    { name: 'marketplace, rare-word search', path: `${CHIP_API}?q=${RARE_WORD}` },
    {
      name: 'chip page by username/slug',
      path: `${CHIP_API}/:username/:slug`,
      paths: spread.map((r) => `${CHIP_API}/${r.username}/${r.slug}`),
    },
    { name: 'chip by id', path: `${CHIP_API}/:id`, paths: spread.map((r) => `${CHIP_API}/${r.id}`) },
    { name: 'marketplace stats', path: `${CHIP_API}/stats` },
    { name: 'marketplace page (HTML shell)', path: '/marketplace' },
  ];
  return { scenarios, plans };
}

// ---------------------------------------------------------------------------------------------------
// Measuring

/** utime + stime of a process (all its threads) in clock ticks, or null if /proc does not show it. */
function cpuTicks(pid: number, comm?: string): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (comm && !stat.includes(`(${comm})`)) return null; // not ours (e.g. PostgreSQL on another host)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function backendTicks(target: Target): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  for (const pid of await target.backendPids()) {
    const t = cpuTicks(pid, 'postgres');
    if (t !== null) ticks.set(pid, t);
  }
  return ticks;
}

async function measure(
  base: string,
  scenario: Scenario,
  pid: number,
  target: Target | null,
): Promise<Measured> {
  let i = 0;
  const cpuBefore = cpuTicks(pid);
  const dbBefore = target ? await backendTicks(target) : new Map<number, number>();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const p = scenario.paths ? scenario.paths[i++ % scenario.paths.length]! : scenario.path;
          return { ...req, path: p };
        },
      },
    ],
  });
  const wallUs = (performance.now() - started) * 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = cpuTicks(pid);
  const dbAfter = target ? await backendTicks(target) : new Map<number, number>();
  const requests = result.requests.total;
  const perRequest = (ticks: number) =>
    Math.round(((ticks * 1e6) / CLK_TCK / Math.max(requests, 1)) * 10) / 10;
  // Backends that opened during the run count in full; those that closed during it are lost (rare:
  // the pool keeps its connections while it is busy).
  let dbTicks = 0;
  for (const [p, t] of dbAfter) dbTicks += t - (dbBefore.get(p) ?? 0);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    avg: Math.round(result.latency.average * 10) / 10,
    max: result.latency.max,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUs: cpuBefore !== null && cpuAfter !== null ? perRequest(cpuAfter - cpuBefore) : null,
    dbCpuUs: dbAfter.size > 0 ? perRequest(dbTicks) : null,
    clientCpu: Math.round(((client.user + client.system) / wallUs) * 100),
  };
}

/** GETs every URL of the scenarios from the real server, a few at a time. */
async function captureAll(base: string, scenarios: Scenario[]): Promise<Map<string, Captured>> {
  const paths = [...new Set(scenarios.flatMap((s) => s.paths ?? [s.path]))];
  const captures = new Map<string, Captured>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < paths.length) {
        const p = paths[next++]!;
        captures.set(p, await capture(agent, base, p));
      }
    }),
  );
  agent.destroy();
  for (const s of scenarios) {
    const bad = (s.paths ?? [s.path]).filter((p) => captures.get(p)!.status !== 200);
    if (bad.length > 0) {
      console.warn(
        `  warning: ${s.name}: ${bad.length} URL(s) answer ${captures.get(bad[0]!)!.status} (e.g. ${bad[0]}); measured as they are`,
      );
    }
  }
  return captures;
}

/** Checks the ceiling answers a scenario's first URL with the captured body (a sanity check and warm-up). */
async function checkCeiling(base: string, scenarios: Scenario[], captures: Map<string, Captured>) {
  const agent = new http.Agent({ keepAlive: true });
  for (const s of scenarios) {
    const p = s.paths?.[0] ?? s.path;
    const got = await capture(agent, base, p);
    const want = captures.get(p)!;
    if (got.status !== want.status || !got.body.equals(want.body)) {
      throw new Error(`the ceiling server does not replay ${p} faithfully`);
    }
  }
  agent.destroy();
}

function startServer(port: number, target: Target): ChildProcess {
  const base = `http://127.0.0.1:${port}`;
  return startChild(['src/server/main.ts'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
    JOBS: 'false',
  });
}

/** Seeds up to `size`, starts both servers, measures every scenario against each, stops them. */
async function runSize(target: Target, size: number, seeded: number): Promise<SizeResult> {
  const database = await createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  let prepared: Awaited<ReturnType<typeof prepareSize>>;
  let seedMs: number;
  try {
    console.log(`\n== ${fmt(size)} chips: seeding ${fmt(size - seeded)} more into ${target.kind}…`);
    const started = Date.now();
    await seed(database, seeded, size);
    seedMs = Date.now() - started;
    console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);
    prepared = await prepareSize(database, size);
  } finally {
    await database.close(); // PGlite: the server takes the data directory's lock next
  }
  const { scenarios, plans } = prepared;
  for (const p of plans) console.log(`EXPLAIN ${p.name}: ${p.summary}`);

  // A fresh server per size: nothing cached from the previous size, and PGlite's lock is free to seed.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, target);
  let ceiling: ChildProcess | null = null;
  try {
    await waitForAnswer(`${base}/api/health`, server, (s) => s === 200);
    console.log(`Capturing the real server's answers for the ceiling server…`);
    const captures = await captureAll(base, scenarios);
    const capturesFile = path.join(target.dataDir, `ceiling-${size}.json`);
    writeCaptures(capturesFile, captures);
    const ceilingPort = await freePort();
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
    ceiling = startChild(['bench/ceiling.ts', capturesFile, String(ceilingPort)], process.env);
    await waitForAnswer(`${ceilingBase}/`, ceiling, () => true);
    await checkCeiling(ceilingBase, scenarios, captures);

    const loadBefore = os.loadavg();
    const rows: Row[] = [];
    for (const s of scenarios) {
      console.log(`Measuring ${s.name}: real server, then ceiling, ${DURATION} s each…`);
      const real = await measure(base, s, server.pid!, target);
      const ceil = await measure(ceilingBase, s, ceiling.pid!, null);
      const bytes = captures.get(s.paths?.[0] ?? s.path)!.body.length;
      rows.push({ scenario: s, bytes, real, ceiling: ceil });
      console.log(
        `  real ${real.rps} req/s (p50 ${real.p50} ms, p99 ${real.p99} ms), ceiling ${ceil.rps} req/s (p50 ${ceil.p50} ms, p99 ${ceil.p99} ms): ${percent(real.rps, ceil.rps)}`,
      );
    }
    const loadAfter = os.loadavg();
    return { size, seedMs, added: size - seeded, rows, plans, loadBefore, loadAfter };
  } finally {
    if (ceiling) await stopChild(ceiling);
    await stopChild(server);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const p = (part / whole) * 100;
  return `${p < 10 ? p.toFixed(1) : Math.round(p)}%`;
}

const cpu = (us: number | null) => (us === null ? '—' : us >= 100 ? String(Math.round(us)) : us.toFixed(1));

function sizeTable(rows: Row[]): string {
  const head =
    '| scenario | body bytes | req/s | ceiling req/s | real / ceiling | p50 ms | p99 ms | ceiling p50 ms | ceiling p99 ms | server CPU µs/req | DB CPU µs/req | ceiling CPU µs/req | autocannon CPU % | non-2xx / errors |';
  const sep = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rows.map(({ scenario: s, bytes, real: r, ceiling: c }) => {
    const failures = `${r.non2xx} / ${r.errors}${c.errors > 0 ? ` (ceiling: ${c.errors} errors)` : ''}`;
    return `| ${s.name} | ${fmt(bytes)} | ${r.rps} | ${c.rps} | ${percent(r.rps, c.rps)} | ${r.p50} | ${r.p99} | ${c.p50} | ${c.p99} | ${cpu(r.cpuUs)} | ${cpu(r.dbCpuUs)} | ${cpu(c.cpuUs)} | ${r.clientCpu} / ${c.clientCpu} | ${failures} |`;
  });
  return [head, sep, ...body].join('\n');
}

/** The remaining autocannon figures, for the details. */
function fullTable(rows: Row[]): string {
  const head =
    '| scenario | server | req/s | p50 ms | p97.5 ms | p99 ms | avg ms | max ms | requests | non-2xx | errors |';
  const sep = '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rows.flatMap(({ scenario: s, real, ceiling }) =>
    (
      [
        ['real', real],
        ['ceiling', ceiling],
      ] as const
    ).map(
      ([server, m]) =>
        `| ${s.name} | ${server} | ${m.rps} | ${m.p50} | ${m.p97_5} | ${m.p99} | ${m.avg} | ${m.max} | ${m.requests} | ${m.non2xx} | ${m.errors} |`,
    ),
  );
  return [head, sep, ...body].join('\n');
}

function ratio(large: number, small: number): string {
  return small > 0 ? `×${(large / small).toFixed(1)}` : '—';
}

function summaryTable(results: SizeResult[]): string {
  const labels = results.map((r) => sizeLabel(r.size));
  const first = labels[0]!;
  const last = labels[labels.length - 1]!;
  const head = `| scenario | ${labels.map((l) => `req/s ${l}`).join(' | ')} | ${labels.map((l) => `p99 ms ${l}`).join(' | ')} | p50 ${last} / ${first} | p99 ${last} / ${first} |`;
  const sep = `|---|${labels.map(() => '---:|').join('')}${labels.map(() => '---:|').join('')}---:|---:|`;
  const body = results[0]!.rows.map((row, i) => {
    const at = results.map((r) => r.rows[i]!.real);
    const small = at[0]!;
    const large = at[at.length - 1]!;
    return `| ${row.scenario.name} | ${at.map((m) => m.rps).join(' | ')} | ${at.map((m) => m.p99).join(' | ')} | ${ratio(large.p50, small.p50)} | ${ratio(large.p99, small.p99)} |`;
  });
  return [head, sep, ...body].join('\n');
}

const HEADER = `# Benchmarks

\`npm run bench\` (\`bench/run.ts\`) measures the public catalogue end to end: HTTP, Fastify, validation,
the database and serialisation. It creates a fresh database (PGlite in a temporary \`DATA_DIR\`, or a new
database on the server of \`DATABASE_URL\`, dropped at the end), adds 1,000 creators and chips with
\`INSERT … SELECT generate_series\` (90% listed, prices $5–$505, creation times shuffled against ids, and
the rare word "${RARE_WORD}" in one title in ${fmt(RARE_EVERY)}), and then, for each size of \`BENCH_SIZES\`
in turn, adds chips up to that size (never reseeding from zero), EXPLAINs the marketplace queries, starts
the server (\`node src/server/main.ts\`, \`RATE_LIMIT=false\`, \`JOBS=false\`) on a free 127.0.0.1 port in
its own process group and drives it with autocannon. Each run rewrites the section of its database below.

\`\`\`sh
npm run bench                                                            # PGlite, 100,000 chips
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # PostgreSQL (creates and drops its own database)
BENCH_SIZES=10000,100000,1000000 npm run bench                           # one table per size, and a summary across sizes
BENCH_SIZES=10000 BENCH_DURATION=3 npm run bench                         # quick run
\`\`\`

| variable | default | meaning |
|---|---|---|
| \`BENCH_SIZES\` | \`BENCH_CHIPS\` | comma-separated chip counts, e.g. \`10000,100000,1000000\` (or \`10k,100k,1M\`), measured smallest first |
| \`BENCH_CHIPS\` | 100000 | the single size when \`BENCH_SIZES\` is not set |
| \`BENCH_CONNECTIONS\` | 50 | concurrent autocannon connections |
| \`BENCH_DURATION\` | 10 | seconds per scenario and per server |
| \`DATABASE_URL\` | (none: PGlite) | a PostgreSQL server on which the bench creates, then drops, its own database |

Seeding happens in batches of ${fmt(SEED_BATCH)} chips; 1,000,000 chips are quick on PostgreSQL, and work on
PGlite but slowly (the bench warns); each size ends with \`VACUUM ANALYZE\`, so autovacuum does not start
in the middle of the measurements. The server is restarted for each size, so no answer cached for one
size is measured at the next.

**The ceiling server.** Besides the real server, the bench starts \`bench/ceiling.ts\`, a bare
\`node:http\` server on another free 127.0.0.1 port (also its own process group). Before measuring a
size it fetches every URL of every scenario from the real server once (all rotated chip URLs too,
requested as autocannon requests them: no \`Accept-Encoding\`, so uncompressed) and the ceiling replays
exactly those bytes for that URL: status, headers (content-type, ETag, Cache-Control, the security
headers…) and body; Node writes \`Date\` and \`Keep-Alive\` itself on both. Every scenario is measured
against the real server and then against the ceiling, with the same connections and duration, so
**real / ceiling** says how much of what this machine and this load generator can do over HTTP the
real server achieves. The ceiling is bounded by autocannon itself (it shares the machine; see the
autocannon CPU column: near 100% means the load generator, not the ceiling, was the limit).

**CPU per request** is read from \`/proc/<pid>/stat\` (utime + stime, all threads) of the server process
and of the ceiling process before and after each run, divided by the requests answered. With PostgreSQL
on the same machine, **DB CPU** is the same for the backends serving the bench database (found in
\`pg_stat_activity\`); with PGlite the database runs inside the server process and is part of server
CPU.

The server keeps anonymous answers of the public read routes and pages in memory (\`plugins/public-cache.ts\`,
docs/decisions/013-public-read-cache.md: per URL, until a write moves the data version, at most 10 s),
so after the first request of a URL most answers come from that cache; the rotations (${fmt(ROTATION)} chips) fit
in it. The bench measures the server as it is: the query plans and the DB CPU column show what the
database does when the cache misses.

These figures describe one machine at one moment (load averages are recorded with them); they are
never asserted in tests.

Scenarios (all \`GET\`, no cookies):

- **marketplace, first page**: \`${CHIP_API}\` (newest first, ${MARKETPLACE_PAGE_SIZE} chips)
- **marketplace, deep cursor page**: \`${CHIP_API}?cursor=…\`, a cursor 45% of the chips down the newest-first list
- **marketplace, filtered search**: \`${CHIP_API}?q=lagoon&shape=round&minPrice=10&maxPrice=200&sort=price_asc\` (a common word)
- **marketplace, rare-word search**: \`${CHIP_API}?q=${RARE_WORD}\` (one chip in ${fmt(RARE_EVERY)} matches)
- **chip page by username/slug**: \`${CHIP_API}/:username/:slug\`, rotating over ${fmt(ROTATION)} listed chips spread over the table
- **chip by id**: \`${CHIP_API}/:id\`, rotating over the same chips
- **marketplace stats**: \`${CHIP_API}/stats\`
- **marketplace page (HTML shell)**: \`/marketplace\`, the SPA's index.html with the page's meta tags (503 when the web app is not built)

The marketplace list is a keyset query over the partial indexes \`chips_market_newest_idx\`
(\`created_at desc, id desc\`) and \`chips_market_price_idx\` (\`price_cents, id\`), both \`WHERE status =
'active'\` (listed chips): a deep page costs the same as the first (no OFFSET); without a search it is
one prepared statement per combination of filters. A search (\`chips.repo.ts\`, \`listMarketplaceChips\`)
first walks at most 1,000 chips of the sort order, filtering as it goes, which fills a common word's
page at once; when that is not enough it reads the matching ids from the trigram indexes
(\`chips_market_title_trgm_idx\`, \`chips_market_description_trgm_idx\`, \`users_username_trgm_idx\`,
pg_trgm GIN) and sorts those, so a rare word costs what its matches cost, whatever the size of the
catalogue. The rare-word scenario measures that path (the plans below show its three queries).
`;

function sizeSection(r: SizeResult): string {
  return `### ${fmt(r.size)} chips

- Seeding: added ${fmt(r.added)} chips in ${(r.seedMs / 1000).toFixed(1)} s; load average before measuring ${loadText(r.loadBefore)}, after ${loadText(r.loadAfter)}

${sizeTable(r.rows)}

Query plans (EXPLAIN ANALYZE of the query the API runs, 25 rows):

${r.plans.map((p) => `- **${p.name}**: ${p.summary}`).join('\n')}

<details><summary>All autocannon figures, ${fmt(r.size)} chips</summary>

${fullTable(r.rows)}

</details>

<details><summary>Full plans, ${fmt(r.size)} chips</summary>

${r.plans.map((p) => `**${p.name}**\n\n\`\`\`\n${p.lines.join('\n')}\n\`\`\``).join('\n\n')}

</details>
`;
}

function section(info: {
  target: Target;
  results: SizeResult[];
  loadStart: number[];
  date: string;
  complete: boolean;
}): string {
  const { results } = info;
  const sizes = results.map((r) => fmt(r.size)).join(' / ');
  const summary =
    results.length > 1
      ? `### Across sizes (real server)

${summaryTable(results)}

`
      : '';
  return `## ${info.target.key === 'pglite' ? 'PGlite' : 'PostgreSQL'}

- Date: ${info.date}; ${sizes} chips; ${CONNECTIONS} connections, ${DURATION} s per scenario and server${info.complete ? '' : ` (partial: sizes ${SIZES.map(fmt).join(' / ')} were asked for)`}
- Database: ${info.target.kind}
- Machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; load average (1 / 5 / 15 min) at the start ${loadText(info.loadStart)}, at the end ${loadText(os.loadavg())}
  (a shared machine: other work may run alongside, so treat the figures as a floor)

${summary}${results.map(sizeSection).join('\n')}`;
}

/**
 * Rewrites the header and this database's section of bench/README.md; the other database's section and
 * whatever follows the sections (e.g. "Web bundle") stay as they are.
 */
async function writeReadme(info: Parameters<typeof section>[0]): Promise<void> {
  const key = info.target.key;
  const old = fs.existsSync(README) ? fs.readFileSync(README, 'utf8') : '';
  const firstMarker = old.search(/<!-- bench:(pglite|postgres) -->/);
  let rest = firstMarker >= 0 ? old.slice(firstMarker) : '';
  const block = `<!-- bench:${key} -->\n${section(info)}<!-- /bench:${key} -->`;
  const own = new RegExp(`<!-- bench:${key} -->[\\s\\S]*?<!-- /bench:${key} -->`);
  if (own.test(rest)) {
    rest = rest.replace(own, () => block);
  } else if (key === 'postgres' && rest.includes('<!-- /bench:pglite -->')) {
    rest = rest.replace('<!-- /bench:pglite -->', () => `<!-- /bench:pglite -->\n\n${block}`);
  } else {
    rest = `${block}\n\n${rest}`;
  }
  // Formatted like the rest of the repository, so `npm run format:check` stays green after a run.
  const options = (await prettier.resolveConfig(README)) ?? {};
  fs.writeFileSync(README, await prettier.format(`${HEADER}\n${rest}`, { ...options, parser: 'markdown' }));
}

async function main(): Promise<void> {
  const loadStart = os.loadavg();
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const target = await prepareDatabase();
  const largest = SIZES[SIZES.length - 1]!;
  console.log(
    `Bench: ${SIZES.map(fmt).join(', ')} chips on ${target.kind}, ${CONNECTIONS} connections, ${DURATION} s per scenario and server; load average ${loadText(loadStart)}`,
  );
  if (target.key === 'pglite' && largest > 200_000) {
    console.warn(
      `warning: seeding ${fmt(largest)} chips into PGlite is slow (several minutes, and memory-hungry); PostgreSQL (DATABASE_URL) is much faster`,
    );
  }
  try {
    const results: SizeResult[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      results.push(await runSize(target, size, seeded));
      seeded = size;
      console.log(`\n${sizeTable(results[results.length - 1]!.rows)}\n`);
      // Written after every size, so a long run that fails later keeps what it measured.
      await writeReadme({ target, results, loadStart, date, complete: results.length === SIZES.length });
      console.log(`Wrote ${path.relative(ROOT, README)}`);
    }
    if (results.length > 1) console.log(`\n${summaryTable(results)}\n`);
  } finally {
    await cleanup();
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
