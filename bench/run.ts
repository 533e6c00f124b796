// `npm run bench`: seeds 100,000 chips into a fresh database (PGlite in a temporary DATA_DIR, or a new
// database on the PostgreSQL server of DATABASE_URL), EXPLAINs the marketplace query, starts the server
// on a free 127.0.0.1 port, measures the catalogue with autocannon and writes the figures into
// bench/README.md. BENCH_CHIPS and BENCH_DURATION (seconds per scenario) shrink it for a quick run.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { sql } from 'drizzle-orm';
import { createDb, rowsOf, type Database } from '#server/db/client.ts';
import {
  marketplaceQuery,
  type ChipWithUsers,
  type MarketplaceFilters,
} from '#server/features/chips/chips.repo.ts';
import { encodeMarketplaceCursor, decodeMarketplaceCursor } from '#server/features/chips/chips.cursor.ts';

const CHIPS = Number(process.env.BENCH_CHIPS ?? 100_000);
const CREATORS = 1_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(ROOT, 'bench', 'README.md');

type Scenario = { name: string; path: string; paths?: string[] };
type Row = {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  avg: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database: a new PostgreSQL database beside DATABASE_URL's, or PGlite in a temporary folder. */
async function prepareDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { dataDir, databaseUrl: undefined, kind: 'PGlite (embedded)', drop: async () => {} };
  }
  const name = `artchip_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const version =
    (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    kind: `PostgreSQL ${version}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** 1,000 creators and CHIPS chips in two INSERT … SELECT generate_series statements; 90% listed. */
async function seed(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`
    insert into users (email, username, first_name, affiliate_code, is_email_verified)
    select 'creator' || g || '@bench.example', 'creator' || g, 'Creator', 'BENCH' || g, true
    from generate_series(1, ${CREATORS}) g`);
  await db.execute(sql`
    insert into chips (creator_id, owner_id, title, slug, description, price_cents, highest_price_cents,
                       image_url, unit_id, shape, status, is_active, is_for_sale, is_available, created_at)
    select c, c,
      'Artwork ' || g || ' ' || (array['Blue','Red','Golden','Quiet','Neon','Paper','Ocean','Forest'])[1 + g % 8]
        || ' ' || (array['Lagoon','Orbit','Bloom','Grid','Tide','Moon','Crane','Wave'])[1 + (g / 8) % 8],
      'artwork-' || g,
      'Bench chip number ' || g || ', sealed in resin.',
      p, p,
      '/media/bench.webp',
      (10000000000000 + g::bigint * 7)::text,
      case when g % 2 = 0 then 'round' else 'square' end,
      case when g % 10 = 0 then 'pending' else 'active' end,
      g % 10 <> 0, g % 10 <> 0, g % 10 <> 0,
      -- Creation times unrelated to ids, so "newest" really walks the index.
      now() - ((g::bigint * 7919) % ${CHIPS}) * interval '1 second'
    from (select g, 1 + g % ${CREATORS} as c, 500 + ((g::bigint * 104729) % 50000)::int as p
          from generate_series(1, ${CHIPS}) g) s`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze chips`);
}

/** EXPLAIN ANALYZE of the exact query the API runs; returns the plan lines. */
async function explain(
  database: Database,
  filters: MarketplaceFilters,
  cursor: string | null,
): Promise<string[]> {
  const decoded = cursor ? decodeMarketplaceCursor(filters.sort, cursor) : null;
  const query = marketplaceQuery(database.db, filters, decoded, 25);
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

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

async function measure(base: string, scenario: Scenario): Promise<Row> {
  let i = 0;
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
  return {
    name: scenario.name,
    path: scenario.path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    avg: Math.round(result.latency.average * 10) / 10,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function table(rows: Row[]): string {
  const head =
    '| scenario | req/s | p50 ms | p97.5 ms | p99 ms | avg ms | max ms | requests | non-2xx | errors |';
  const sep = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rows.map(
    (r) =>
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.avg} | ${r.max} | ${r.requests} | ${r.non2xx} | ${r.errors} |`,
  );
  return [head, sep, ...body].join('\n');
}

const HEADER = `# Benchmarks

\`npm run bench\` (\`bench/run.ts\`) seeds ${CHIPS.toLocaleString('en-US')} chips by ${CREATORS.toLocaleString('en-US')} creators into a
fresh database (PGlite in a temporary \`DATA_DIR\`, or a new database on the server of \`DATABASE_URL\`)
with two \`INSERT … SELECT generate_series\` statements (90% listed, prices $5–$505, creation times
shuffled against ids), EXPLAINs the marketplace query, starts the server (\`node src/server/main.ts\`) on a
free 127.0.0.1 port and drives it with autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario. Each run
rewrites the section of its database below.

\`\`\`sh
npm run bench                                                            # PGlite
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # PostgreSQL (creates and drops its own database)
BENCH_CHIPS=10000 BENCH_DURATION=3 npm run bench                         # quick run
\`\`\`

The marketplace list is a keyset query over the partial indexes \`chips_market_newest_idx\`
(\`created_at desc, id desc\`) and \`chips_market_price_idx\` (\`price_cents, id\`), both \`WHERE is_active and
is_for_sale and is_available\`: a deep page costs the same as the first (no OFFSET). Text search filters
rows as the index is walked in order, so it is fast while matches are common and slower for rare words.
`;

