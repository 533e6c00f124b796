import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/helpers/app.ts';
import { killGroup, spawnServer, waitForHealth } from '#tests/helpers/processes.ts';
import { JSON_TOO_DEEP_MESSAGE, JSON_TOO_MANY_VALUES_MESSAGE } from '#server/lib/json-shape.ts';
import { UNSAFE_TEXT_MESSAGE } from '#shared/input.ts';

// Issue 25, finding 1: a body of arrays nested ~1,800 deep cost 1.5 s of main-thread CPU in the text
// guard (recursive, copying the path at every level); 20,000 deep overflowed the stack (500). The body
// parser now refuses such shapes in one linear pass before anything walks them.

/** Just under the 1 MB body limit: arrays nested as deep as the bytes allow, with a NUL at the bottom. */
function nestedBody(depth: number): string {
  return '['.repeat(depth) + '"\\u0000"' + ']'.repeat(depth);
}

/** CPU time (user + system) a process has used so far, from /proc (Linux), in milliseconds. */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line (11 and 12 after "pid (comm) ").
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const post = { 'content-type': 'application/json', origin: 'http://localhost:3000' };

describe('bodies built to be expensive to walk', () => {
  it('a deeply nested body answers 400 in words, costing the server almost no CPU', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/checkout/quote', '/api/email-signup/unsubscribe', '/api/auth/login']) {
      for (const depth of [1_800, 20_000, 490_000]) {
        const before = process.cpuUsage();
        const res = await app.inject({ method: 'POST', url, headers: post, payload: nestedBody(depth) });
        const cpu = process.cpuUsage(before);
        expect(res.statusCode, `${url} at depth ${depth}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: JSON_TOO_DEEP_MESSAGE });
        // CPU, not wall time: ~1,500 ms before the fix at depth 1,800, a few ms after.
        expect((cpu.user + cpu.system) / 1000, `${url} at depth ${depth}`).toBeLessThan(50);
      }
    }
  });

  it('a body of too many values is refused; nesting within the bound still reaches the schema', async () => {
    const app = await buildTestApp();
    const wide = JSON.stringify({ items: Array.from({ length: 60_000 }, (_, i) => i) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: post,
      payload: wide,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(JSON_TOO_MANY_VALUES_MESSAGE);

    // 30 levels: within the bound, so the text guard names the NUL's place as before.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: post,
      payload: { email: 'a@example.com', password: ['x'.repeat(3)], deep: JSON.parse(nestedBody(30)) },
    });
    expect(ok.statusCode).toBe(400);
    expect(JSON.stringify(ok.json().fieldErrors)).toContain(UNSAFE_TEXT_MESSAGE);
  });

  it('strings holding brackets are not mistaken for nesting', async () => {
    const app = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: post,
      payload: { email: 'nobody@example.com', password: '['.repeat(100) + '{'.repeat(100) },
    });
    // An ordinary refused log-in, not a shape error.
    expect(res.statusCode).toBe(401);
  });
});

describe('ten nested bodies at once (a real server process)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach(killGroup));

  it('/api/health keeps answering while they arrive', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-nested-'));
    const { child, base } = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    children.push(child);
    await waitForHealth(base);
    const body = nestedBody(490_000);
    const cpuBefore = processCpuMs(child.pid!);
    const attacks = Array.from({ length: 10 }, () =>
      fetch(`${base}/api/checkout/quote`, { method: 'POST', headers: { ...post, origin: base }, body }).then(
        (r) => r.status,
      ),
    );
    // Health asked while the ten are being read and refused.
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const health = await fetch(`${base}/api/health`);
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    expect(await Promise.all(attacks)).toEqual(Array(10).fill(400));
    // The server's own CPU for the ten (not wall time, which a loaded machine stretches): about
    // 15 s before the fix (1.5 s each), tens of milliseconds after.
    expect(processCpuMs(child.pid!) - cpuBefore).toBeLessThan(1500);
    // Health waited 12 s behind them before the fix; generous room for a busy test machine.
    expect(healthMs).toBeLessThan(5000);
    // A fresh PGlite directory is migrated before the server listens: under CI's load, more than
    // the default 30 s (a failure of the whole step on 2026-11-28).
  }, 150_000);
});
