/**
 * The script every page loads first: the entry chunk `vite build` wrote into dist/web/index.html and
 * the chunks it modulepreloads, each gzipped (level 9, as the build precompresses them) and in brotli.
 * Run after a build: `npm run build && npm run bench:entry`. Issue 12's goal is 90 KB gzip or less.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const WEB_DIST = path.resolve(import.meta.dirname, '../dist/web');
// KB are 1,000 bytes here, as in the issue (the stricter reading of 90 KB).
const GOAL_GZIP_BYTES = 90_000;

const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
].map((m) => m[1]!);
if (scripts.length === 0) throw new Error('dist/web/index.html loads no module script: build first');

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const rows = scripts.map((file) => {
  const code = fs.readFileSync(path.join(WEB_DIST, file));
  return {
    file,
    raw: code.length,
    gzip: zlib.gzipSync(code, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const total = rows.reduce(
  (sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, brotli: sum.brotli + r.brotli }),
  {
    raw: 0,
    gzip: 0,
    brotli: 0,
  },
);
for (const r of rows)
  console.log(
    `${r.file.padEnd(40)} ${kb(r.raw).padStart(9)} raw ${kb(r.gzip).padStart(8)} gzip ${kb(r.brotli).padStart(8)} brotli`,
  );
console.log(
  `${'entry total'.padEnd(40)} ${kb(total.raw).padStart(9)} raw ${kb(total.gzip).padStart(8)} gzip ${kb(total.brotli).padStart(8)} brotli`,
);
console.log(
  total.gzip <= GOAL_GZIP_BYTES
    ? `within the ${kb(GOAL_GZIP_BYTES)} gzip goal`
    : `over the ${kb(GOAL_GZIP_BYTES)} gzip goal by ${kb(total.gzip - GOAL_GZIP_BYTES)}`,
);
process.exitCode = total.gzip <= GOAL_GZIP_BYTES ? 0 : 1;
