import { expect, expectNoSeriousA11yViolations, pageAs, readMail, test } from './fixtures.ts';
import { adminToken, auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 11: an admin refunds a paid order from its detail page with a reason. The money goes back
 * through the provider (the demo adapter here), the chip returns to its seller, the ledger shows the
 * reversal, and the buyer is e-mailed.
 */
test('an admin refunds a vault purchase from the order page', async ({ browser, request }) => {
  const title = uniqueTitle('Refunded');
  const { creator, chip } = await liveChip(request, title, '40.00');
  const buyer = await signUpVerified(request, 'refundee');
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: { orderType: 'purchase', artchipId: chip.id, paymentMethod: 'card', shippingOption: 'store' },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(buyer.token) }));

  const admin = await pageAs(browser, await adminToken(request), true);
  await admin.goto(`/admin/orders/${checkout.orderId}`);
  const money = admin.getByRole('region', { name: 'Money' });
  await expect(money.getByText('Seller proceeds')).toBeVisible();
  const refund = money.getByRole('button', { name: 'Refund' });
  await refund.click();
  const dialog = admin.getByRole('dialog', { name: `Refund order #${checkout.orderId}` });
  await expect(dialog).toContainText(`$40.00 goes back to ${buyer.username}`);
  // The reason is required; the buyer reads it in the e-mail.
  await dialog.getByRole('button', { name: 'Refund $40.00' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByLabel('Reason (the buyer reads this)').fill('The chip cracked in our vault');
  await dialog.getByRole('button', { name: 'Refund $40.00' }).click();

  await expect(admin.getByText('Refund Started', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const item = money.getByRole('listitem', { name: /Refund #\d+/ });
  await expect(item).toContainText('$40.00');
  await expect(item).toContainText('Refunded');
  await expect(item).toContainText('The chip cracked in our vault');
  await expect(money.getByText('Refund sent')).toBeVisible();
  await expect(money.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await admin.screenshot({ path: '/tmp/refund-order-page.png', fullPage: true });

  const mail = await readMail(buyer.email, new RegExp(`Refund for order #${checkout.orderId}`));
  expect(mail).toContain('The chip cracked in our vault');
  // The chip is its seller's again, off the market.
  const back = await json<{ ownerUsername: string | null; status: string }>(
    await request.get(`/api/artchip/${chip.id}`),
  );
  expect(back).toMatchObject({ status: 'inactive', ownerUsername: creator.username });
  await admin.close();
});
