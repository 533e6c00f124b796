/**
 * Issue 13, "a chip page worth sharing" and creator profiles: a visitor shares a chip page (the
 * copy-link fallback where the browser has no share sheet), zooms into its art, opens the creator's
 * gallery with real figures, and an unknown name gets a friendly 404; at desktop and phone sizes.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, pageAs, test, snap } from './fixtures.ts';
import { auth, buyIntoVault, json, liveChip, mintedChip, signUpVerified, uniqueTitle } from './api.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A creator with a bio and links, two listed chips, one of them bought at $42.50. */
async function creatorWithASale(request: APIRequestContext) {
  const creator = await signUpVerified(request, 'painter');
  await json(
    await request.put('/api/users/creator-profile', {
      headers: auth(creator.token),
      data: {
        bio: 'Harbours and lighthouses, painted small.',
        links: [{ label: 'Portfolio', url: 'https://portfolio.example/painter' }],
      },
    }),
  );
  const sold = await mintedChip(request, creator, uniqueTitle('Lighthouse'), '42.50');
  await mintedChip(request, creator, uniqueTitle('Pier'), '18.00');
  const buyer = await signUpVerified(request, 'collector');
  await buyIntoVault(request, buyer, sold.id);
  return { creator, buyer, sold };
}

for (const { name, viewport } of SIZES) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`a visitor shares a chip page by copying its link (${name})`, async ({
      browser,
      request,
    }, testInfo) => {
      const title = uniqueTitle('Harbour');
      const { chip } = await liveChip(request, title, '64.00');
      // No share sheet here (as on most desktops): the link is copied instead.
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      });
      const page = await context.newPage();
      const path = `/artchip/${chip.creatorUsername}/${chip.slug}`;
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Buy Now and Make Offer sit together, the same size.
      const buy = page.getByRole('main').getByRole('button', { name: 'Buy Now' });
      const offer = page.getByRole('main').getByRole('button', { name: `Make Offer on ${title}` });
      const [buyBox, offerBox] = [await buy.boundingBox(), await offer.boundingBox()];
      expect(buyBox!.height).toBe(offerBox!.height);
      expect(Math.abs(buyBox!.width - offerBox!.width)).toBeLessThan(2);
      expect(Math.abs(buyBox!.y - offerBox!.y)).toBeLessThan(2);
      // The unit number is in the quiet Authenticity panel, not beside the title.
      const authenticity = page.getByRole('region', { name: 'Authenticity' });
      await expect(authenticity.getByText(/^Unit #\d{14}$/)).toBeVisible();
      await expect(page.getByRole('img', { name: `${title} as a round resin Artchip` })).toBeVisible();
      await expect(page.getByRole('img', { name: /Drawn to scale: the 54 mm round Artchip/ })).toBeVisible();
      await expect(page.getByRole('link', { name: `@${chip.creatorUsername}` }).first()).toBeVisible();

      await page.getByRole('button', { name: `Share ${title}` }).click();
      // The button itself says so (and a status tells screen readers).
      await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        new URL(path, testInfo.project.use.baseURL).href,
      );
      await snap(page, testInfo, `chip-page-shared-${name}`);
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `chip-page-${name}`, true);
      // The confirmation goes after 2 seconds.
      await expect(page.getByRole('button', { name: `Share ${title}` })).toBeVisible({ timeout: 5000 });
      await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(0);
      await context.close();
    });

    test(`the device's share sheet gets the chip's title and link where there is one (${name})`, async ({
      browser,
      request,
    }, testInfo) => {
      const title = uniqueTitle('Sheet');
      const { chip } = await liveChip(request, title, '12.00');
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
      await context.addInitScript(() => {
        const shared: unknown[] = [];
        Object.assign(window, { shared });
        Object.defineProperty(Navigator.prototype, 'share', {
          value: (data: unknown) => {
            shared.push(data);
            return Promise.resolve();
          },
          configurable: true,
        });
      });
      const page = await context.newPage();
      await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('button', { name: `Share ${title}` }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
        .toEqual([
          {
            title,
            text: `${title} by @${chip.creatorUsername} on Artchip`,
            url: new URL(`/artchip/${chip.creatorUsername}/${chip.slug}`, testInfo.project.use.baseURL).href,
          },
        ]);
      await context.close();
    });

    test(`a visitor zooms into the art with the keyboard, and focus comes back (${name})`, async ({
      page,
      request,
    }, testInfo) => {
      const title = uniqueTitle('Zoomed');
      const { chip } = await liveChip(request, title, '30.00');
      await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
      const zoom = page.getByRole('button', { name: 'Zoom into the artwork' });
      await zoom.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('100%')).toBeVisible();
      const art = dialog.getByRole('img', { name: title });
      const fitted = (await art.boundingBox())!.width;
      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await page.keyboard.press('+');
      await expect(dialog.getByText('200%')).toBeVisible();
      // Twice the fitted size: the art fills more than the screen and is looked around.
      await expect.poll(async () => (await art.boundingBox())!.width).toBeCloseTo(fitted * 2, -1);
      // The zoomed art scrolls with the arrow keys once it has focus.
      const viewport = dialog.getByRole('group', { name: `${title}, 200%` });
      await viewport.focus();
      // Taller than its viewport at 200% on both screens, whether or not the picture has loaded.
      expect(await viewport.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      const before = await viewport.evaluate((el) => el.scrollTop);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => viewport.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `chip-zoom-${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(zoom).toBeFocused();
    });

    test(`a creator's gallery shows who they are and real figures (${name})`, async ({
      page,
      request,
    }, testInfo) => {
      const { creator, buyer, sold } = await creatorWithASale(request);
      await page.goto(`/gallery/${creator.username}`);
      await expect(page.getByRole('heading', { level: 1, name: `@${creator.username}` })).toBeVisible();
      await expect(page.getByText('Harbours and lighthouses, painted small.')).toBeVisible();
      await expect(page.getByRole('link', { name: /Portfolio/ })).toHaveAttribute(
        'href',
        'https://portfolio.example/painter',
      );
      await expect(page.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
      const figure = (label: string) =>
        page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
      await expect(figure('Artchips minted')).toHaveText('2');
      await expect(figure('Sold')).toHaveText('1');
      await expect(figure('Sales volume')).toHaveText('$42.50');
      await expect(page.getByText('2 Artchips', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `creator-gallery-${name}`, true);

      // The chip's page shows both people; the owner's name leads to their own gallery.
      await page.goto(`/artchip/${creator.username}/${sold.slug}`);
      await expect(page.getByText('This Artchip has been sold and is no longer available.')).toBeVisible();
      await page.getByRole('link', { name: `@${buyer.username}` }).click();
      await expect(page).toHaveURL(`/gallery/${buyer.username}`);
      await expect(page.getByRole('heading', { level: 1, name: `@${buyer.username}` })).toBeVisible();
      await expect(page.getByText(`@${buyer.username} hasn't created any Artchips yet`)).toBeVisible();
    });

    test(`an unknown creator is a friendly 404 page (${name})`, async ({ page }, testInfo) => {
      const response = await page.goto('/gallery/nobody-goes-by-this');
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: 'No creator @nobody-goes-by-this' }),
      ).toBeVisible();
      await expect(page.getByText(/Failed to load/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page).toHaveTitle(/No creator @nobody-goes-by-this/);
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `creator-unknown-${name}`);
      await page.getByRole('link', { name: 'Back to Marketplace' }).click();
      await expect(page).toHaveURL(/\/marketplace$/);
    });
  });
}

