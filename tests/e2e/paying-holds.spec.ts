import { buyNowIntoVaultByCard, expect, test, useSession } from './fixtures.ts';
import { auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 14, finding 4 (decision 033): a checkout whose buyer went idle at the payment page does not
 * stop a buyer who pays; and a buyer is told before paying when someone else is paying already.
 */

async function checkoutByApi(request: Parameters<typeof liveChip>[0], token: string, chipId: number) {
  return json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(token),
      data: { orderType: 'purchase', artchipId: chipId, paymentMethod: 'card', shippingOption: 'store' },
    }),
  );
}

test('a buyer pays for a chip another buyer left at the payment page', async ({ page, request }) => {
  const title = uniqueTitle('Idle');
  const { chip } = await liveChip(request, title, '30.00');
  const idle = await signUpVerified(request, 'idle');
  await checkoutByApi(request, idle.token, chip.id); // reaches the payment page, then walks away

  const buyer = await signUpVerified(request, 'payer');
  await useSession(page, buyer.token);
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await buyNowIntoVaultByCard(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/my-artchip');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('a buyer is stopped before paying while someone else is paying', async ({ page, request }) => {
  const { chip } = await liveChip(request, uniqueTitle('Busy'), '30.00');
  const buyer = await signUpVerified(request, 'late');
  // The late buyer reaches the payment page first, then someone else checks out and starts paying.
  const late = await checkoutByApi(request, buyer.token, chip.id);
  const payer = await signUpVerified(request, 'first');
  const paying = await checkoutByApi(request, payer.token, chip.id);
  const started = await request.post(`/api/orders/${paying.orderId}/payment-started`, {
    headers: auth(payer.token),
    data: {},
  });
  expect(started.status()).toBe(200);

  await useSession(page, buyer.token);
  await page.goto(`/payment-processing?orderId=${late.orderId}&amount=30.00&method=card`);
  await expect(page.getByRole('heading', { name: /payment failed/i })).toBeVisible();
  await expect(
    page.getByText('This Artchip is being purchased by someone else.', { exact: false }),
  ).toBeVisible();
  // Nothing was paid: the order waits, unpaid.
  const order = await json<{ paymentStatus: string }>(
    await request.get(`/api/orders/${late.orderId}`, { headers: auth(buyer.token) }),
  );
  expect(order.paymentStatus).not.toBe('completed');
});
