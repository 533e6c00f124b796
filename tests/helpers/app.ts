import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '#server/app.ts';
import type { SpaOptions } from '#server/platform/spa/index.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import { openTestDatabase, resetDatabase } from '#tests/setup/db.ts';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Promise<TestDatabase> | null = null;
const openApps = new Set<App>();

/** This test file's database, opened on first use and dropped after the file's tests. */
export function testDatabase(): Promise<TestDatabase> {
  database ??= openTestDatabase();
  return database;
}

export async function closeTestResources(): Promise<void> {
  for (const app of openApps) await app.close();
  openApps.clear();
  if (database) {
    const d = await database;
    database = null;
    await d.drop();
  }
}

/** A config built in code, as the server would parse it from this environment. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-data-'));
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
}

export type TestAppOptions = {
  env?: Record<string, string | undefined>;
  clock?: Clock;
  keepData?: boolean;
  /** Captures log lines (logging on at LOG_LEVEL info unless env sets it). */
  logStream?: { write: (line: string) => void };
  /** The web app and page renderer the SPA routes serve; by default dist/web and no server rendering. */
  spa?: SpaOptions;
};

/** buildApp on this file's database, emptied first unless keepData; closed after the file's tests. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const db = await testDatabase();
  if (!options.keepData) await resetDatabase(db);
  const { logStream } = options;
  const env = logStream ? { LOG_LEVEL: 'info', ...options.env } : options.env;
  const app = await buildApp(testConfig(env), {
    database: db,
    clock: options.clock,
    logger: !!logStream,
    logStream,
    spa: { pageRenderer: null, ...options.spa },
  });
  openApps.add(app);
  await app.ready();
  return app;
}

/** app.inject with a bearer token. */
export function injectAs(
  app: App,
  token: string | null | undefined,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = { ...(request.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  return app.inject({ ...request, headers });
}
