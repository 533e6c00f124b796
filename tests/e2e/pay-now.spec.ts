import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { auth, json, signUpVerified, type ChipJson } from './api.ts';

/** Pay now (issue 11): an order left unpaid is paid again from My Orders, with nothing to re-enter. */

function makePng(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** A creator's chip, live in the marketplace at `priceUsd`: mint, demo payment, admin make, activate. */
async function liveChip(request: APIRequestContext, title: string, priceUsd: string): Promise<ChipJson> {
  const creator = await signUpVerified(request, 'maker');
  const media = await json<{ url: string }>(
    await request.post('/api/media', {
      headers: auth(creator.token),
      multipart: { image: { name: 'art.png', mimeType: 'image/png', buffer: await makePng(title.length) } },
    }),
  );
  const mint = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(creator.token),
      data: {
        orderType: 'mint',
        paymentMethod: 'artchip',
        shippingOption: 'store',
        mintData: { title, isSurprize: false, imageUrl: media.url },
      },
    }),
  );
  await json(await request.post(`/api/orders/${mint.orderId}/complete`, { headers: auth(creator.token) }));
  const admin = await json<{ token: string }>(await request.post('/api/admin/auth/login', { data: ADMIN }));
  const { artchip } = await json<{ artchip: ChipJson }>(
    await request.post(`/api/admin/orders/${mint.orderId}/create-artchip`, {
      headers: auth(admin.token),
      data: {},
    }),
  );
  await json(
    await request.patch(`/api/artchip/${artchip.id}/activate`, {
      headers: auth(creator.token),
      data: { price: priceUsd },
    }),
  );
  return artchip;
}

/** Puts a session into the browser the way log-in does (localStorage authToken). */
async function useSession(page: Page, token: string) {
  await page.goto('/faq');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
}

test('a buyer who left the payment page pays from My Orders with another method', async ({
  page,
  request,
}) => {
  const title = `Tidepool ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const chip = await liveChip(request, title, '40.00');
  const buyer = await signUpVerified(request, 'payer');
  await useSession(page, buyer.token);

  // The demo payment page completes on its own after a moment: hold that back, as if the buyer
  // closed the page before paying.
  await page.route('**/api/orders/*/complete', (route) => route.abort());
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await checkout.getByRole('radio', { name: /Store in the vault/ }).check();
  await checkout.getByRole('radio', { name: /Credit Card/ }).check();
  await checkout.getByRole('button', { name: 'Complete Purchase' }).click();
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
