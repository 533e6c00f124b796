import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, pageAs, test } from './fixtures.ts';
import { adminToken, auth, json } from './api.ts';

/**
 * Site pages an admin edits: the landing page's launch banner, the Privacy Policy and the Terms of
 * Service. Tagged @global-settings: it changes what every visitor sees, so it runs after the other
 * journeys, and puts the banner back at the end.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

type Settings = { showLaunchBanner: boolean };

async function readSettings(request: APIRequestContext, token: string): Promise<Settings> {
  return json<Settings>(await request.get('/api/admin/site-settings', { headers: auth(token) }));
}

test('an admin edits the Terms and turns the banner off; visitors see both, and reach the legal pages from the footer and sign-up @global-settings', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const original = await readSettings(request, token);
  const marker = `Shipping terms ${Date.now().toString(36)}`;
  try {
    // Before: the banner is on (the default), as the spec's landing page has it.
    if (!original.showLaunchBanner) {
      await json(
        await request.put('/api/admin/site-settings', {
          headers: auth(token),
          data: { showLaunchBanner: true },
        }),
      );
    }
    const visitor = await pageAs(browser, null);
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await visitor.goto('/');
    await expect(visitor.getByText(/is still under construction\./).first()).toBeVisible();

    // The admin edits the Terms of Service and switches the banner off.
    const admin = await pageAs(browser, token, true);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/admin?tab=settings');
    const terms = admin.getByLabel('Terms of Service text');
    await expect(terms).toHaveValue(/Purchases are final for a change of mind\./);
    await terms.fill('');
    await admin.getByRole('button', { name: 'Save Terms of Service' }).click();
    await expect(admin.getByText('Enter the page text')).toBeVisible();
    await terms.fill(`## ${marker}\n\nWe ship **worldwide** within 5 days.\n\n- Resin discs\n- NFC tags`);
    await admin.getByRole('button', { name: 'Save Terms of Service' }).click();
    await expect(admin.getByText('Terms of Service Updated', { exact: true })).toBeVisible();
    await expect(admin.getByText(/Last saved/)).toBeVisible();

    const banner = admin.getByRole('checkbox', {
      name: 'Show the under-construction banner on the landing page',
    });
    await expect(banner).toBeChecked();
    await banner.uncheck();
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Settings Updated', { exact: true })).toBeVisible();
    expect((await readSettings(request, token)).showLaunchBanner).toBe(false);
    await expectNoSeriousA11yViolations(admin);
    await shot(admin, testInfo, 'admin-settings-desktop');

    // The demo catalogue's removal asks first (cancelled here: other journeys use the demo chips).
    await admin.getByRole('button', { name: 'Remove demo catalogue' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Remove the demo catalogue?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('will be taken off the marketplace');
    await expectNoSeriousA11yViolations(admin);
    await shot(admin, testInfo, 'admin-demo-dialog-desktop', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(admin.getByLabel('Privacy Policy text')).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await shot(admin, testInfo, 'admin-settings-phone');
    await admin.context().close();

    for (const size of SIZES) {
      await visitor.setViewportSize({ width: size.width, height: size.height });

      // The landing page no longer says it is under construction, from its first HTML on.
      const landing = await visitor.request.get('/');
      expect(await landing.text()).not.toContain('under construction');
      await visitor.goto('/');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(visitor.getByText(/under construction/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(visitor);
      await shot(visitor, testInfo, `landing-without-banner-${size.name}`, false);

      // The footer reaches both legal pages.
      const footer = visitor.getByRole('navigation', { name: 'Footer' });
      await footer.getByRole('link', { name: 'Terms of Service' }).click();
      await expect(visitor).toHaveURL(/\/terms$/);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: marker })).toBeVisible();
      await expect(visitor.locator('strong', { hasText: 'worldwide' })).toBeVisible();
      await expect(visitor.getByRole('listitem').filter({ hasText: 'NFC tags' })).toBeVisible();
      await expect(visitor.getByText(/Last updated/)).toBeVisible();
      await expect(visitor).toHaveTitle('Terms of Service · Artchip');
      await expectNoSeriousA11yViolations(visitor);
      await shot(visitor, testInfo, `terms-${size.name}`);

      await visitor
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: 'Privacy Policy' })
        .click();
      await expect(visitor).toHaveURL(/\/privacy$/);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: 'What we collect' })).toBeVisible();
      await expect(visitor.getByText(/Template: the operator of this site has not reviewed/)).toBeVisible();
      await expectNoSeriousA11yViolations(visitor);
      await shot(visitor, testInfo, `privacy-${size.name}`);

      // The sign-up form says what signing up agrees to, with links to both.
      await visitor.goto('/signup');
      const agreement = visitor.getByText(/By signing up you agree to the/);
      await expect(agreement).toBeVisible();
      await agreement.getByRole('link', { name: 'Terms' }).click();
      await expect(visitor).toHaveURL(/\/terms$/);
      await visitor.goBack();
      await expect(visitor.getByText(/By signing up you agree to the/)).toBeVisible();
      await expect(
        visitor.getByText(/By signing up you agree to the/).getByRole('link', { name: 'Privacy Policy' }),
      ).toHaveAttribute('href', '/privacy');
      await expectNoSeriousA11yViolations(visitor);
      await shot(visitor, testInfo, `signup-${size.name}`, false);
    }
  } finally {
    // Other journeys (and the next run) expect the spec's landing page: put the banner back.
    await json(
      await request.put('/api/admin/site-settings', {
        headers: auth(token),
        data: { showLaunchBanner: original.showLaunchBanner },
      }),
    );
  }
});
