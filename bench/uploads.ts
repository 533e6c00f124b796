/**
 * Issue 14 finding 3, measured: how fast `GET /media/…` and log-in answer while four hostile GIFs
 * (24 frames of 2000×2000, 90 KB each) are uploaded at once.
 *
 *   node bench/uploads.ts                 # this checkout
 *   node bench/uploads.ts --root <dir>    # another checkout (e.g. `git archive` of an older commit)
 *
 * Starts `node src/server/main.ts` of the root on a free 127.0.0.1 port with a fresh PGlite data
 * folder, signs in the admin it creates, stores one small image, then measures: GET of that image and
 * log-in while idle, and the same in a loop while the four uploads run. Prints the figures and the
 * load average; bench/README.md keeps the latest ones. Nothing here is asserted in tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort } from '../scripts/lib/free-port.ts';
import { hostileGif } from '../tests/api/media/images.ts';

const rootArg = process.argv.indexOf('--root');
const ROOT = path.resolve(rootArg > 0 ? process.argv[rootArg + 1]! : path.join(import.meta.dirname, '..'));
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 4);
const EMAIL = 'bench-admin@example.com';
const PASSWORD = 'bench-password-123';

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    detached: true, // its own process group, stopped as a group at the end
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      JOBS: 'false',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    },
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer within 120 s');
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const login = () =>
  fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });

function uploadForm(bytes: Buffer, filename: string, type: string): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, p50: Math.round(at(0.5)), max: Math.round(s[s.length - 1] ?? NaN) };
};

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-bench-uploads-'));
const server = startServer(port, dataDir);
const stop = () => {
  try {
    if (server.pid) process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  await waitForHealth(BASE, server);
  const session = (await (await login()).json()) as { token: string };
  const auth = { authorization: `Bearer ${session.token}` };
  const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const stored = (await (
    await fetch(`${BASE}/api/media`, {
      method: 'POST',
      headers: auth,
      body: uploadForm(small, 'a.png', 'image/png'),
    })
  ).json()) as { url: string };
  const getMedia = async () => {
    const res = await fetch(`${BASE}${stored.url}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${stored.url}: ${res.status}`);
  };

  // Idle figures.
  const idleMedia: number[] = [];
  const idleLogin: number[] = [];
  for (let i = 0; i < 20; i++) idleMedia.push((await timed(getMedia)).ms);
  for (let i = 0; i < 5; i++) idleLogin.push((await timed(login)).ms);
  const loadBefore = loadavg();

  // Under attack: UPLOADS bombs at once, media and log-in probed in a loop until they are done.
  const bomb = await hostileGif(24, 2000, 2000);
  let done = false;
  const attack = timed(() =>
    Promise.all(
      Array.from({ length: UPLOADS }, () =>
        timed(async () => {
          const res = await fetch(`${BASE}/api/media`, {
            method: 'POST',
            headers: auth,
            body: uploadForm(bomb, 'bomb.gif', 'image/gif'),
          });
          const body = (await res.json()) as { animated?: boolean; code?: string };
          return { status: res.status, animated: body.animated, code: body.code };
        }),
      ),
    ).finally(() => {
      done = true;
    }),
  );
  const busyMedia: number[] = [];
  const busyLogin: number[] = [];
  const probeMedia = (async () => {
    while (!done) {
      busyMedia.push((await timed(getMedia)).ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const probeLogin = (async () => {
    while (!done) {
      busyLogin.push((await timed(login)).ms);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const { ms: attackMs, value: uploads } = await attack;
  await Promise.all([probeMedia, probeLogin]);
  const loadAfter = loadavg();

  const result = {
    root: ROOT,
    cores: os.availableParallelism(),
    bombBytes: bomb.length,
    idle: { media: summary(idleMedia), login: summary(idleLogin) },
    underAttack: { media: summary(busyMedia), login: summary(busyLogin) },
    uploads: uploads.map((u) => ({ ms: Math.round(u.ms), ...u.value })),
    attackMs: Math.round(attackMs),
    loadBefore,
    loadAfter,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  stop();
}
