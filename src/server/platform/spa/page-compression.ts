import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller bodies are sent as they are (as @fastify/static does for assets without a .br or .gz). */
const MIN_BYTES = 1024;
/** Brotli at 5: within a few percent of 11 on a page, in about a millisecond. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

type Encoding = 'br' | 'gzip';

/** The encoding to send, from an Accept-Encoding header (brotli first); q=0 rules one out. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
}

/**
 * Compresses the HTML pages of this plugin's routes (the hashed assets are precompressed at build).
 * A page served from the public cache is the same Buffer each time, so its compressed bodies are kept
 * beside it (a WeakMap: they go when the cache drops the entry) and each is compressed once.
 */
export function registerPageCompression(app: FastifyInstance): void {
  const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < MIN_BYTES) return payload;
    let variants = compressed.get(body);
    if (!variants) compressed.set(body, (variants = {}));
    const encoded = (variants[encoding] ??= compress(body, encoding));
    void reply.header('content-encoding', encoding).removeHeader('content-length');
    return encoded;
  });
}
