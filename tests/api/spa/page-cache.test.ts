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

  it("serves a page with ref or utm_* from the plain page's entry: it is rendered without them", async () => {
    const app = await buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
    await app.publicCache.catchUp();
    const plain = await app.inject({ method: 'GET', url: '/top-minters' });
    expect(plain.headers['x-cache']).toBe('miss');
    const kept = app.publicCache.size;
    for (const url of [
      '/top-minters?ref=friend1',
      '/top-minters?ref=friend2&utm_source=news&utm_medium=mail',
    ]) {
      const referred = await app.inject({ method: 'GET', url });
      expect(referred.headers['x-cache'], url).toBe('hit');
      // One visitor's affiliate code is never handed to the next: no page carries it (the browser
      // keeps it from its own address bar, layout.tsx).
      expect(referred.body).toBe(plain.body);
      expect(referred.body).not.toContain('friend');
    }
    expect(app.publicCache.size).toBe(kept);
  });
});
