import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Emits .br and .gz beside each text asset so the server can send them precompressed. */
function precompress(): Plugin {
  return {
    name: 'artchip-precompress',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const [fileName, asset] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const source = asset.type === 'chunk' ? asset.code : asset.source;
        const buf = Buffer.from(typeof source === 'string' ? source : Buffer.from(source));
        if (buf.length < 1024) continue;
        const [br, gz] = await Promise.all([
          brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(buf, { level: 9 }),
        ]);
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: br });
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gz });
      }
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
    chunkSizeWarningLimit: 300,
  },
  server: {
    port: 3000,
    proxy: { '/api': API_TARGET, '/media': API_TARGET, '/paypal': API_TARGET, '/robots.txt': API_TARGET, '/sitemap.xml': API_TARGET },
  },
});
