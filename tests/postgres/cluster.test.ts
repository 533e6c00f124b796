// Issue 12: WEB_CONCURRENCY runs several server processes on one port (node's cluster, PostgreSQL
// only); the primary bootstraps once, the workers share the jobs, and SIGTERM stops them all gracefully.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl } from '#tests/setup/db.ts';
import { createPgDatabase, dropPgDatabase, killGroup, spawnServer } from '#tests/helpers/processes.ts';

const dbName = `artchip_cluster_${crypto.randomBytes(4).toString('hex')}`;
let server: { pid?: number | undefined; exitCode: number | null } | undefined;

afterAll(async () => {
  if (server) killGroup(server);
  await dropPgDatabase(dbName);
});

describe('WEB_CONCURRENCY', () => {
  it('serves from several processes on one port and stops them all on SIGTERM', async () => {
    await createPgDatabase(dbName);
    const { child, base } = await spawnServer(
      {
        DATABASE_URL: adminUrl(dbName),
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      ['ignore', 'pipe', 'pipe'],
    );
    server = child;
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const pids = new Set<number>();
    const deadline = Date.now() + 60_000;
    // Each worker logs its requests with its own pid; keep asking until both have answered.
    while (pids.size < 2 && Date.now() < deadline) {
      try {
        await fetch(`${base}/api/health`, { headers: { connection: 'close' } });
      } catch {
        // not up yet
      }
      for (const line of output.split('\n')) {
        if (!line.includes('"url":"/api/health"')) continue;
        pids.add((JSON.parse(line) as { pid: number }).pid);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(pids.size).toBe(2);
    expect(pids.has(child.pid!)).toBe(false);
    // The start summary is printed once, by worker 1.
    expect(output.split('2 server processes share the port').length - 1).toBe(1);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
