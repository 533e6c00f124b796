import type { Page } from '@playwright/test';
import { test, expect, pageAs } from './fixtures.ts';
import { liveChip, uniqueTitle } from './api.ts';

/** Console errors (React reports a hydration mismatch there) and the API reads a page makes. */
function watch(page: Page) {
  const errors: string[] = [];
  const reads: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname);
  });
  return { errors, reads };
}

test('a chip page reads without JavaScript: title, image and price are in the HTML', async ({
  browser,
  request,
}) => {
  const title = uniqueTitle('Harbour');
  const { chip } = await liveChip(request, title, '42.00');
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const response = await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: title }).first()).toBeVisible();
  await expect(page.getByText('$42.00').first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
  await context.close();
});

test('public pages hydrate from the server HTML: no mismatch, no second fetch, and they respond', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Lantern');
  const { chip } = await liveChip(request, title, '30.00');
  const seen = watch(page);
  for (const path of [
    '/',
    '/marketplace',
    '/faq',
    '/top-minters',
    '/our-meme-coin',
    `/gallery/${chip.creatorUsername}`,
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(seen.errors).toEqual([]);
  // Everything the pages showed came with their HTML.
  expect(seen.reads).toEqual([]);

  // Hydrated means working: Buy Now opens the checkout.
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Moving on in the app reads fresh data, as a single-page app does.
  await page.getByRole('link', { name: 'Marketplace' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Marketplace/ })).toBeVisible();
  await expect.poll(() => seen.reads.some((p) => p.startsWith('/api/artchip'))).toBe(true);
  expect(seen.errors).toEqual([]);
});

test('a signed-in visitor gets the public HTML, then their own header and owner view', async ({
  browser,
  request,
}) => {
  const { creator, chip } = await liveChip(request, uniqueTitle('Owned'), '15.00');
  const page = await pageAs(browser, creator.token);
  const seen = watch(page);
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await expect(page.getByRole('link', { name: 'My Artchips' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You own this Artchip' })).toBeVisible();
  expect(seen.errors).toEqual([]);
  await page.context().close();
});

test('an unknown chip is a 404 page with its not-found text in the HTML', async ({ page }) => {
  const seen = watch(page);
  const response = await page.goto('/artchip/nobody-here/nothing');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(seen.errors.filter((e) => !e.includes('404'))).toEqual([]);
});
