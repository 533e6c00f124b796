import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, pageAs, readMail, test } from './fixtures.ts';
import { auth, json, mintedChip, signUpVerified, type Account } from './api.ts';

/**
 * Issue 11, "who gets what": before setting or accepting a price, a seller sees the platform fee with
 * its rule and what they will receive, and a buyer what they pay; the sold e-mail repeats the same
 * figures. The fee is 30 % (the default setting) of the highest price the chip was actually paid for.
 */

/** `buyer` checks out the chip (at an accepted offer's price with `offerId`), paid by demo card. */
async function buy(request: APIRequestContext, buyer: Account, chipId: number, offerId?: number) {
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: {
        orderType: 'purchase',
        artchipId: chipId,
        paymentMethod: 'card',
        shippingOption: 'store',
        ...(offerId ? { offerId } : {}),
      },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(buyer.token) }));
}

/** The amount shown beside `label` in a dialog's "Who gets what" split. */
function splitValue(dialog: Locator, label: string): Locator {
  return (
    dialog
      .getByRole('region', { name: 'Who gets what' })
      .locator('dl > div')
      // The row whose label starts with `label` (the royalty's rule also names the platform fee).
      .filter({
        has: dialog
          .page()
          .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }),
      })
      .locator('dd')
  );
}

test('a seller sees what they will receive before listing and before accepting an offer', async ({
  browser,
  request,
}) => {
  const creator = await signUpVerified(request, 'maker');
  const collector = await signUpVerified(request, 'collector');
  const bidder = await signUpVerified(request, 'bidder');
  const title = `Who gets what ${Date.now().toString(36)}`;
  const chip = await mintedChip(request, creator, title);
  const chipPath = `/artchip/${chip.creatorUsername}/${chip.slug}`;

  // The creator activates it at $50: a first sale pays 30 % of its own price.
  const creatorPage = await pageAs(browser, creator.token);
  await creatorPage.goto(chipPath);
  await creatorPage.getByRole('button', { name: `Activate ${title}` }).click();
  const activate = creatorPage.getByRole('dialog', { name: `Activate ${title}` });
  await expect(
    activate.getByText('Enter a price to see the platform fee and what you receive.'),
  ).toBeVisible();
  await activate.getByLabel('Price (USD)').fill('50.00');
  await expect(activate.getByText('30% of the sale price')).toBeVisible();
  await expect(splitValue(activate, 'Platform fee')).toHaveText('$15.00');
  await expect(splitValue(activate, 'You receive')).toHaveText('$35.00');
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(creatorPage.getByText('Available', { exact: true })).toBeVisible();

  // A collector buys it at $50, then lists it for resale at $45: the fee stays 30 % of $50.
  await buy(request, collector, chip.id);
  const sellerPage = await pageAs(browser, collector.token);
  await sellerPage.goto('/my-artchip');
  const card = sellerPage
    .getByRole('listitem')
    .filter({ has: sellerPage.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: `List for resale ${title}` }).click();
  const resell = sellerPage.getByRole('dialog', { name: `List ${title} for resale` });
  await resell.getByLabel('USD price').fill('45.00');
  await expect(resell.getByText("30% of this chip's highest price, $50.00")).toBeVisible();
  await expect(splitValue(resell, "Buyer's price")).toHaveText('$45.00');
  await expect(splitValue(resell, 'You receive')).toHaveText('$30.00');
  // A resale: 5 % of $45 of that fee is the creator's royalty (decision 081), not the seller's money.
  await expect(splitValue(resell, 'of which the creator’s royalty')).toHaveText('$2.25');
  await resell.getByRole('button', { name: 'List for resale' }).click();
  await expect(card.getByText('Live in Marketplace')).toBeVisible();

  // A buyer offers $40: they see what they pay, and what the seller would receive.
  const bidderPage = await pageAs(browser, bidder.token);
  await bidderPage.goto(chipPath);
  await bidderPage.getByRole('button', { name: `Make Offer on ${title}` }).click();
  const offer = bidderPage.getByRole('dialog', { name: `Make an offer on ${title}` });
  await offer.getByLabel('Offer amount (USD)').fill('40.00');
  await expect(splitValue(offer, 'You pay')).toHaveText('$40.00');
  await expect(splitValue(offer, 'The seller receives')).toHaveText('$25.00');
  await offer.screenshot({ path: '/tmp/money-offer-dialog.png' });
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(bidderPage.getByText('Offer sent', { exact: true })).toBeVisible();

  // The seller opens Accept: the split at the offered $40, before committing.
  await sellerPage.goto('/my-artchip');
  const received = sellerPage.getByRole('region', { name: 'Offers received' });
  await received.getByRole('button', { name: `Accept offer on ${title}` }).click();
  const accept = sellerPage.getByRole('dialog', { name: `Accept ${bidder.username}'s offer` });
  await expect(accept.getByText("30% of this chip's highest price, $50.00")).toBeVisible();
  await expect(splitValue(accept, "Buyer's price")).toHaveText('$40.00');
  await expect(splitValue(accept, 'Platform fee')).toHaveText('$15.00');
  await expect(splitValue(accept, 'You receive')).toHaveText('$25.00');
  await expectNoSeriousA11yViolations(sellerPage);
  await accept.screenshot({ path: '/tmp/money-accept-dialog.png' });
  await accept.getByRole('button', { name: 'Accept $40.00' }).click();
  await expect(received.getByText('Accepted', { exact: true })).toBeVisible();

  // The buyer pays; the sold e-mail states the same split.
  const [accepted] = await json<{ id: number; status: string }[]>(
    await request.get('/api/offers/sent', { headers: auth(bidder.token) }),
  );
  expect(accepted?.status).toBe('accepted');
  await buy(request, bidder, chip.id, accepted!.id);
  const sold = await readMail(collector.email, new RegExp(`^Your Artchip "${title}" sold$`));
  expect(sold).toContain('has been sold for $40.00.');
  expect(sold).toContain("Platform fee: $15.00 (30% of this chip's highest price, $50.00).");
  expect(sold).toContain('You receive $25.00.');
  for (const page of [creatorPage, sellerPage, bidderPage]) await page.context().close();
});
