// `npm test`: typecheck, unit + API tests on PGlite, then the browser tests when Chromium is installed
// (required when CI=true or REQUIRE_BROWSER_TESTS=1). With TEST_DATABASE_URL set (CI), the API tests
// run on PostgreSQL instead, and on PGlite only the suites about what differs there (one connection,
// in-process notifications, the data-directory lock), which keeps CI under 20 minutes; the browser
// tests run the real server on PGlite. Prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.CI === 'true' || process.env.REQUIRE_BROWSER_TESTS === '1';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-test-report-'));
let passed = 0;
let failed = 0;
let ok = true;

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const success = res.status === 0;
  if (!success) {
    ok = false;
    console.error(`✖ ${label} failed (exit ${res.status ?? res.signal})`);
  }
  return success;
}

function countVitest(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}

function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
}

const bin = (name: string) => path.join('node_modules', '.bin', name);

run('typecheck', bin('tsc'), ['--noEmit']);

/** What PGlite does its own way: one connection, notifications in-process, the data folder's lock. */
const PGLITE_SUITES = [
  'src',
  'tests/api/health.test.ts',
  'tests/api/process',
  'tests/api/spa',
  'tests/api/settings',
  'tests/api/chips/public-cache.test.ts',
  'tests/api/checkout',
  'tests/api/jobs',
  'tests/api/mail',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pgliteReport = path.join(reportDir, 'vitest-pglite.json');
run(
  onPostgres ? 'unit tests, and the PGlite-specific API tests' : 'unit and API tests (PGlite)',
  bin('vitest'),
  [
    'run',
    ...(onPostgres ? PGLITE_SUITES : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgliteReport}`,
  ],
);
countVitest(pgliteReport);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = path.join(reportDir, 'vitest-postgres.json');
  run(
    'API tests (PostgreSQL)',
    bin('vitest'),
    [
      'run',
      'tests/api',
      'tests/postgres',
      // The server-process tests start servers on their own PGlite folders: once is enough.
      '--exclude=tests/api/process/**',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgReport}`,
    ],
    { TEST_DB: 'postgres' },
  );
  countVitest(pgReport);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only)');
}

if (fs.existsSync(chromium)) {
  if (run('build the web app', bin('vite'), ['build', '--logLevel', 'warn'])) {
    const pwReport = path.join(reportDir, 'playwright.json');
    run('browser tests (Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
    });
    countPlaywright(pwReport);
  }
} else if (requireBrowser) {
  ok = false;
  console.error(
    `\n✖ browser tests are required but Chromium was not found at ${chromium} (apt-get install -y chromium)`,
  );
} else {
  console.log(
    `\nNOTICE: browser tests skipped: Chromium not found at ${chromium} (apt-get install -y chromium to run them).`,
  );
}

if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
