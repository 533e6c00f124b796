/**
 * Issue 28, delivered by tap (decision 064), on a 390×844 phone: a buyer whose purchase was shipped
 * opens the link a fresh tap of the chip gives, signed in; the tap page thanks them, and My Orders reads
 * the order delivered, confirmed by their tap, with no "I received it" left to press. Its own creator,
 * buyer, chip and tag, so it never depends on another test's data.
 */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { expect, expectNoSeriousA11yViolations, pageAs, snap, test } from './fixtures.ts';
import { adminToken, auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';
import { provisionTag } from './chips-at-home.ts';

const PHONE = { width: 390, height: 844 };

test('at 390×844 the buyer of a shipped chip taps it and the order reads delivered', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Arrived by tap');
  const { chip } = await liveChip(request, title, '40.00');
  const buyer = await signUpVerified(request, 'receiver');
  const admin = auth(await adminToken(request));

  // The buyer buys it shipped to them (demo card); the admin ships it.
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: {
        orderType: 'purchase',
        artchipId: chip.id,
        paymentMethod: 'card',
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Rita Receiver',
        newAddressLine1: '9 Harbor Road',
        newAddressCity: 'Springfield',
        newAddressState: 'IL',
        newAddressZip: '62701',
        newAddressCountry: 'US',
      },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(buyer.token) }));
  await json(
    await request.patch(`/api/admin/orders/${checkout.orderId}/status`, {
      headers: admin,
      data: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    }),
  );
  const { keys } = await provisionTag(request, admin, chip.id);

  const page = await pageAs(browser, buyer.token);
  await page.setViewportSize(PHONE);
  const order = () => page.getByRole('article').filter({ hasText: `Order #${checkout.orderId}` });

  // Shipped: My Orders asks whether it arrived.
  await page.goto(ROUTES.myOrders);
  await expect(order().getByText('Shipped', { exact: true })).toBeVisible();
  await expect(order().getByText('Has it arrived? Tap it with your phone, or:')).toBeVisible();

  // The parcel arrives; the buyer holds their phone to the chip, signed in.
  await page.goto(`/?${makeSunTapQuery({ ...keys, counter: 1 })}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Authentic — verified tap #1')).toBeVisible();
  const thanks = page.getByRole('status').filter({ hasText: 'Delivered: thanks for confirming.' });
  await expect(thanks).toContainText(`Your order #${checkout.orderId} is marked as received`);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, 'delivered-by-tap-phone');

  // My Orders reads it delivered, by their tap; nothing is left to confirm.
  await page.goto(ROUTES.myOrders);
  // The status badge, and the line saying when and how.
  await expect(order().getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(order().getByText(/^Delivered .+ · confirmed by the buyer’s tap$/)).toBeVisible();
  await expect(order().getByRole('button', { name: /received/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, testInfo, 'delivered-order-phone');

  // The chip is with its new owner now.
  await page.goto(`/${BRAND.slug}/${chip.creatorUsername}/${chip.slug}`);
  await expect(page.getByRole('heading', { name: `You own this ${BRAND.name}` })).toBeVisible();
  await page.context().close();
});
