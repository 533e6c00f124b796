/**
 * Issue 25, finding 7: the causes of 500s the fuzzing found, each answered 400 or 404 in words.
 * (The input guard's recursion is covered by tests/api/hardening/nested-body.test.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '#server/app.ts';
import { buildTestApp, closeTestResources, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

const cursorOf = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url');

// The page source's own shell stands in for the built index.html (as in tests/api/spa); the pages'
// own lookups, not the renderer's, met the database.
let webDist: string;
let app: App;
let adminToken: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
  app = await buildTestApp({ spa: { pageRenderer: null, webDist } });
  adminToken = (await insertAdmin(app.db)).token;
});
afterAll(async () => {
  await closeTestResources();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('page paths with a NUL byte or a lone surrogate are not found', () => {
  test.each([
    '/artchip/%00/y',
    '/artchip/maker/%00',
    '/artchip/maker/a%00b/',
    '/gallery/%00',
    '/%00',
    '/faq%00',
  ])('%s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });
});

describe('sitemap pages', () => {
  test('a page past the end is not found, however large its number', async () => {
    await insertChip(app.db);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/chips-1.xml' })).statusCode).toBe(200);
    for (const n of [2, 53688, 999999]) {
      const res = await app.inject({ method: 'GET', url: `/sitemaps/chips-${n}.xml` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Sitemap not found' });
    }
  });
});

describe('forged keyset cursors are refused with 400', () => {
  test.each([
    ['an impossible date', 'newest', ['n', '9999-99-99T99:99:99.999999Z', 1]],
    ['February 30th', 'newest', ['n', '2026-02-30T10:00:00.000000Z', 1]],
    ['a year past the range', 'newest', ['n', '99999-01-01T00:00:00.000000Z', 1]],
    ['a price past the column', 'price_asc', ['pa', 9007199254740991, 1]],
    ['a price just past 2³¹−1', 'price_desc', ['pd', 2147483648, 1]],
    ['an id past the column', 'price_asc', ['pa', 100, 2147483648]],
  ])('%s', async (_name, sort, cursor) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/artchip?sort=${sort}&cursor=${cursorOf(cursor)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { cursor: ['Invalid cursor'] },
    });
  });

  test('a forged gallery cursor', async () => {
    const { user } = await insertUser(app.db, { username: 'cursor-maker' });
    await insertChip(app.db, { creatorId: user.id });
    const cursor = cursorOf(['g', '2026-13-01T00:00:00.000000Z', 1]);
    const res = await app.inject({
      method: 'GET',
      url: `/api/artchip/gallery/cursor-maker?cursor=${cursor}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { cursor: ['Invalid cursor'] } });
  });
});

describe('the admin chip edit', () => {
  test('a NUL byte in a JSON field is a validation error on that field', async () => {
    const chip = await insertChip(app.db);
    const res = await injectAs(app, adminToken, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { title: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { title: [expect.any(String)] },
    });
  });

  test('a NUL byte in a multipart field is a validation error on that field', async () => {
    const chip = await insertChip(app.db);
    const boundary = '----nul-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="description"',
      '',
      'x\u0000y',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await injectAs(app, adminToken, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { description: [expect.any(String)] } });
  });

  test('an empty price on a listed chip is "Price is required"', async () => {
    const chip = await insertChip(app.db);
    const res = await injectAs(app, adminToken, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { priceUsd: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Price is required',
      fieldErrors: { priceUsd: ['Price is required'] },
    });
  });

  test('the price may be cleared in the same edit that unlists the chip', async () => {
    const chip = await insertChip(app.db);
    const res = await injectAs(app, adminToken, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { priceUsd: '', status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'inactive', priceUsd: null });
  });
});

describe('accounting dates outside 2000–2100 are refused in words', () => {
  test.each([
    ['from=0000-01-01', 'from'],
    ['to=9999-12-31', 'to'],
    ['from=1999-12-31&to=2000-01-31', 'from'],
    ['to=2101-01-01', 'to'],
  ])('%s', async (query, field) => {
    for (const url of [`/api/admin/accounting?${query}`, `/api/admin/accounting.csv?${query}`]) {
      const res = await injectAs(app, adminToken, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { [field]: ['Use a date between 2000-01-01 and 2100-12-31'] },
      });
    }
  });

  test('a start after the end is refused', async () => {
    const res = await injectAs(app, adminToken, {
      method: 'GET',
      url: '/api/admin/accounting?from=2026-02-01&to=2026-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { from: ['From must be on or before To'] } });
  });

  test('dates at the edges of the range are answered', async () => {
    const res = await injectAs(app, adminToken, {
      method: 'GET',
      url: '/api/admin/accounting?from=2000-01-01&to=2100-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: '2000-01-01', to: '2100-12-31' });
  });
});
