import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertChip } from '#tests/factories/chips.ts';
import * as sourceRenderer from '#web/entry-server.tsx';
import { REFUND_RULE, REFUND_RULE_SHORT } from '#shared/refund-rule.ts';

// As server-rendering.test.ts: the page source's own shell stands in for the built index.html.
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function appWith(): Promise<App> {
  return buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
}

const SIGNED_IN = { cookie: 'artchip_signed_in=1' };

describe('a signed-in visitor’s / is never the visitor landing (issue 27)', () => {
  it('serves the shell without the landing to a browser with the signed-in marker, privately, never from the cache', async () => {
    const app = await appWith();
    // A visitor's landing first, so the public cache holds it.
    const visitor = await app.inject({ method: 'GET', url: '/' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Sign Up');
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    // A shared cache must keep the two answers apart.
    expect(visitor.headers.vary).toContain('Cookie');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['x-cache']).toBe('hit');

    const signedIn = await app.inject({ method: 'GET', url: '/', headers: SIGNED_IN });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).not.toBe('hit');
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain('Sign Up');
    expect(signedIn.body).not.toMatch(/Log in/i);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toContain('Cookie');

    // Still the landing for the next visitor, and other pages are rendered for everyone as before.
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('Sign Up');
    const faq = await app.inject({ method: 'GET', url: '/faq', headers: SIGNED_IN });
    expect(faq.body).not.toContain('<div id="root"></div>');
    expect(faq.headers.vary).not.toContain('Cookie');
  });
});

describe('unknown addresses answer 404 (issue 27)', () => {
  it('an unknown path is the Not Found page with a 404, and is not kept', async () => {
    const app = await appWith();
    for (const url of ['/no-such-page', '/uid/04AABBCCDDEEFF', '/artchip', '/gallery']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Page not found');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.headers['x-cache'], url).toBeUndefined();
    }
    // Known pages still answer 200.
    for (const url of ['/', '/marketplace', '/faq', '/login', '/my-orders']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('a legacy NFC link with a UID no chip has is a 404; a known one is 200', async () => {
    const app = await appWith();
    const chip = await insertChip(app.db, { nfcUid: '04A1B2C3D4E5F6' });
    const unknown = await app.inject({ method: 'GET', url: '/?UID=04FFFFFFFFFFFF' });
    expect(unknown.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/?UID=not-a-uid' })).statusCode).toBe(404);
    const known = await app.inject({ method: 'GET', url: '/?UID=04A1B2C3D4E5F6' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain(chip.title);
  });
});

describe('the refund rule reads the same everywhere (issue 27)', () => {
  it('the FAQ and the terms state it in the same words, and the footer on every page its short form', async () => {
    const app = await appWith();
    // The HTML escapes apostrophes and the like; the rule has none, so it appears as written.
    for (const url of ['/faq', '/terms']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(REFUND_RULE);
      expect(res.body, url).not.toMatch(/no refunds/i);
    }
    for (const url of ['/', '/marketplace', '/faq']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toContain(REFUND_RULE_SHORT);
    }
  });
});
