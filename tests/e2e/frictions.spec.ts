/**
 * Issue 13's small frictions, as a person meets them: logging in from a chip page comes back to it,
 * the header says when offers wait, and closing a dialog puts focus back on the button that opened it.
 */
import type { Page } from '@playwright/test';
import { auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';
import { expect, expectNoSeriousA11yViolations, pageAs, test, snap } from './fixtures.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The header's Login link: in the bar on a desktop, behind the menu button on a phone. */
async function openLogin(page: Page, isPhone: boolean) {
  const nav = page.getByRole('banner');
  if (isPhone) await nav.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Login', exact: true }).click();
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test(`logging in from a chip page comes back to it (${size.name})`, async ({
      page,
      request,
    }, testInfo) => {
      const { chip } = await liveChip(request, uniqueTitle('Return trip'), '42.00');
      const buyer = await signUpVerified(request, 'returner');
      const chipPath = `/artchip/${chip.creatorUsername}/${chip.slug}`;

      await page.goto(chipPath);
      await expect(page.getByRole('heading', { level: 1, name: chip.title })).toBeVisible();
      await openLogin(page, size.name === 'phone');
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(chipPath)}`);
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `login-with-return-${size.name}`);

      await page.getByLabel('Email').fill(buyer.email);
      await page.getByLabel('Password').fill(buyer.password);
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect(page).toHaveURL(chipPath);
      await expect(page.getByRole('heading', { level: 1, name: chip.title })).toBeVisible();
      await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
      // Signed in: My Artchips replaces Login (behind the menu on a phone).
      if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: /^My Artchips/ })).toBeVisible();
      await snap(page, testInfo, `back-on-chip-page-${size.name}`);
    });
  });
}

test('a link to log in never leads off the site', async ({ page, request }) => {
  const buyer = await signUpVerified(request, 'redirected');
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('the header badge shows a received offer, and the dashboard leads to it', async ({
  browser,
  request,
}, testInfo) => {
  const { creator, chip } = await liveChip(request, uniqueTitle('Wanted'), '60.00');
  const buyer = await signUpVerified(request, 'offerer');
  await json(
    await request.post(`/api/artchip/${chip.id}/offers`, {
      headers: auth(buyer.token),
      data: { amountUsd: '45', message: 'Would you take 45?' },
    }),
  );

  const page = await pageAs(browser, creator.token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/marketplace');
  const myAdmin = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Artchips, 1 item needs your attention' });
  await expect(myAdmin).toBeVisible();
  await expect(myAdmin).toContainText('1');
  await snap(page, testInfo, 'header-badge');

  // On a phone My Artchips is in the menu: the menu button carries the count until it is opened.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: /^Open menu.*1 item needs your attention/ });
  await expect(menu).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'header-badge-phone');
  await menu.click();
  await expect(
    page.locator('#mobile-menu').getByRole('link', { name: /^My Artchips, 1 item/ }),
  ).toBeVisible();
  await snap(page, testInfo, 'header-menu-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await myAdmin.click();
  const notice = page.getByRole('region', { name: 'Waiting for you' });
  await expect(notice.getByText('1 offer on your Artchips is waiting for your answer.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'dashboard-notice');

  await notice.getByRole('button', { name: 'Review offers' }).click();
  await expect(page.getByRole('heading', { name: 'Offers', exact: true })).toBeFocused();
  await expect(page.getByText(`From ${buyer.username}`)).toBeInViewport();

  // Declining answers it: the badge goes away without a reload.
  await page.getByRole('button', { name: /^Decline/ }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Artchips', exact: true }),
  ).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.close();
});

test('closing a dialog with Escape puts focus back on the button that opened it', async ({
  page,
  request,
}, testInfo) => {
  const { chip } = await liveChip(request, uniqueTitle('Focus'), '30.00');
  const chipPath = `/artchip/${chip.creatorUsername}/${chip.slug}`;
  await page.goto(chipPath);
  const makeOffer = page.getByRole('button', { name: `Make Offer on ${chip.title}` });
  await makeOffer.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in to make an offer' });
  await expect(dialog).toBeVisible();
  // Signing in from here comes back to this chip too.
  await expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(chipPath)}`,
  );
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'offer-sign-in-dialog');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(makeOffer).toBeFocused();

  // The same after a mouse click and the dialog's own Close button.
  await makeOffer.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(makeOffer).toBeFocused();
});
