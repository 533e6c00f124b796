// `npm test`: typecheck, unit + API tests on PGlite, then the browser tests when Chromium is installed
// (required when CI=true or REQUIRE_BROWSER_TESTS=1). With TEST_DATABASE_URL set (CI), the API tests
// run on PostgreSQL instead, and on PGlite only the suites about what differs there (one connection,
// in-process notifications, the data-directory lock); those two steps and the browser tests (the real
// server on PGlite) then run at the same time, which keeps CI under 20 minutes. Closes with the names of the tests that failed or passed only on
// CI's one retry (so the end of the log says which), then one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.CI === 'true' || process.env.REQUIRE_BROWSER_TESTS === '1';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-test-report-'));
let passed = 0;
let failed = 0;
let ok = true;
const failures: string[] = [];
const retried: string[] = [];
const retriedReport = path.join(reportDir, 'retried.jsonl');

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const success = res.status === 0;
  // How long each step took, so a CI log says where its minutes went.
  const took = `${Math.round((performance.now() - started) / 1000)} s`;
  if (!success) {
    ok = false;
    console.error(`✖ ${label} failed (exit ${res.status ?? res.signal}) after ${took}`);
  } else console.log(`✔ ${label} (${took})`);
  return success;
}

type Step = { label: string; cmd: string; args: string[]; env?: Record<string, string> };

/**
 * Runs steps at the same time, each writing to its own log, then prints each log whole, in order, so
 * the output reads as if they had run one after another. For CI's PGlite, PostgreSQL and browser
 * steps: each spends much of its time waiting (on the database server, on pages), the others fill it.
 */
async function runTogether(steps: Step[]): Promise<boolean[]> {
  const started = performance.now();
  console.log(`\n▶ at the same time: ${steps.map((s) => s.label).join(' ‖ ')}`);
  const results = await Promise.all(
    steps.map(
      (step, i) =>
        new Promise<{ success: boolean; took: string; log: string }>((resolve) => {
          const log = path.join(reportDir, `step-${i}.log`);
          const out = fs.openSync(log, 'w');
          const stepStarted = performance.now();
          const child = spawn(step.cmd, step.args, {
            stdio: ['ignore', out, out],
            env: { ...process.env, FORCE_COLOR: '1', ...step.env },
          });
          child.on('close', (code, signal) => {
            fs.closeSync(out);
            const took = `${Math.round((performance.now() - stepStarted) / 1000)} s`;
            resolve({ success: code === 0, took: code === null ? `${took}, ${signal}` : took, log });
          });
        }),
    ),
  );
  const successes = steps.map((step, i) => {
    const r = results[i]!;
    console.log(`\n▶ ${step.label}`);
    process.stdout.write(fs.readFileSync(r.log));
    if (r.success) console.log(`✔ ${step.label} (${r.took})`);
    else {
      ok = false;
      console.error(`✖ ${step.label} failed after ${r.took}`);
    }
    return r.success;
  });
  console.log(`\n(the steps above ran together in ${Math.round((performance.now() - started) / 1000)} s)`);
  return successes;
}

/** The first lines of a failure, enough to tell which assertion and where. */
function firstLines(message: string | undefined): string {
  return (message ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 4)
    .map((l) => `      ${l.slice(0, 200)}`)
    .join('\n');
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

function countVitest(label: string, file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestReport;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const suite of r.testResults) {
    const where = path.relative(process.cwd(), suite.name);
    // A file that fails before its tests run (an import or a hook) has a message and no failed test.
    if (suite.message && !suite.assertionResults.some((t) => t.status === 'failed'))
      failures.push(`  ${label} › ${where}\n${firstLines(suite.message)}`);
    for (const t of suite.assertionResults)
      if (t.status === 'failed')
        failures.push(`  ${label} › ${where} › ${t.fullName}\n${firstLines(t.failureMessages[0])}`);
  }
}

interface PlaywrightSuite {
  file: string;
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const name = `browser › ${suite.file} › ${spec.title}`;
        const error = t.results.find((res) => res.error)?.error?.message;
        if (t.status === 'unexpected') failures.push(`  ${name}\n${firstLines(error)}`);
        if (t.status === 'flaky') retried.push(`  ${name}\n${firstLines(error)}`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites) walk(suite);
}

