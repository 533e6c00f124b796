/**
 * Every page, at a desktop's and a phone's size, for a visitor, a signed-in collector and the admin
 * (every admin tab), and the dialogs a collector opens on the way to buying or minting: axe finds
 * nothing serious or critical (issue 27). Journeys check their own screens too; this sweep makes sure
 * no page is left out. Each test makes its own creator, chip and buyer.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, pageAs } from './fixtures.ts';
import { adminToken, liveChip, signUpVerified, uniqueTitle, type Account, type ChipJson } from './api.ts';

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const VISITOR_PAGES = [
  '/',
  '/marketplace',
  '/our-meme-coin',
  '/top-minters',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
  '/set-password',
  '/admin-login',
  '/no-such-page-anywhere',
];

const COLLECTOR_PAGES = [
  '/',
  '/my-artchip?tab=collection',
  '/my-artchip?tab=affiliates',
  '/my-artchip?tab=stats',
  '/my-artchip?tab=profile',
  '/my-orders',
];

const ADMIN_TABS = [
  'overview',
  'customers',
  'orders',
  'artchips',
  'intake',
  'cases',
  'affiliates',
  'payouts',
  'accounting',
  'email-list',
  'settings',
  'messages',
  'mail',
  'jobs',
  'audit',
];

/** Opens `path`, lets its data arrive, and runs axe; failures name the page. */
async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
  await test.step(`axe ${path}`, () => expectNoSeriousA11yViolations(page));
}

// Six long sweeps (two sizes, three areas), each on its own: they share only the chip made in beforeAll,
// which each worker makes for itself, so they can run on different workers at once.
test.describe.configure({ mode: 'parallel' });

let seller: Account;
let chip: ChipJson;
test.beforeAll(async ({ request }) => {
  ({ creator: seller, chip } = await liveChip(request, uniqueTitle('Sweep'), '31.00'));
});

for (const [name, size] of SIZES) {
  test(`${name}: every visitor page, the chip page and the gallery`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await pageAs(browser, null);
    await page.setViewportSize(size);
    for (const path of [
      ...VISITOR_PAGES,
      `/artchip/${seller.username}/${chip.slug}`,
      `/gallery/${seller.username}`,
    ]) {
      await checkPage(page, path);
    }
    await page.context().close();
  });

  test(`${name}: every page of a signed-in collector, and the buy, offer and mint dialogs`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const buyer = await signUpVerified(request, 'sweep');
    const page = await pageAs(browser, buyer.token);
    await page.setViewportSize(size);
    for (const path of COLLECTOR_PAGES) await checkPage(page, path);

    await checkPage(page, `/artchip/${seller.username}/${chip.slug}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await expect(checkout).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(checkout).toHaveCount(0);

    await page
      .getByRole('main')
      .getByRole('button', { name: /^Make Offer/ })
      .click();
    const offer = page.getByRole('dialog');
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(offer).toHaveCount(0);

    await checkPage(page, '/my-artchip?tab=collection');
    await page.getByRole('button', { name: 'Mint an Artchip' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });

  test(`${name}: every admin tab`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, await adminToken(request), true);
    await page.setViewportSize(size);
    for (const tab of ADMIN_TABS) await checkPage(page, `/siteadmin/dashboard?tab=${tab}`);
    await page.context().close();
  });
}
