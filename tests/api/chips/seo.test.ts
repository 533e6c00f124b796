import { describe, expect, it } from 'vitest';
import { resolvePageMeta } from '#server/platform/spa/page-meta.ts';
import { PAGE_META } from '#server/routes.ts';
import { SITEMAP_CHUNK } from '#server/http/chips/chips.seo.ts';
import type { App } from '#server/app.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';

const meta = (app: App, path: string) => resolvePageMeta(PAGE_META, app, new URL(path, app.config.publicUrl));

describe('page meta for shared links', () => {
  it('describes a chip page as a product with its image and canonical URL', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'Maker' });
    await insertChip(app.db, {
      creatorId: user.id,
      title: 'Night Sky',
      slug: 'night-sky',
      description: 'Stars over the bay.',
      originalImageUrl: '/media/abc.png',
    });
    expect(await meta(app, '/artchip/maker/night-sky')).toEqual({
      title: 'Night Sky by @Maker · Artchip',
      description: 'Stars over the bay.',
      canonicalPath: '/artchip/Maker/night-sky',
      image: '/media/abc.png',
      type: 'product',
    });
  });

  it('answers 404 meta for unknown chips, and a bare 200 for a taken-down one its owner may open', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, {
      creatorId: user.id,
      slug: 'secret',
      title: 'Secret title',
      ...CHIP_STATES.removed,
    });
    for (const path of ['/artchip/maker/nothing', '/artchip/%E0%A4%A/x']) {
      expect(await meta(app, path)).toMatchObject({ status: 404, noindex: true });
    }
    const pending = await meta(app, '/artchip/maker/secret');
    expect(pending).toMatchObject({ noindex: true, description: '' });
    expect(pending?.status ?? 200).toBe(200);
    expect(JSON.stringify(pending)).not.toContain('Secret title');
  });

  it('describes galleries and 404s unknown users', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, { creatorId: user.id });
    await insertChip(app.db, { creatorId: user.id, ...CHIP_STATES.sold });
    expect(await meta(app, '/gallery/Maker')).toMatchObject({
      title: "@maker's gallery · Artchip",
      description: '2 Artchips by @maker.',
      canonicalPath: '/gallery/maker',
      type: 'profile',
    });
    expect(await meta(app, '/gallery/ghost')).toMatchObject({ status: 404 });
  });

  it('describes /uid by the uid parameter or the bare query string', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, {
      creatorId: user.id,
      unitId: '12345678901234',
      slug: 'unit-chip',
      title: 'Unit Chip',
    });
    expect(await meta(app, '/uid?uid=12345678901234')).toMatchObject({
      title: 'Unit Chip by @maker · Artchip',
      canonicalPath: '/artchip/maker/unit-chip',
    });
    expect(await meta(app, '/uid?12345678901234')).toMatchObject({ title: 'Unit Chip by @maker · Artchip' });
    expect(await meta(app, '/uid?uid=99999999999999')).toMatchObject({ status: 404 });
    expect(await meta(app, '/uid')).toMatchObject({ title: 'Invalid Artchip ID · Artchip', noindex: true });
  });

  it('leaves other pages to the defaults', async () => {
    const app = await buildTestApp();
    expect(await meta(app, '/marketplace')).toMatchObject({
      title: 'Marketplace · Artchip',
      canonicalPath: '/marketplace',
    });
  });
});

describe('GET /robots.txt and /sitemap.xml', () => {
  it('robots.txt allows the site, keeps crawlers off private pages and names the sitemap', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://artchip.example' } });
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /my-artchip');
    expect(res.body).toContain('Disallow: /secret-admin-portal');
    expect(res.body).toContain('Sitemap: https://artchip.example/sitemap.xml');
  });

  it('the sitemap lists public pages, galleries and every listed chip with absolute URLs', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://artchip.example' } });
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, { creatorId: user.id, slug: 'listed-one' });
    await insertChip(app.db, { creatorId: user.id, slug: 'sold-one', ...CHIP_STATES.sold });
    await insertChip(app.db, { creatorId: user.id, slug: 'pending-one', ...CHIP_STATES.pending });
    const res = await app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://artchip.example/',
        'https://artchip.example/marketplace',
        'https://artchip.example/top-minters',
        'https://artchip.example/faq',
        'https://artchip.example/gallery/maker',
        'https://artchip.example/artchip/maker/listed-one',
      ]),
    );
    expect(locs.some((l) => l!.includes('pending-one'))).toBe(false);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('serves chip sitemap files by id range and 404s unknown files', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://artchip.example' } });
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, { creatorId: user.id, slug: 'first' });
    const chunk = await app.inject('/sitemaps/chips-1.xml');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('https://artchip.example/artchip/maker/first');
    expect((await app.inject('/sitemaps/chips-2.xml')).body).not.toContain('<url>');
    expect((await app.inject('/sitemaps/pages.xml')).body).toContain('https://artchip.example/gallery/maker');
    expect((await app.inject('/sitemaps/other.xml')).statusCode).toBe(404);
    expect(SITEMAP_CHUNK).toBeLessThanOrEqual(50_000);
  });
});
