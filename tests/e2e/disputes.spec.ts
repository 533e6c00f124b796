/**
 * Issue 29, disputes (decision 076): a buyer's card payment is disputed (a Stripe-shaped dispute event
 * signed with the demo webhook secret, posted as the bank's chargeback would arrive); its owner's chip
 * page says "Under review"; an admin opens the Disputes tab, reads the dispute's file and submits
 * evidence. At 1280×800 and 390×844, axe clean.
 */
import Stripe from 'stripe';
import { expect, expectNoSeriousA11yViolations, pageAs, snap, test } from './fixtures.ts';
import { adminToken, auth, buyIntoVault, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

const DEMO_WEBHOOK_SECRET = 'whsec_e2e_demo_disputes';
const signer = new Stripe('sk_unused_for_webhooks');

test('an admin works a dispute from the queue; the owner reads "Under review"', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Disputed');
  const { chip } = await liveChip(request, title, '45.00');
  const buyer = await signUpVerified(request, 'disputer');
  await buyIntoVault(request, buyer, chip.id);
  const orders = await json<{ id: number; artchipId: number | null }[]>(
    await request.get('/api/my-orders', { headers: auth(buyer.token) }),
  );
  const orderId = orders.find((o) => o.artchipId === chip.id)!.id;

  const payload = JSON.stringify({
    id: `evt_e2e_${orderId}_${Date.now()}`,
    object: 'event',
    type: 'charge.dispute.created',
    data: {
      object: {
        id: `dp_e2e_${orderId}_${Date.now()}`,
        object: 'dispute',
        amount: 4500,
        currency: 'usd',
        payment_intent: `complete:${orderId}`,
        reason: 'fraudulent',
        status: 'needs_response',
        evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86400 },
      },
    },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: DEMO_WEBHOOK_SECRET });
  const posted = await request.post('/api/payments/demo/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
  expect(posted.status()).toBe(200);

  // The owner's chip page says it is under review.
  const owner = await pageAs(browser, buyer.token);
  await owner.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await expect(owner.getByRole('region', { name: 'Under review' })).toBeVisible();

  // The admin works it from the queue.
  const token = await adminToken(request);
  const admin = await pageAs(browser, token, true);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto('/siteadmin/dashboard?tab=disputes');
  await admin.getByRole('button', { name: `View dispute of order #${orderId}` }).click();
  const file = admin.getByRole('region', { name: new RegExp(`^Dispute of order #${orderId}`) });
  await expect(file.getByText('Held while the dispute is open')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await snap(admin, testInfo, 'dispute-file-desktop');
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(admin);
  await file
    .getByLabel('What the platform knows (sent to Stripe)')
    .fill('Kept in our vault since the purchase.');
  await file.getByRole('button', { name: 'Submit evidence' }).click();
  await expect(
    admin.getByText(`Evidence for order #${orderId} sent to Stripe`, { exact: true }),
  ).toBeVisible();
  await expect(file.getByText(/Under review/).first()).toBeVisible();
  await snap(admin, testInfo, 'dispute-file-phone');
});
