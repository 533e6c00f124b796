import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import type { PageRendererModule } from '#server/platform/spa/index.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertChip, insertChipEvent, CHIP_STATES } from '#tests/factories/chips.ts';
import { insertUser } from '#tests/factories/users.ts';
import * as sourceRenderer from '#web/entry-server.tsx';

// The route serves a built index.html; the page source's own shell stands in for it, so these tests
// need no build (the browser tests cover the built bundles).
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function appWith(pageRenderer: PageRendererModule = sourceRenderer): Promise<App> {
  return buildTestApp({ spa: { pageRenderer, webDist } });
}

/** The page's root markup and its handed-over query cache. */
function readPage(body: string): { root: string; state: { queries: { queryKey: unknown[] }[] } | null } {
  const root = /<div id="root">([\s\S]*)<\/div>(?:<script|\s*<script type="module")/.exec(body)?.[1] ?? '';
  const state = /<script type="application\/json" id="artchip-state">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return { root, state: state ? (JSON.parse(state) as never) : null };
}

const keys = (state: { queries: { queryKey: unknown[] }[] } | null) =>
  (state?.queries ?? []).map((q) => q.queryKey.slice(0, 2).join('/'));

describe('server-rendered public pages', () => {
  it("renders a chip page with its title, image and price in the HTML, and hands over the chip's data", async () => {
    const app = await appWith();
    const { user } = await insertUser(app.db, { username: 'maker' });
    const chip = await insertChip(app.db, {
      creatorId: user.id,
      title: 'Night Sky',
      slug: 'night-sky',
      priceCents: 4200,
    });
    await insertChipEvent(app.db, { chipId: chip.id, type: 'minted' });

    const res = await app.inject({ method: 'GET', url: '/artchip/maker/night-sky' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const { root, state } = readPage(res.body);
    expect(root).toContain('<h1');
    expect(root).toContain('Night Sky');
    expect(root).toContain(`src="${chip.imageUrl}"`);
    expect(root).toContain('$42.00');
    expect(root).toContain('Provenance');
    expect(root).not.toContain('Loading Artchip');
    expect(keys(state)).toEqual(expect.arrayContaining(['chips/detail', 'chips/events']));
    // The session is the browser's to find out: it never rides in a page.
    expect(keys(state)).not.toContain('auth/user');
  });

  it("offers a chip page's picture as AVIF where every width has one, and preloads it from the head", async () => {
    const app = await appWith();
    const { user } = await insertUser(app.db, { username: 'avif_maker' });
    const variants = [
      { width: 320, url: '/media/a-320.webp', avifUrl: '/media/a-320.avif' },
      { width: 640, url: '/media/a-640.webp', avifUrl: '/media/a-640.avif' },
    ];
    await insertChip(app.db, {
      creatorId: user.id,
      title: 'Both Kinds',
      slug: 'both',
      imageVariants: variants,
    });
    // An image stored before AVIF: WebP only, so neither a source nor an AVIF preload.
    await insertChip(app.db, {
      creatorId: user.id,
      title: 'Older Kind',
      slug: 'older',
      imageVariants: variants.map(({ width, url }) => ({ width, url })),
    });

    const both = await app.inject({ method: 'GET', url: '/artchip/avif_maker/both' });
    const { root } = readPage(both.body);
    expect(root).toContain(
      '<source type="image/avif" srcSet="/media/a-320.avif 320w, /media/a-640.avif 640w"',
    );
    const head = both.body.slice(0, both.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" fetchpriority="high" imagesrcset="/media/a-320.avif 320w, /media/a-640.avif 640w" imagesizes="(min-width: 1024px) 600px, 95vw" type="image/avif">',
    );

    const older = await app.inject({ method: 'GET', url: '/artchip/avif_maker/older' });
    expect(readPage(older.body).root).not.toContain('image/avif');
    const olderHead = older.body.slice(0, older.body.indexOf('</head>'));
    expect(olderHead).toContain('imagesrcset="/media/a-320.webp 320w, /media/a-640.webp 640w"');
    expect(olderHead).not.toContain('image/avif');
  });

  it('renders the marketplace, a gallery, top minters, the FAQ, the token page and the landing page', async () => {
    const app = await appWith();
    await insertUser(app.db, { username: 'artchip' }); // user 1, the company, as on every install
    const { user } = await insertUser(app.db, { username: 'painter' });
    await insertChip(app.db, { creatorId: user.id, title: 'Harbour Lights' });
    await insertChip(app.db, { creatorId: user.id, title: 'Quiet Field' });

    const marketplace = readPage((await app.inject({ method: 'GET', url: '/marketplace' })).body);
    expect(marketplace.root).toContain('Harbour Lights');
    expect(marketplace.root).toContain('Quiet Field');
    expect(keys(marketplace.state)).toContain('chips/marketplace');

    const gallery = readPage((await app.inject({ method: 'GET', url: '/gallery/painter' })).body);
    expect(gallery.root).toContain('Harbour Lights');
    expect(keys(gallery.state)).toContain('chips/gallery');

    const minters = readPage((await app.inject({ method: 'GET', url: '/top-minters' })).body);
    expect(minters.root).toContain('painter');

    const faq = readPage((await app.inject({ method: 'GET', url: '/faq' })).body);
    expect(faq.root).toMatch(/<h1[^>]*>[^<]*F/);

    const token = readPage((await app.inject({ method: 'GET', url: '/our-meme-coin' })).body);
    expect(token.root).toContain('<h1');
    expect(keys(token.state)).toContain('price/artchip');

    const landing = readPage((await app.inject({ method: 'GET', url: '/' })).body);
    expect(landing.root).toContain('<h1');
    expect(landing.root).toContain('Sign Up');
  });

  it('renders an unknown chip as not found, with a 404 status and the error handed over', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/artchip/nobody/nothing' });
    expect(res.statusCode).toBe(404);
    const { root, state } = readPage(res.body);
    expect(root).toMatch(/not found/i);
    const detail = state?.queries.find((q) => q.queryKey[1] === 'detail') as
      { state: { status: string; error: { __apiError: { status: number } } } } | undefined;
    expect(detail?.state.status).toBe('error');
    expect(detail?.state.error.__apiError.status).toBe(404);
  });

  it('leaves signed-in pages to the browser, and never verifies a tap while rendering', async () => {
    const app = await appWith();
    for (const url of ['/my-artchip', '/my-orders', '/login', '/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(readPage(res.body).state, url).toBeNull();
    }
    const tap = await app.inject({
      method: 'GET',
      url: '/?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086',
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.headers['cache-control']).toBe('private, no-cache');
    expect(keys(readPage(tap.body).state)).not.toContain('nfc/tap');
  });

  it('escapes text from users in the markup and in the handed-over state', async () => {
    const app = await appWith();
    const { user } = await insertUser(app.db, { username: 'mallory' });
    await insertChip(app.db, {
      creatorId: user.id,
      slug: 'xss',
      title: '</script><script>alert(1)</script>',
      description: '<!-- <img src=x onerror=alert(2)>',
    });
    const res = await app.inject({ method: 'GET', url: '/artchip/mallory/xss' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(readPage(res.body).state?.queries.length).toBeGreaterThan(0);
  });

  it('keeps rendered pages in the public cache and shows a change on the next request', async () => {
    const app = await appWith();
    const { user, token } = await insertUser(app.db, { username: 'seller' });
    const chip = await insertChip(app.db, {
      creatorId: user.id,
      slug: 'tide',
      title: 'Tide',
      priceCents: 3000,
    });
    // Seeded straight into the database: on PostgreSQL its change notice arrives on its own time,
    // so hear it before the first read is kept.
    await app.publicCache.catchUp();
    const first = await app.inject({ method: 'GET', url: '/artchip/seller/tide' });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.body).toContain('$30.00');
    const again = await app.inject({ method: 'GET', url: '/artchip/seller/tide' });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);

    const change = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/pricing`,
      payload: { priceUsd: '35.00' },
    });
    expect(change.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/artchip/seller/tide' });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('$35.00');
    expect(after.body).not.toContain('$30.00');
  });

  it('serves the plain shell when rendering fails, so the browser renders the page', async () => {
    const failing: PageRendererModule = {
      SSR_STATE_ID: sourceRenderer.SSR_STATE_ID,
      createPageRenderer: () => ({
        render: () => Promise.reject(new Error('renderer broke')),
      }),
    };
    const app = await appWith(failing);
    const res = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('renders a taken-down chip as not found to visitors, without its title', async () => {
    const app = await appWith();
    const { user } = await insertUser(app.db, { username: 'quiet' });
    await insertChip(app.db, {
      creatorId: user.id,
      slug: 'secret',
      title: 'Secret title',
      ...CHIP_STATES.removed,
    });
    const res = await app.inject({ method: 'GET', url: '/artchip/quiet/secret' });
    expect(res.body).not.toContain('Secret title');
    expect(readPage(res.body).root).toMatch(/not found/i);
  });
});