function section(info: {
  kind: string;
  seedMs: number;
  rows: Row[];
  scenarios: Scenario[];
  plans: { name: string; summary: string; lines: string[] }[];
}): string {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `## ${info.kind.startsWith('PGlite') ? 'PGlite' : 'PostgreSQL'}

- Date: ${date}; ${CHIPS.toLocaleString('en-US')} chips, ${CONNECTIONS} connections, ${DURATION} s per scenario
- Database: ${info.kind}; seeding took ${(info.seedMs / 1000).toFixed(1)} s
- Machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average at the end ${load}
  (a shared machine: other work ran alongside, so treat the figures as a floor)

${table(info.rows)}

${info.scenarios.map((s) => `- **${s.name}**: \`GET ${s.path}\`${s.paths ? ` (rotating over ${s.paths.length} chips)` : ''}`).join('\n')}

Query plans (EXPLAIN ANALYZE of the query the API runs, 25 rows):

${info.plans.map((p) => `- **${p.name}**: ${p.summary}`).join('\n')}

<details><summary>Full plans</summary>

${info.plans.map((p) => `**${p.name}**\n\n\`\`\`\n${p.lines.join('\n')}\n\`\`\``).join('\n\n')}

</details>
`;
}

/** Rewrites the header and this database's section of bench/README.md, keeping the other one. */
async function writeReadme(info: Parameters<typeof section>[0]): Promise<void> {
  const key = info.kind.startsWith('PGlite') ? 'pglite' : 'postgres';
  const old = fs.existsSync(README) ? fs.readFileSync(README, 'utf8') : '';
  const sections: Record<string, string> = {};
  for (const k of ['pglite', 'postgres']) {
    const m = new RegExp(`<!-- bench:${k} -->[\\s\\S]*?<!-- /bench:${k} -->`).exec(old);
    if (m) sections[k] = m[0];
  }
  sections[key] = `<!-- bench:${key} -->\n${section(info)}<!-- /bench:${key} -->`;
  const body = ['pglite', 'postgres'].flatMap((k) => (sections[k] ? [sections[k]] : [])).join('\n\n');
  // Formatted like the rest of the repository, so `npm run format:check` stays green after a run.
  const options = (await prettier.resolveConfig(README)) ?? {};
  fs.writeFileSync(README, await prettier.format(`${HEADER}\n${body}\n`, { ...options, parser: 'markdown' }));
}

async function main(): Promise<void> {
  const target = await prepareDatabase();
  let server: ChildProcess | null = null;
  try {
    console.log(`Seeding ${CHIPS} chips into ${target.kind}…`);
    const database = await createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    const started = Date.now();
    await seed(database);
    const seedMs = Date.now() - started;
    console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);

    // A cursor half-way down the newest-first list, as a client that scrolled far would send.
    const deep = rowsOf<{ id: number; key: string }>(
      await database.db.execute(sql`
        select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key from chips
        where is_active and is_for_sale and is_available
        order by created_at desc, id desc offset ${Math.floor(CHIPS * 0.45)} limit 1`),
    )[0]!;
    const deepCursor = encodeMarketplaceCursor('newest', {
      chip: { id: Number(deep.id) },
      createdAtKey: deep.key,
    } as ChipWithUsers);
    const search: MarketplaceFilters = {
      search: 'lagoon',
      shape: 'round',
      minPriceCents: 1000,
      maxPriceCents: 20000,
      sort: 'price_asc',
    };
    const plans = [
      { name: 'first page (newest)', lines: await explain(database, { sort: 'newest' }, null) },
      {
        name: 'deep cursor page (newest, 45% down)',
        lines: await explain(database, { sort: 'newest' }, deepCursor),
      },
      { name: 'first page (price_desc)', lines: await explain(database, { sort: 'price_desc' }, null) },
      { name: 'filtered search', lines: await explain(database, search, null) },
    ].map((p) => ({ ...p, summary: planSummary(p.lines) }));
    for (const p of plans) console.log(`EXPLAIN ${p.name}: ${p.summary}`);
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
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
      },
    });
    await waitForHealth(base, server);

    const detailPaths: string[] = [];
    for (let i = 0; detailPaths.length < 1000 && i < CHIPS; i++) {
      const g = 1 + ((i * 97) % CHIPS);
      if (g % 10 !== 0) detailPaths.push(`/api/artchip/creator${1 + (g % CREATORS)}/artwork-${g}`);
    }
    const scenarios: Scenario[] = [
      { name: 'marketplace, first page', path: '/api/artchip' },
      { name: 'marketplace, deep cursor page', path: `/api/artchip?cursor=${deepCursor}` },
      {
        name: 'marketplace, filtered search',
        path: '/api/artchip?q=lagoon&shape=round&minPrice=10&maxPrice=200&sort=price_asc',
      },
      { name: 'chip page by username/slug', path: '/api/artchip/:username/:slug', paths: detailPaths },
    ];
    // Warm up (JIT, caches) before measuring.
    for (const s of scenarios) await fetch(`${base}${s.paths?.[0] ?? s.path}`);
    const rows: Row[] = [];
    for (const s of scenarios) {
      console.log(`Measuring ${s.name} for ${DURATION} s…`);
      rows.push(await measure(base, s));
    }
    console.log(`\n${table(rows)}\n`);
    await writeReadme({ kind: target.kind, seedMs, rows, scenarios, plans });
    console.log(`Wrote ${path.relative(ROOT, README)}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await target.drop();
    fs.rmSync(target.dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
