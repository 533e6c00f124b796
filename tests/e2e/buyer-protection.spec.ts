/**
 * Issue 28, buyer protection, on a 390×844 phone: the buyer of a shipped chip that arrived damaged
 * reports it from My Orders with a photo; the seller answers; an admin reads the case and refunds part
 * of it; the buyer sees the decision on the order. axe clean on the dialog and each new screen.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoSeriousA11yViolations, pageAs, readMail, snap, test } from './fixtures.ts';
import { adminToken, auth, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

const PHONE = { width: 390, height: 844 };

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('at 390×844 a buyer reports a damaged chip with a photo, an admin decides, the buyer sees it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Cracked');
  const { creator: seller, chip } = await liveChip(request, title, '40.00');
  const buyer = await signUpVerified(request, 'reporter');
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: {
        orderType: 'purchase',
        artchipId: chip.id,
        paymentMethod: 'card',
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Rita Reporter',
        newAddressLine1: '1 Main Street',
        newAddressCity: 'Springfield',
        newAddressState: 'IL',
        newAddressZip: '62701',
        newAddressCountry: 'US',
      },
    }),
  );
  const orderId = checkout.orderId;
  await json(await request.post(`/api/orders/${orderId}/complete`, { headers: auth(buyer.token) }));
  const token = await adminToken(request);
  await json(
    await request.patch(`/api/admin/orders/${orderId}/status`, {
      headers: auth(token),
      data: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    }),
  );
  await json(await request.post(`/api/orders/${orderId}/received`, { headers: auth(buyer.token) }));

  // The buyer, on a phone: Report a problem on the delivered purchase.
  const page = await pageAs(browser, buyer.token);
  await page.setViewportSize(PHONE);
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: `Order #${orderId}` });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: `Report a problem with ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/within 7 days of delivery/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: 'Arrived damaged' }).check();
  await dialog.getByLabel('What happened').fill('It arrived with a crack across the resin.');
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3322' } })
    .png()
    .toBuffer();
  await dialog
    .getByLabel(/Photos/)
    .setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByText('1 photo chosen')).toBeVisible();
  await snap(page, testInfo, 'report-dialog-phone');
  await dialog.getByRole('button', { name: 'Report the problem' }).click();
  await expect(dialog).toBeHidden();
  const caseSection = card.getByRole('region', { name: /^Case #\d+$/ });
  await expect(caseSection.getByText('Waiting for the seller')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  expect(await readMail(seller.email, /reported a problem/)).toContain('crack across the resin');

  const { items } = await json<{ items: { id: number; photos: unknown[] }[] }>(
    await request.get(`/api/orders/${orderId}/cases`, { headers: auth(buyer.token) }),
  );
  const caseId = items[0]!.id;
  expect(items[0]!.photos).toHaveLength(1);

  // The seller, on a phone: the case on their sale, and their answer.
  const sellerPage = await pageAs(browser, seller.token);
  await sellerPage.setViewportSize(PHONE);
  await sellerPage.goto('/my-artchip?tab=stats');
  const sale = sellerPage.getByRole('row').filter({ hasText: title });
  await expect(sale.getByText(/Case: Arrived damaged · Waiting for the seller/)).toBeVisible();
  await sale.getByRole('button', { name: 'Answer the buyer' }).click();
  const answer = sellerPage.getByRole('dialog', { name: `Answer case #${caseId}` });
  await expect(answer.getByRole('img', { name: 'Buyer’s photo 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(sellerPage);
  await answer.getByLabel('Your answer').fill('It left here well packed.');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(sale.getByText(/Waiting for our decision/)).toBeVisible();
  await fitsThePhone(sellerPage);
  await expectNoSeriousA11yViolations(sellerPage);

  // The admin, on a phone: the Cases tab, the case's file, and a partial refund.
  const admin = await pageAs(browser, token, true);
  await admin.setViewportSize(PHONE);
  await admin.goto('/siteadmin/dashboard?tab=cases');
  await admin.getByRole('button', { name: `View case #${caseId}` }).click();
  const file = admin.getByRole('region', { name: new RegExp(`^Case #${caseId}:`) });
  await expect(file.getByText('1Z999AA10123456784')).toBeVisible();
  await expect(file.getByText('It left here well packed.', { exact: false })).toBeVisible();
  await expect(file.getByRole('img', { name: 'Buyer’s photo 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  const decision = file.getByRole('form', { name: 'Decision' });
  await decision.getByLabel('Decision').selectOption('partial_refund');
  await decision.getByLabel('Amount to refund (USD)').fill('10.00');
  await decision.getByLabel(/^Reason/).fill('A crack the seller could not explain: $10 back.');
  await snap(admin, testInfo, 'case-decision-phone');
  await decision.getByRole('button', { name: 'Decide' }).click();
  await expect(file.getByText(/^Decided: Refunded in part \(\$10\.00\)/)).toBeVisible();
  await fitsThePhone(admin);
  await expectNoSeriousA11yViolations(admin);

  // The buyer sees the decision on the order.
  await page.reload();
  await expect(caseSection.getByText('Closed')).toBeVisible();
  await expect(caseSection.getByText(/Decision: Refunded in part/)).toBeVisible();
  await expect(caseSection.getByText(/\$10\.00 back to the way you paid/)).toBeVisible();
  await snap(page, testInfo, 'case-decided-phone');
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  expect(await readMail(buyer.email, /Refunded in part/)).toContain('could not explain');
});
