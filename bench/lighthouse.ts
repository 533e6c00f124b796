/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default emulation and throttling) on the public
 * pages of a fresh install: a server started from the build (`npm run build` first) on a new PGlite
 * folder with the demo catalogue, on a free 127.0.0.1 port in its own process group. It scores the
 * landing page, the marketplace, a chip page and a creator gallery, and prints one line per page with
 * the four category scores, FCP, LCP and total blocking time. Issue 12's goal is ≥ 95 in every category.
 *
 * Each page is run LIGHTHOUSE_RUNS times (default 3) and the line shows the median of each figure, as
 * the simulated throttling multiplies whatever the shared machine's CPU really took. LIGHTHOUSE_PAGES
 * picks pages by name, comma-separated (`landing,chip` matches "landing" and "chip page").
 *
 * Lighthouse itself is run with `npx --yes lighthouse@<LIGHTHOUSE_VERSION>` (fetched from the npm
 * registry on first use, not a dependency of the project) against Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium). Reports (JSON) are kept under LIGHTHOUSE_OUT (default a temporary folder).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port.ts';
import { ROUTES } from '../src/shared/brand.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIGHTHOUSE_VERSION = '13.5.0';
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('LIGHTHOUSE_RUNS must be a positive integer');
const PAGE_FILTER = (process.env.LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((p) => p.trim().toLowerCase())
  .filter(Boolean);

type Report = {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

if (!fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-lighthouse-'));
const outDir =
  process.env.LIGHTHOUSE_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-lighthouse-out-'));
fs.mkdirSync(outDir, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const server: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: ROOT,
  detached: true, // its own process group, stopped as a group
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
});

function stopServer(): void {
  try {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', stopServer);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer within 120 s');
}

await waitForServer();

// A listed chip of the demo catalogue and its creator, read from the public API like any visitor.
const list = (await (await fetch(`${base}/api/artchip`, { signal: AbortSignal.timeout(30_000) })).json()) as {
  items: { slug: string; creatorUsername: string }[];
};
const chip = list.items[0];
if (!chip) throw new Error('the demo catalogue has no listed chip');
const pages = [
  { name: 'landing', url: `${base}/` },
  { name: 'marketplace', url: `${base}/marketplace` },
  { name: 'chip page', url: base + ROUTES.chip(chip.creatorUsername, chip.slug) },
  { name: 'creator gallery', url: base + ROUTES.gallery(chip.creatorUsername) },
].filter((p) => PAGE_FILTER.length === 0 || PAGE_FILTER.some((f) => p.name.startsWith(f)));
if (pages.length === 0) throw new Error(`LIGHTHOUSE_PAGES matches no page: ${PAGE_FILTER.join(', ')}`);

function runLighthouse(url: string, file: string) {
  fs.rmSync(file, { force: true });
  return spawnSync(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${file}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROME } },
  );
}

const pct = (score: number | null) => (score === null ? '  –' : String(Math.round(score * 100)).padStart(3));
/** The middle value (the lower middle of an even count); null when a run had no score. */
function median(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${RUNS} run(s) per page, load average ${load()}`,
);
console.log(`${'page'.padEnd(16)} perf a11y  b-p  seo     FCP     LCP      TBT  (perf of each run)`);
let failed = false;
for (const page of pages) {
  // Warm the server's cache as a CDN or a previous visitor would; Lighthouse's own run is cold in Chromium.
  await (await fetch(page.url, { signal: AbortSignal.timeout(30_000) })).text();
  const reports: Report[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const file = path.join(outDir, `${page.name.replace(/\W+/g, '-')}-${run}.json`);
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run is repeated once.
    let res = runLighthouse(page.url, file);
    if (res.status !== 0) res = runLighthouse(page.url, file);
    if (res.status !== 0 || !fs.existsSync(file)) {
      console.error(`${page.name}, run ${run}: lighthouse exited with ${res.status ?? res.signal}`);
      failed = true;
      continue;
    }
    reports.push(JSON.parse(fs.readFileSync(file, 'utf8')) as Report);
  }
  if (reports.length === 0) continue;
  const scores = CATEGORIES.map((c) => median(reports.map((r) => r.categories[c].score)));
  if (scores.some((s) => s === null || s < 0.95)) failed = true;
  const audit = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? null)) ?? NaN;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(7);
  const perRun = reports.map((r) => pct(r.categories.performance.score).trim()).join(' ');
  console.log(
    `${page.name.padEnd(16)} ${scores.map(pct).join('  ')}  ${seconds(audit('first-contentful-paint'))} ${seconds(
      audit('largest-contentful-paint'),
    )} ${`${Math.round(audit('total-blocking-time'))} ms`.padStart(8)}  (${perRun})`,
  );
}
console.log(`Load average at the end: ${load()}`);
console.log(`Reports: ${outDir}`);
// The server child keeps the event loop alive: exit (which stops it) once the reports are in.
process.exit(failed ? 1 : 0);
