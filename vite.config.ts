import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes .br and .gz beside each text asset so the server can send them precompressed.
 * Runs after the bundle is on disk: earlier hooks still see code that later plugins rewrite.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'artchip-precompress',
    apply: 'build',
    enforce: 'post',
    // The browser's assets only: the server bundle (dist/ssr) is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true }).map(String);
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const buf = fs.readFileSync(file);
            if (buf.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzip(buf, { level: 9 }),
            ]);
            fs.writeFileSync(`${file}.br`, br);
            fs.writeFileSync(`${file}.gz`, gz);
          }),
      );
    },
  };
}

const API_TARGET = 'http://127.0.0.1:3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No polyfill in every page's first script: a browser without modulepreload (Safari before 17)
    // still loads each module, only when it is imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and TanStack Query, which every page loads first, in one chunk of their own: it
          // changes only with their versions, so a deploy of the app leaves it cached. Infinite
          // queries and mutations are left to the pages that use them (about 3 KB gzip that the
          // first script would otherwise carry).
          groups: [
            {
              name: 'vendor',
              test: /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-query|query-core))\/(?!.*(?:[iI]nfiniteQuery|useMutation\.|mutationObserver\.))/,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 300,
  },
  // `vite build` builds both: the browser's app into dist/web and the server renderer of public pages
  // (entry-server.tsx) into dist/ssr, which the server loads at start.
  builder: {},
  environments: {
    client: {},
    ssr: {
      build: {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node24',
        rolldownOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' } },
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': API_TARGET,
      '/media': API_TARGET,
      '/paypal': API_TARGET,
      '/robots.txt': API_TARGET,
      '/sitemap.xml': API_TARGET,
    },
  },
});
