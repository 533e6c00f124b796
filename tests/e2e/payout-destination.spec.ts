import { expect, expectNoSeriousA11yViolations, linkFrom, pageAs, readMail, test } from './fixtures.ts';
import { auth, signUpVerified } from './api.ts';

/**
 * Issue 29, decision 071: a seller changes their PayPal e-mail (where their money goes) on a phone;
 * the current password is asked, the notice shown, and the owner's mail carries a "This wasn't me"
 * link that freezes payouts and signs every session out.
 */
test('a seller changes their payout e-mail with their password; "this wasn\'t me" freezes payouts', async ({
  browser,
  request,
}) => {
  const seller = await signUpVerified(request, 'dest');
  const page = await pageAs(browser, seller.token);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my-artchip?tab=profile');
    const profile = page.getByRole('region', { name: 'Personal Information' });
    await profile.getByLabel('First name').fill('Dana');
    await profile.getByLabel('Last name').fill('Seller');
    const paypal = profile.getByLabel('PayPal email');
    await paypal.fill(`new-${seller.email}`);
    const password = profile.getByLabel('Current password');
    await expect(password).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Without it, or with a wrong one: refused in words, nothing changes.
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText('Enter your current password to change where your money goes.'),
    ).toBeVisible();
    await password.fill('not-my-password');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile.getByText(/That is not your current password/).first()).toBeVisible();

    await password.fill(seller.password);
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      profile.getByRole('status').filter({ hasText: `We e-mailed ${seller.email}` }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);

    // The owner's mail names the new destination masked, with the one-click report.
    const mail = await readMail(seller.email, /Where your .* money goes was changed/);
    expect(mail).toContain('ne•••@example.com');
    const report = linkFrom(mail, '/payout-destination/report');
    const reporter = await pageAs(browser, null);
    try {
      await reporter.setViewportSize({ width: 390, height: 844 });
      await reporter.goto(new URL(report).pathname + new URL(report).search);
      await expect(
        reporter.getByRole('heading', { name: 'You did not change where your money goes?' }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(reporter);
      await reporter.getByRole('button', { name: 'Freeze my payouts and sign everyone out' }).click();
      await expect(reporter.getByRole('heading', { name: 'Your payouts are frozen' })).toBeVisible();
      await expectNoSeriousA11yViolations(reporter);
    } finally {
      await reporter.context().close();
    }
    // Every session ended: the seller's old session no longer works.
    const me = await request.get('/api/auth/user', { headers: auth(seller.token) });
    expect(me.status()).toBe(401);
  } finally {
    await page.context().close();
  }
});
