import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killGroup, waitForHealth } from '#tests/helpers/processes.ts';

// The real `node src/server/main.ts` process: configuration errors, the data-directory lock and a
// graceful SIGTERM that finishes in-flight requests and keeps every committed write.

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };
const started: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // Its own process group, so cleanup can stop it and anything it started.
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

function signUp(port: number, name: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@example.com`,
      username: name,
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
    }),
  });
}

async function emailExists(port: number, name: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/check-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}@example.com` }),
  });
  return ((await res.json()) as { exists: boolean }).exists;
}

afterEach(() => {
  for (const child of started.splice(0)) killGroup(child);
});

describe('the server process', () => {
  it('refuses to start on a bad value, naming the variable', async () => {
    const server = await startServer({
      PORT: 'not-a-port',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ac-')),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT:/);
  });

  it('locks its data directory, and on SIGTERM finishes in-flight requests and keeps committed writes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-proc-'));
    const first = await startServer({ DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${first.port}`);
    expect((await signUp(first.port, 'before_stop')).status).toBe(201);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process/);

    // A request the server has started on when SIGTERM arrives still completes.
    const inFlight = signUp(first.port, 'during_stop');
    // Wait until the server has logged the second sign-up as incoming, then stop it.
    await waitFor(() => first.output().split('"url":"/api/auth/signup"').length > 2);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await first.exited, first.output().slice(-3000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'artchip.lock'))).toBe(false);

    const restarted = await startServer({ DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${restarted.port}`);
    expect(await emailExists(restarted.port, 'before_stop')).toBe(true);
    expect(await emailExists(restarted.port, 'during_stop')).toBe(true);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  }, 300_000);
});
