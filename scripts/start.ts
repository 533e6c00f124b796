// `npm start`: builds the web app only when what the build reads changed since the last build made
// here, then runs the server in this process. `npm start -- --rebuild` builds regardless.
//
// The fingerprint is a sha256 of the contents of every build input (~400 files, a few ms to read):
// src/web (Vite's root: index.html, public/, styles.css, which Tailwind scans), src/shared, the
// configs the build reads, the lockfile, package.json without its scripts, and NODE_ENV (Vite builds
// React in development mode under NODE_ENV=development). Test files are left out: the bundle never
// imports them. dist/.build-stamp.json records the fingerprint and the index.html that build wrote,
// so a build made elsewhere (`npm run build`, `npm test`) is not mistaken for this one.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'dist', '.build-stamp.json');
const INDEX = path.join(root, 'dist', 'web', 'index.html');
// The server renderer of public pages, built by the same `vite build` (vite.config.ts).
const SSR_ENTRY = path.join(root, 'dist', 'ssr', 'entry-server.js');
const INPUT_DIRS = ['src/web', 'src/shared'];
const INPUT_FILES = ['vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

type Stamp = {
  fingerprint: string;
  files: number;
  builtAt: string;
  index: { size: number; mtimeMs: number };
};

function inputFiles(): string[] {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || TEST_FILE.test(entry.name)) continue;
      files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of INPUT_FILES) if (fs.existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

function fingerprint(): { hash: string; files: number } {
  const hash = crypto.createHash('sha256');
  const files = inputFiles();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete pkg.scripts;
  hash.update(`package.json\0${JSON.stringify(pkg)}\0`);
  // Vite builds for production when NODE_ENV is unset, so unset and `production` are one build.
  hash.update(`NODE_ENV=${process.env.NODE_ENV || 'production'}\0`);
  return { hash: hash.digest('hex'), files: files.length };
}

function readStamp(): Stamp | null {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

function indexStat(): { size: number; mtimeMs: number } | null {
  try {
    const s = fs.statSync(INDEX);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const started = performance.now();
const current = fingerprint();
const stamp = readStamp();
const index = indexStat();
let reason: string | null = null;
if (process.argv.includes('--rebuild')) reason = 'asked with --rebuild';
else if (!index) reason = 'no build in dist/web yet';
else if (!fs.existsSync(SSR_ENTRY)) reason = 'no page renderer in dist/ssr yet';
else if (!stamp) reason = 'no record of the last build';
else if (stamp.fingerprint !== current.hash) reason = 'sources changed since the last build';
else if (stamp.index.size !== index.size || stamp.index.mtimeMs !== index.mtimeMs)
  reason = 'dist/web was rebuilt outside npm start';

if (reason === null) {
  console.log(
    `web app: reused the build in dist/web and dist/ssr (sources unchanged; checked ${current.files} files in ${seconds(performance.now() - started)})`,
  );
} else {
  console.log(`web app: building (${reason})…`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error(`web app: build failed (exit ${res.status ?? res.signal}); the server was not started`);
    process.exit(res.status ?? 1);
  }
  const built = indexStat();
  if (built) {
    const record: Stamp = {
      fingerprint: current.hash,
      files: current.files,
      builtAt: new Date().toISOString(),
      index: built,
    };
    fs.writeFileSync(STAMP, `${JSON.stringify(record, null, 2)}\n`);
  }
  console.log(`web app: rebuilt in ${seconds(performance.now() - started)}`);
}

// The server runs in this process (no child to forward signals and exit codes to): main.ts handles
// SIGINT/SIGTERM itself and exits with its own code.
await import('../src/server/main.ts');
