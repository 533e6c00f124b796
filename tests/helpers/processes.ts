/** What tests that start real server processes share: free ports, stopping process groups, databases. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import pg from 'pg';
import { adminUrl } from '#tests/setup/db.ts';

import { freePort } from '../../scripts/lib/free-port.ts';

export { freePort };

/** Kills a process started with `detached: true` and everything in its group, if still running. */
export function killGroup(child: Pick<ChildProcess, 'pid' | 'exitCode'>): void {
  if (child.exitCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates an empty PostgreSQL database (a server process migrates it when it starts). */
export const createPgDatabase = (name: string) => onServer(`create database ${name}`);

/** Drops it, even with connections still open. */
export const dropPgDatabase = (name: string) => onServer(`drop database if exists ${name} with (force)`);

/**
 * Starts `src/server/main.ts` on a free port in its own process group (stop it with killGroup), with
 * only PATH from this environment and `env` on top; answers the child and its base URL.
 */
export async function spawnServer(
  env: Record<string, string>,
  stdio: StdioOptions = 'ignore',
): Promise<{ child: ChildProcess; port: number; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), ...env },
    detached: true,
    stdio,
  });
  return { child, port, base: `http://127.0.0.1:${port}` };
}

/**
 * Waits until the server at `base` answers /api/health, or throws after `timeoutMs`. A server on a
 * fresh PGlite directory migrates before it listens, which a busy test machine stretches to tens of
 * seconds: give the test that waits a timeout above this one.
 */
export async function waitForHealth(base: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server on ${base} did not answer /api/health within ${timeoutMs / 1000} s`);
}
