/** What tests that start real server processes share: free ports, stopping process groups, databases. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { adminUrl } from '#tests/setup/db.ts';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

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
