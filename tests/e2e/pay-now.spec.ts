import {
  buyNowIntoVaultByCard,
  expect,
  expectNoSeriousA11yViolations,
  test,
  useSession,
} from './fixtures.ts';
import { liveChip, signUpVerified } from './api.ts';

/** Pay now (issue 11): an order left unpaid is paid again from My Orders, with nothing to re-enter. */

test('a buyer who left the payment page pays from My Orders with another method', async ({
  page,
  request,
}) => {
  const title = `Tidepool ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const { chip } = await liveChip(request, title, '40.00');
  const buyer = await signUpVerified(request, 'payer');
  await useSession(page, buyer.token);

  // The demo payment page completes on its own after a moment: hold that back, as if the buyer
  // closed the page before paying.
  await page.route('**/api/orders/*/complete', (route) => route.abort());
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await buyNowIntoVaultByCard(page);
  await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=40\.00&method=card/);
  const firstOrderId = new URL(page.url()).searchParams.get('orderId');
  await page.goto('/my-orders');
  await page.unroute('**/api/orders/*/complete');

  const unpaid = page.getByRole('article', { name: title });
  await expect(unpaid.getByText(`Order #${firstOrderId}`, { exact: false })).toBeVisible();
  await expect(unpaid.getByText('Payment: Pending')).toBeVisible();
  await unpaid.getByRole('button', { name: 'Pay now' }).click();

  const dialog = page.getByRole('dialog', { name: `Pay for ${title}` });
  await expect(dialog.getByRole('radio', { name: /Credit Card/ })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();
  await expect(dialog.getByText('Demo', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: /\$ARTCHIP token/ }).check();
  const pay = dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ });
  await expect(pay).not.toHaveText('Pay $40.00');
  await pay.click();

  await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=\d+\.\d\d&method=artchip/);
  const paidOrderId = new URL(page.url()).searchParams.get('orderId');
  expect(paidOrderId).not.toBe(firstOrderId);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/my-orders');
  const orders = page.getByRole('article', { name: title });
  await expect(orders).toHaveCount(2);
  const paid = orders.filter({ hasText: `Order #${paidOrderId}` });
  await expect(paid.getByText('Payment: Paid')).toBeVisible();
  await expect(paid.getByText('$ARTCHIP token', { exact: true })).toBeVisible();
  const replaced = orders.filter({ hasText: `Order #${firstOrderId}` });
  await expect(replaced.getByText('Cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);

  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
});