test('a member writes their bio and links in their profile, and their gallery shows them', async ({
  browser,
  request,
}, testInfo) => {
  const member = await signUpVerified(request, 'writer');
  const page = await pageAs(browser, member.token);
  await page.goto('/my-artchip');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const form = page.getByRole('region', { name: 'Public Profile' });
  await form.getByLabel('Bio').fill('I draw boats.');
  await form.getByRole('button', { name: 'Add link' }).click();
  await form.getByLabel('Link 1 label').fill('Shop');
  await form.getByLabel('Link 1 URL').fill('ftp://shop.example');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByText('Links must be valid URLs starting with http:// or https://')).toBeVisible();
  await form.getByLabel('Link 1 URL').fill('https://shop.example/writer');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'profile-public-form', true);

  await form.getByRole('link', { name: 'View your public gallery' }).click();
  await expect(page).toHaveURL(`/gallery/${member.username}`);
  await expect(page.getByText('I draw boats.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Shop/ })).toHaveAttribute(
    'href',
    'https://shop.example/writer',
  );
  await page.context().close();
});

/**
 * On a slow phone a tap can come before the page's scripts have run. Buy Now and Make Offer still work:
 * the tap asks for the page again with the action, and it runs once the page has hydrated.
 */
test('Buy Now and Make Offer tapped before the page has hydrated still open their dialogs', async ({
  browser,
  request,
}, testInfo) => {
  const title = uniqueTitle('Early tap');
  const { chip } = await liveChip(request, title, '30.00');
  const path = `/artchip/${chip.creatorUsername}/${chip.slug}`;
  // A page of its own: the test fixture's page waits for hydration on every load, and this one must not.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();

  for (const [button, dialog, action] of [
    ['Buy Now', 'Complete Your Purchase', `buy-${chip.id}`],
    [`Make Offer on ${title}`, 'Sign in to make an offer', `offer-${chip.id}`],
  ] as const) {
    // The first load's entry script is held back until the tap: the page is server-rendered only.
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/assets/index-*.js', async (route) => {
      if (!held) {
        held = true;
        await tapped;
      }
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('button', { name: button }).click();
    release();
    await expect(page).toHaveURL(new RegExp(`\\?action=${action}$|${chip.slug}$`));
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible({ timeout: 15_000 });
    // The action is taken out of the address, so a reload does not run it again.
    await expect(page).toHaveURL(new RegExp(`${chip.slug}$`));
    await page.unrouteAll();
  }
  await context.close();
});
