import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, uniqueUser, useSession } from './fixtures.ts';
import { auth, json, mintedChip, signUpVerified, uniqueTitle, type Account, type ChipJson } from './api.ts';

/**
 * The card and PayPal payment pages on the demo-payments server (spec §2): missing parameters give
 * 'Payment Error'; with a real order they show its summary and the demo payment completes it.
 */

/**
 * A creator's chip listed at `priceUsd`, made through the API: paid demo mint, admin makes it, creator
 * prices it; with `paypalEmail`, the creator takes direct PayPal for it.
 */
async function listedChip(
  request: APIRequestContext,
  title: string,
  priceUsd: string,
  paypalEmail?: string,
): Promise<ChipJson> {
  const creator = await signUpVerified(request, 'paycreator');
  const chip = await mintedChip(request, creator, title, priceUsd);
  if (paypalEmail) {
    await json(
      await request.put('/api/users/profile', {
        headers: auth(creator.token),
        data: {
          firstName: 'Pay',
          lastName: 'Creator',
          username: creator.username,
          paypalEmail,
          // A new PayPal e-mail needs the password (decision 071).
          currentPassword: creator.password,
        },
      }),
    );
    await json(
      await request.patch(`/api/artchip/${chip.id}/pricing`, {
        headers: auth(creator.token),
        data: { priceUsd, paypalEnabled: true },
      }),
    );
  }
  return chip;
}

/** A buyer's unpaid order for the chip, paid by `method` (the demo provider takes every method). */
async function unpaidOrder(
  request: APIRequestContext,
  buyer: Account,
  chipId: number,
  method: 'card' | 'paypal',
) {
  return json<{ orderId: number; summary: { totalCents: number } }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: { orderType: 'purchase', artchipId: chipId, paymentMethod: method, shippingOption: 'store' },
    }),
  );
}

test('payment pages without their parameters show Payment Error', async ({ page }) => {
  for (const url of [
    '/stripe-processing',
    '/stripe-processing?orderId=12',
    '/stripe-processing?amount=15.00',
    '/paypal-processing?orderId=12&amount=15.00',
    '/token-payment',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
    await expect(page.getByText('Invalid payment parameters. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  }
});

test('the card page shows the order summary and the demo card payment completes the order', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Card Wave');
  const chip = await listedChip(request, title, '42.50');
  const buyer = await signUpVerified(request, 'cardbuyer');
  const order = await unpaidOrder(request, buyer, chip.id, 'card');
  expect(order.summary.totalCents).toBe(4250);
  await useSession(page, buyer.token);

  await page.goto(`/stripe-processing?orderId=${order.orderId}&amount=42.50&artchipId=${chip.id}`);
  await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
  await expect(page.getByText('Secure payment', { exact: true })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('$42.50').first()).toBeVisible();
  // Only what the buyer pays: no seller's fee on the buyer's payment page (issue 27).
  await expect(page.getByText(/Marketplace fee|historical high/)).toHaveCount(0);
  // Demo mode: the card method is labelled and no provider script is loaded.
  await expect(page.getByText('Demo', { exact: true })).toBeVisible();
  expect(await page.locator('script[src^="https://js.stripe.com"]').count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Pay Now/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout-success\\?orderId=${order.orderId}`));
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const paid = await json<{ paymentStatus: string }>(
    await request.get(`/api/orders/${order.orderId}`, { headers: auth(buyer.token) }),
  );
  expect(paid.paymentStatus).toBe('completed');
});

test('the PayPal page shows the summary with the convenience fee and the demo PayPal payment completes it', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Paypal Dune');
  const sellerPaypal = `${uniqueUser('pp').username}@example.com`;
  const chip = await listedChip(request, title, '40.00', sellerPaypal);
  const buyer = await signUpVerified(request, 'ppbuyer');
  const order = await unpaidOrder(request, buyer, chip.id, 'paypal');
  expect(order.summary.totalCents).toBe(4800);
  await useSession(page, buyer.token);

  const url = `/paypal-processing?orderId=${order.orderId}&amount=48.00&sellerEmail=${encodeURIComponent(sellerPaypal)}&artchipId=${chip.id}`;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('Base price')).toBeVisible();
  await expect(page.getByText('$40.00')).toBeVisible();
  await expect(page.getByText('20% convenience fee')).toBeVisible();
  await expect(page.getByText('$8.00')).toBeVisible();
  await expect(page.getByText('$48.00')).toBeVisible();
  expect(await page.locator('script[src^="https://www.paypal.com"]').count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Pay with PayPal/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout-success\\?orderId=${order.orderId}`));
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
});
