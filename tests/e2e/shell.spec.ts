import { test, expect } from './fixtures.ts';

test('every page shows the header with the price ticker, and unknown paths show not-found', async ({
  page,
}) => {
  await page.goto('/marketplace');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marketplace' }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(/\$ARTCHIP/).first()).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the menu toggles on a 390 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/faq');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await toggle.click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Top Minters' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});
