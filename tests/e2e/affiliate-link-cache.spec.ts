// Issue 30 (decision 078): a page reached by an affiliate link (`?ref=`, `utm_*`) is the plain page's
// cached HTML, and the browser still keeps the code for sign-up, with no hydration mismatch.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test('an affiliate link is served the plain page from the cache and its code is kept for sign-up', async ({
  page,
  request,
}) => {
  // The plain page first, so the referred one can only be a hit of the same entry.
  expect((await request.get('/top-minters')).status()).toBe(200);
  const code = `e2e${Date.now().toString(36)}`;
  const errors = consoleErrors(page);
  const response = await page.goto(`/top-minters?ref=${code}&utm_source=news`);
  expect(response?.headers()['x-cache']).toBe('hit');
  expect(await response?.text()).not.toContain(code);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('artchipRef'))).toBe(code);
  // The Log in link made from the address leaves where the visitor came from out, as the server did.
  await expect(page.getByRole('link', { name: 'Login' }).first()).toHaveAttribute(
    'href',
    '/login?next=%2Ftop-minters',
  );
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
});
