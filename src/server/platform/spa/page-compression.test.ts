import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pickEncoding, registerPageCompression } from './page-compression.ts';

const PAGE = `<!doctype html><html><body>${'<p>A chip page</p>'.repeat(200)}</body></html>`;
const PAGE_BUFFER = Buffer.from(PAGE);

async function appWithPages() {
  const app = Fastify();
  registerPageCompression(app);
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  // A cached page is the same Buffer on every answer.
  app.get('/cached', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE_BUFFER));
  app.get('/small', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
  app.get('/json', async () => ({ page: PAGE }));
  await app.ready();
  return app;
}

describe('page compression', () => {
  it('picks brotli, then gzip, from Accept-Encoding, and none that is refused', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('sends pages in brotli or gzip as asked, and as they are to a client that asks for neither', async () => {
    const app = await appWithPages();
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(PAGE.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);

    const gzip = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    const again = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(PAGE);

    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body).toBe(PAGE);
    await app.close();
  });

  it('leaves small pages and answers other than HTML alone', async () => {
    const app = await appWithPages();
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('<p>hi</p>');
    const json = await app.inject({ url: '/json', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.json()).toEqual({ page: PAGE });
    await app.close();
  });
});
