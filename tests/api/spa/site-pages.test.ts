import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin } from '#tests/factories/users.ts';
import * as sourceRenderer from '#web/entry-server.tsx';

// As in server-rendering.test.ts: the page source's own shell stands in for the built index.html.
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function appWith(): Promise<App> {
  return buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
}

/** The page's root markup (what a visitor sees before any script runs). */
async function rootOf(app: App, url: string): Promise<{ status: number; root: string; head: string }> {
  const res = await app.inject({ method: 'GET', url });
  const root =
    /<div id="root">([\s\S]*)<\/div>(?:<script|\s*<script type="module")/.exec(res.body)?.[1] ?? '';
  const head = /<head>([\s\S]*)<\/head>/.exec(res.body)?.[1] ?? '';
  return { status: res.statusCode, root, head };
}

const BANNER = 'is still under construction.';

describe('the launch banner setting on the server-rendered landing page', () => {
  it('shows the banner by default, and not once an admin switches it off (no flash: it is not in the HTML)', async () => {
    const app = await appWith();
    const { token } = await insertAdmin(app.db);

    const before = await rootOf(app, '/');
    expect(before.status).toBe(200);
    expect(before.root).toContain(BANNER);
    expect(before.root).toContain('Join our email list');

    const off = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { showLaunchBanner: false },
    });
    expect(off.statusCode).toBe(200);
    // The cached landing page is dropped with the write.
    const after = await rootOf(app, '/');
    expect(after.root).not.toContain('under construction');
    expect(after.root).toContain('Join the email list to hear about new drops and live auctions.');
    expect((await rootOf(app, '/landing')).root).not.toContain('under construction');

    await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { showLaunchBanner: true },
    });
    expect((await rootOf(app, '/')).root).toContain(BANNER);
  });
});

describe('the Privacy Policy and Terms of Service pages', () => {
  it('are rendered on the server with their template, a title of their own, and linked from the footer', async () => {
    const app = await appWith();
    for (const [url, title, phrase] of [
      ['/privacy', 'Privacy Policy', 'We do not sell your personal data.'],
      ['/terms', 'Terms of Service', 'Purchases are final for a change of mind.'],
    ] as const) {
      const page = await rootOf(app, url);
      expect(page.status).toBe(200);
      expect(page.head).toContain(`<title>${title} · Artchip</title>`);
      expect(page.root).toContain(`<h1 class="text-3xl font-bold text-gray-900">${title}</h1>`);
      expect(page.root).toContain('Template: the operator of this site has not reviewed this text yet.');
      expect(page.root).toContain(phrase);
      expect(page.root).not.toContain('Last updated');
      expect(page.root).toContain('href="/privacy"');
      expect(page.root).toContain('href="/terms"');
    }
  });

  it("show the admin's text as soon as it is saved, formatted, with typed HTML shown as text", async () => {
    const app = await appWith();
    const { token } = await insertAdmin(app.db);
    expect((await rootOf(app, '/terms')).root).toContain('Template:');

    const saved = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/legal/terms',
      payload: {
        text: '## Shipping\n\nWe ship **worldwide**.\n\n<script>alert("x")</script> see the [FAQ](/faq)',
      },
    });
    expect(saved.statusCode).toBe(200);
    const { root } = await rootOf(app, '/terms');
    expect(root).not.toContain('Template:');
    expect(root).toContain('Last updated');
    expect(root).toMatch(/<h2[^>]*>Shipping<\/h2>/);
    expect(root).toContain('<strong>worldwide</strong>');
    expect(root).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(root).not.toContain('<script>alert');
    expect(root).toMatch(/<a [^>]*href="\/faq"[^>]*>FAQ<\/a>/);
    // The other page keeps its template.
    expect((await rootOf(app, '/privacy')).root).toContain('Template:');
  });
});