function listRetriedVitest() {
  if (!fs.existsSync(retriedReport)) return;
  for (const line of fs.readFileSync(retriedReport, 'utf8').split('\n').filter(Boolean)) {
    const t = JSON.parse(line) as { file: string; name: string; retries: number };
    retried.push(`  ${t.file} › ${t.name} (passed on retry ${t.retries})`);
  }
}

const bin = (name: string) => path.join('node_modules', '.bin', name);

/** The console, the JSON counts, the retried list; one retry in CI, as the browser tests have. */
function vitestReporters(jsonFile: string): string[] {
  return [
    '--reporter=default',
    '--reporter=json',
    '--reporter=./tests/setup/retried-reporter.ts',
    `--outputFile.json=${jsonFile}`,
    ...(process.env.CI ? ['--retry=1'] : []),
  ];
}

// .ci/run type-checks beside ESLint before this, and says so.
if (process.env.TYPECHECKED === '1') console.log('\n(typecheck: done by .ci/run beside ESLint)');
else run('typecheck', bin('tsc'), ['--noEmit']);

/**
 * What PGlite does its own way: one connection (concurrent checkouts and paying holds), notifications
 * in-process (jobs, the settings and page caches), the data folder's lock (the server processes); the
 * fuzz's hand-written reproductions, whose errors differ by database (STYLE §7: dates). The generated
 * fuzz over every route, the rest of checkout and the mail run on PostgreSQL in CI, and on PGlite in
 * a plain `npm test`: 3 of CI's minutes (measured: 57 s, 100 s and 33 s of test time here).
 */
const PGLITE_SUITES = [
  'src',
  'tests/api/fuzz/reproductions.test.ts',
  'tests/api/health.test.ts',
  'tests/api/process',
  'tests/api/spa',
  'tests/api/settings',
  'tests/api/chips/public-cache.test.ts',
  'tests/api/checkout/concurrency.test.ts',
  'tests/api/checkout/paying-holds.test.ts',
  'tests/api/jobs',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const hasChromium = fs.existsSync(chromium);
const pgliteReport = path.join(reportDir, 'vitest-pglite.json');
const pgReport = path.join(reportDir, 'vitest-postgres.json');
const pwReport = path.join(reportDir, 'playwright.json');

const pgliteStep: Step = {
  label: onPostgres ? 'unit tests, and the PGlite-specific API tests' : 'unit and API tests (PGlite)',
  cmd: bin('vitest'),
  args: ['run', ...(onPostgres ? PGLITE_SUITES : []), ...vitestReporters(pgliteReport)],
  env: { RETRIED_REPORT: retriedReport },
};
const postgresStep: Step = {
  label: 'API tests (PostgreSQL)',
  cmd: bin('vitest'),
  args: [
    'run',
    'tests/api',
    'tests/postgres',
    // The server-process tests start servers on their own PGlite folders: once is enough.
    '--exclude=tests/api/process/**',
    ...vitestReporters(pgReport),
  ],
  env: { TEST_DB: 'postgres', RETRIED_REPORT: retriedReport },
};
const browserStep: Step = {
  label: 'browser tests (Chromium)',
  cmd: bin('playwright'),
  args: ['test', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport },
};

if (!hasChromium) {
  if (requireBrowser) {
    ok = false;
    console.error(
      `\n✖ browser tests are required but Chromium was not found at ${chromium} (apt-get install -y chromium)`,
    );
  } else {
    console.log(
      `\nNOTICE: browser tests skipped: Chromium not found at ${chromium} (apt-get install -y chromium to run them).`,
    );
  }
}
// The browser tests need the built app; built first, so they can run beside the other steps.
const built = hasChromium && run('build the web app', bin('vite'), ['build', '--logLevel', 'warn']);

if (onPostgres) {
  // CI: the three steps at once. Measured on 2 cores, one after another they kept the processors busy
  // less than half the time (the PostgreSQL step waits on its database, the browser tests on pages).
  await runTogether([pgliteStep, postgresStep, ...(built ? [browserStep] : [])]);
  countVitest('PGlite', pgliteReport);
  countVitest('PostgreSQL', pgReport);
} else {
  run(pgliteStep.label, pgliteStep.cmd, pgliteStep.args, pgliteStep.env);
  countVitest('vitest', pgliteReport);
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only)');
  if (built) run(browserStep.label, browserStep.cmd, browserStep.args, browserStep.env);
}
if (built) countPlaywright(pwReport);

listRetriedVitest();
if (retried.length) console.log(`\nPassed only on a retry (flaky: fix them):\n${retried.join('\n')}`);
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
