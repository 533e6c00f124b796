/**
 * Issue 25, finding 3: distinct long URLs sent at a public cached route of a real server process,
 * with its resident memory read before and after. Shared by the API suite (a smaller count) and the
 * chaos suite (the full count).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { killGroup, spawnServer, waitForHealth } from './processes.ts';

/** A public route the cache keeps (plugins/public-cache.ts) that reads nothing from the database. */
const ROUTE = '/api/site-info';
/** Node's default limit on a request's head is 16 KiB; the URL stays just under it. */
const URL_LENGTH = 16_000;
/** Requests sent before the baseline is read. */
const WARM_UP = 10_000;

export type FloodResult = {
  /** VmRSS of the server process before and after, in MB. */
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Wall time of the flood, in seconds. */
  seconds: number;
  /** Answers by status. */
  statuses: Record<number, number>;
};

/** The server process's resident memory (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kb) || kb <= 0) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

function get(agent: http.Agent, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: '127.0.0.1', port, path: urlPath }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The i-th distinct long URL of `route`: an unknown parameter padded to URL_LENGTH. */
function longUrl(i: number, route = ROUTE): string {
  const head = `${route}?pad=${i.toString(36)}-`;
  return head + 'x'.repeat(URL_LENGTH - head.length);
}

/** Sends `count` distinct long URLs of `route` with `concurrency` in flight; answers by status. */
async function flood(
  agent: http.Agent,
  port: number,
  count: number,
  concurrency: number,
  route = ROUTE,
): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const status = await get(agent, port, longUrl(next++, route));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/**
 * Starts a server on a fresh PGlite directory, warms it up, reads its RSS, sends `count` distinct long
 * URLs with `concurrency` requests in flight (keep-alive connections on 127.0.0.1), and reads it again.
 */
export async function floodWithLongUrls(count: number, concurrency = 16): Promise<FloodResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-flood-'));
  let child: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    child = server.child;
    await waitForHealth(server.base);
    const pid = child.pid!;
    // Warm up before the baseline: code compiled, connections open, and the same traffic at a route
    // the cache never sees (a 404), so the start-up's garbage is collected and the heap has grown to
    // what such requests need (otherwise the baseline moves by hundreds of MB from run to run).
    await flood(agent, server.port, WARM_UP, concurrency, '/api/no-such-route');
    await new Promise((r) => setTimeout(r, 1000));
    const rssBeforeMb = rssMb(pid);
    const started = performance.now();
    const statuses = await flood(agent, server.port, count, concurrency);
    const seconds = (performance.now() - started) / 1000;
    // Let the server settle (its last answers sent, a moment for the collector) before reading again.
    await new Promise((r) => setTimeout(r, 1000));
    return { rssBeforeMb, rssAfterMb: rssMb(pid), seconds, statuses };
  } finally {
    agent.destroy();
    if (child) killGroup(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
