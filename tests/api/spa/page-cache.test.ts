// Issue 25, finding 3: the public cache keeps a rendered page only when every parameter in its URL is
// one the page reads or carries; made-up ones are rendered and not kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/helpers/app.ts';
import * as sourceRenderer from '#web/entry-server.tsx';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('which pages the public cache keeps', () => {
  it('keeps a page whose parameters it reads, renders one with made-up parameters without keeping it', async () => {
    const app = await buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
    await app.publicCache.catchUp();
    const cacheOf = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.headers['x-cache'];
    };
    expect(await cacheOf('/marketplace?q=sea')).toBe('miss');
    expect(await cacheOf('/marketplace?q=sea')).toBe('hit');
    expect(await cacheOf('/marketplace')).toBe('miss');
    // The pages and the API answers they were rendered from.
    const kept = app.publicCache.size;
    expect(await cacheOf('/marketplace?pad=made-up')).toBeUndefined();
    expect(await cacheOf('/marketplace?pad=made-up')).toBeUndefined();
    expect(await cacheOf(`/marketplace?q=sea&utm_content=${'a'.repeat(2100)}`)).toBeUndefined();
    expect(app.publicCache.size).toBe(kept);
  });

  it('keeps a page with ref under its own URL, because the page carries the parameter in its links', async () => {
    const app = await buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
    await app.publicCache.catchUp();
    const plain = await app.inject({ method: 'GET', url: '/top-minters' });
    const referred = await app.inject({ method: 'GET', url: '/top-minters?ref=friend1' });
    expect(referred.headers['x-cache']).toBe('miss');
    // The Log in link brings the visitor back with the code: one visitor's page is not another's.
    expect(referred.body).toContain('ref%3Dfriend1');
    expect(plain.body).not.toContain('friend1');
    expect((await app.inject({ method: 'GET', url: '/top-minters?ref=friend1' })).headers['x-cache']).toBe(
      'hit',
    );
  });
});
