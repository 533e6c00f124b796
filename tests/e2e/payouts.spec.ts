import { expect, expectNoSeriousA11yViolations, pageAs, test } from './fixtures.ts';
import { adminToken, auth, buyIntoVault, json, mintedChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 11: a seller's proceeds become payable when the sale settles plus the payout hold, an admin
 * pays them from the Payouts tab with the transfer's reference, and the seller sees the payout in
 * their dashboard. The hold is a site setting, so this runs in the @global-settings project.
 */

type SellerBalanceJson = { pendingCents: number; payableCents: number; paidCents: number };

test('a seller is paid out by an admin and sees it in their history @global-settings', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const admin = await pageAs(browser, token, true);
  try {
    // No hold, so the sale below is payable as soon as it is paid.
    await admin.goto('/admin?tab=settings');
    const hold = admin.getByLabel('Payout hold (days)');
    await expect(hold).toHaveValue('7');
    await hold.fill('366');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Must be a whole number of days from 0 to 365')).toBeVisible();
    await hold.fill('0');
    // And no wait for a new payout destination (decision 071): the seller sets theirs below.
    await admin.getByLabel('New payout destination hold (hours)').fill('0');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Settings Updated', { exact: true })).toBeVisible();

    const seller = await signUpVerified(request, 'payee');
    await json(
      await request.put('/api/users/profile', {
        headers: auth(seller.token),
        data: {
          firstName: 'Paula',
          lastName: 'Payee',
          username: seller.username,
          paypalEmail: `paypal-${seller.email}`,
          currentPassword: seller.password,
        },
      }),
    );
    const chip = await mintedChip(request, seller, uniqueTitle('Payout'), '40.00');
    const buyer = await signUpVerified(request, 'payer');
    await buyIntoVault(request, buyer, chip.id);
    // $40 sale, 30 % fee on its highest sale price ($40): the seller's proceeds are $28.
    const before = await json<SellerBalanceJson>(
      await request.get('/api/my-payouts', { headers: auth(seller.token) }),
    );
    expect(before).toMatchObject({ pendingCents: 0, payableCents: 2800, paidCents: 0 });

    // The admin's Payouts tab on a phone: the table scrolls inside its container, never the page.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/admin?tab=payouts');
    const payButton = admin.getByRole('button', { name: `Pay out ${seller.username} (sale proceeds)` });
    const row = admin.getByRole('row').filter({ has: payButton });
    await expect(row).toContainText('$28.00');
    await expect(row).toContainText(`paypal-${seller.email}`);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(
      await admin.getByRole('table', { name: 'Payable balances' }).evaluate((el) => {
        const box = el.parentElement!;
        return box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === 'auto';
      }),
    ).toBe(true);
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: '/tmp/payouts-admin-tab-390.png' });

    // Keyboard: Enter opens the dialog on the reference field; Escape closes it and focus comes back.
    await payButton.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: `Pay out ${seller.username}` });
    await expect(dialog.getByLabel('Transfer reference')).toBeFocused();
    await admin.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(payButton).toBeFocused();

    await payButton.click();
    await expect(dialog).toContainText('$28.00');
    await dialog.getByLabel('Transfer reference').fill('BANK-1');
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: '/tmp/payouts-admin-dialog-390.png' });
    await dialog.getByRole('button', { name: 'Confirm payout of $28.00' }).click();
    await expect(admin.getByText(`$28.00 paid to ${seller.username}.`, { exact: true })).toBeVisible();
    await expect(payButton).toHaveCount(0);

    // Paying the same balance again finds nothing payable.
    const me = await json<{ id: number }>(
      await request.get('/api/auth/user', { headers: auth(seller.token) }),
    );
    const again = await request.post(`/api/admin/payouts/sellers/${me.id}`, {
      headers: auth(token),
      data: { txReference: 'BANK-2' },
    });
    expect(again.status()).toBe(422);

    // The seller's dashboard: paid $28.00, and the payout with its reference in the history.
    const sellerPage = await pageAs(browser, seller.token);
    await sellerPage.goto('/my-artchip?tab=stats');
    const payouts = sellerPage.getByRole('region', { name: 'Payouts' });
    const history = payouts.getByRole('table', { name: 'Payout history' });
    await expect(history.getByRole('row').filter({ hasText: 'BANK-1' })).toContainText('$28.00');
    await expect(payouts.getByRole('definition')).toHaveText(['$0.00', '$0.00', '$28.00']);
    await expect(payouts).toContainText('Payable as soon as the sale settles');
    await expect(payouts).toContainText(`paypal-${seller.email}`);
    await expectNoSeriousA11yViolations(sellerPage);
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await payouts.screenshot({ path: '/tmp/payouts-seller-dashboard-390.png' });
    await sellerPage.context().close();
  } finally {
    // Settings are site-wide: put the hold back to its default whatever happened.
    await json(
      await request.put('/api/admin/site-settings', {
        headers: auth(token),
        data: { payoutHoldDays: 7, payoutDestinationHoldHours: 72 },
      }),
    );
    await admin.context().close();
  }
});
