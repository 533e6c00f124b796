import type { APIRequestContext } from '@playwright/test';
import {
  buyNowIntoVaultByCard,
  expect,
  expectNoSeriousA11yViolations,
  pageAs,
  readMail,
  test,
} from './fixtures.ts';
import {
  adminToken,
  auth,
  buyIntoVault,
  createChipFromMint,
  json,
  liveChip as liveChipTitled,
  makePng,
  paidMint,
  signUpVerified,
  type ChipJson,
  uniqueTitle,
} from './api.ts';

/**
 * Issue 10: the journeys across chips, orders and offers, in the browser. Every button shown comes from
 * the server's actions, so none ends in an error: a mint marked Processing still gets its chip (#1), a
 * ship-to-me mint sold into the vault is not shipped by its mint order (#2), an unlisted resale is not
 * sold and lists again (#3), an accepted counter-offer is the buyer's to check out (#5), and Make Offer
 * is only where it works (#6). The admin order page is usable on a phone.
 */

/** A new creator's chip listed at `priceUsd`, titled from `prefix`. */
async function liveChip(request: APIRequestContext, prefix: string, priceUsd = '40.00') {
  const title = uniqueTitle(prefix);
  return { ...(await liveChipTitled(request, title, priceUsd)), title };
}

const chipPath = (chip: ChipJson) => `/artchip/${chip.creatorUsername}/${chip.slug}`;

test('#1 a paid mint marked Processing still offers Create Artchip, and it makes the chip', async ({
  browser,
  request,
}) => {
  const creator = await signUpVerified(request, 'minter');
  const title = uniqueTitle('Processing mint');
  const orderId = await paidMint(request, creator, title, { isSurprize: true });
  const admin = await pageAs(browser, await adminToken(request), true);

  await admin.goto('/admin?tab=orders');
  const row = admin.getByTestId(`order-${orderId}`);
  await row.getByRole('button', { name: `Mark Processing for order ${orderId}` }).click();
  await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Mark Processing/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Create Artchip for order ${orderId}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create Artchip' });
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await makePng(3) });
  await dialog.getByRole('button', { name: 'Create Artchip' }).click();
  await expect(admin.getByText('Artchip Created', { exact: true })).toBeVisible();
  await expect(row.getByText('Completed', { exact: true })).toHaveCount(2);
  await expect(row.getByRole('button')).toHaveCount(0);

  // The order's page tells its story: paid, marked processing by the admin, then its chip made.
  await row.getByRole('link', { name: `Open order #${orderId}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  const timeline = admin.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Payment received')).toBeVisible();
  await expect(timeline.getByText('Marked processing')).toBeVisible();
  await expect(timeline.getByText('Artchip created')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Item' }).getByText(title)).toBeVisible();
  await expect(
    admin.getByRole('region', { name: 'Actions' }).getByText('No action is open for this order'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});

test('#2 a ship-to-me mint activated and sold into the vault is not shipped by its mint order', async ({
  browser,
  request,
}) => {
  const creator = await signUpVerified(request, 'shipper');
  const buyer = await signUpVerified(request, 'vaulter');
  const title = uniqueTitle('Ship mint');
  const mintOrderId = await paidMint(request, creator, title, { shipToMe: true });
  const chip = await createChipFromMint(request, mintOrderId);

  // The creator opens their own chip page before activating it: Not for sale (a made chip is public,
  // decision 062), with Activate (#4).
  const owner = await pageAs(browser, creator.token);
  await owner.goto(chipPath(chip));
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(owner.getByText('Not for sale', { exact: true })).toBeVisible();
  await expect(owner.getByText('Sold', { exact: true })).toHaveCount(0);
  await expect(owner.getByText('Price not set')).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(owner);
  await owner.getByRole('button', { name: `Activate ${title}` }).click();
  const activate = owner.getByRole('dialog', { name: `Activate ${title}` });
  await expect(activate.getByText(/stays in our vault to be sold/)).toBeVisible();
  await activate.getByLabel('Price (USD)').fill('40.00');
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(owner.getByText('Available', { exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: `Pricing for ${title}` })).toBeVisible();
  await expect(owner.getByRole('checkbox', { name: 'Available in the marketplace' })).toBeChecked();
  await expect(owner.getByText('In our vault')).toBeVisible();
  await owner.screenshot({ path: '/tmp/lifecycle-owner-chip-page.png', fullPage: true });

  // A buyer buys it into the vault.
  const shopper = await pageAs(browser, buyer.token);
  await shopper.goto(chipPath(chip));
  await expect(shopper.getByRole('button', { name: `Make Offer on ${title}` })).toBeVisible();
  await shopper.screenshot({ path: '/tmp/lifecycle-buyer-chip-page.png', fullPage: true });
  await buyNowIntoVaultByCard(shopper);
  await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The original mint order has nothing left to ship: its chip is the buyer's, in the vault.
  const admin = await pageAs(browser, await adminToken(request), true);
  await admin.goto(`/admin/orders/${mintOrderId}`);
  const item = admin.getByRole('region', { name: 'Item' });
  await expect(item.getByText('In our vault')).toBeVisible();
  await expect(item.getByText(`@${buyer.username}`)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Ship to' }).getByText(/5 Studio Lane/)).toBeVisible();
  const actions = admin.getByRole('region', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: /Mark Shipped/ })).toHaveCount(0);
  await expect(actions.getByRole('button')).toHaveCount(0);

  // The buyer's dashboard: In Vault, with Ship to me.
  await shopper.goto('/my-artchip');
  const card = shopper.getByRole('listitem').filter({ has: shopper.getByRole('heading', { name: title }) });
  await expect(card.getByText('In Vault', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Ship to me ${title}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `List for resale ${title}` })).toBeVisible();
  for (const page of [owner, shopper, admin]) await page.context().close();
});

test('#3 an unlisted resale reads Not for sale, not Sold, and its owner lists it again', async ({
  browser,
  request,
}) => {
  const { chip, title } = await liveChip(request, 'Resale');
  const owner = await signUpVerified(request, 'reseller');
  await buyIntoVault(request, owner, chip.id);

  const page = await pageAs(browser, owner.token);
  await page.goto('/my-artchip');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('In Vault', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `List for resale ${title}` }).click();
  const resell = page.getByRole('dialog', { name: `List ${title} for resale` });
  await resell.getByLabel('USD price').fill('45.00');
  await resell.getByRole('button', { name: 'List for resale' }).click();
  await expect(card.getByText('Live in Marketplace')).toBeVisible();
  const available = card.getByRole('checkbox', { name: 'Available in the marketplace' });
  await expect(available).toBeChecked();

  await available.uncheck();
  await expect(page.getByText('Hidden from the marketplace', { exact: true })).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(available).not.toBeChecked();

  const visitor = await pageAs(browser, null);
  await visitor.goto(chipPath(chip));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Not for sale', { exact: true })).toBeVisible();
  await expect(visitor.getByText('This Artchip is not for sale right now.')).toBeVisible();
  await expect(visitor.getByText('Sold', { exact: true })).toHaveCount(0);
  await expect(visitor.getByText(/has been sold/)).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);

  await available.check();
  await expect(page.getByText('Listed in the marketplace', { exact: true })).toBeVisible();
  await expect(card.getByText('Live in Marketplace')).toBeVisible();
  // A new visitor (public chip answers may be cached for 30 s, so not the same browser).
  const next = await pageAs(browser, null);
  await next.goto(chipPath(chip));
  await expect(next.getByText('Available', { exact: true })).toBeVisible();
  await expect(next.getByText('$45.00', { exact: true })).toBeVisible();
  await expect(next.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  for (const p of [page, visitor, next]) await p.context().close();
});

test('#5 the buyer accepts the counter-offer: they are told to check out, and they can', async ({
  browser,
  request,
}) => {
  const { creator, chip, title } = await liveChip(request, 'Counter', '60.00');
  const buyer = await signUpVerified(request, 'haggler');

  const buyerPage = await pageAs(browser, buyer.token);
  await buyerPage.goto(chipPath(chip));
  await buyerPage.getByRole('button', { name: `Make Offer on ${title}` }).click();
  const offer = buyerPage.getByRole('dialog', { name: `Make an offer on ${title}` });
  await offer.getByLabel('Offer amount (USD)').fill('40.00');
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyerPage.getByText('Offer sent', { exact: true })).toBeVisible();

  const ownerPage = await pageAs(browser, creator.token);
  await ownerPage.goto('/my-artchip');
  const received = ownerPage.getByRole('region', { name: 'Offers received' });
  await received.getByRole('button', { name: `Counter offer on ${title}` }).click();
  const counter = ownerPage.getByRole('dialog', { name: `Counter ${buyer.username}'s offer` });
  await counter.getByLabel('Counter amount (USD)').fill('50.00');
  await counter.getByRole('button', { name: 'Send Counter-offer' }).click();
  await expect(received.getByText('Countered', { exact: true })).toBeVisible();

  await buyerPage.goto('/my-artchip');
  const sent = buyerPage.getByRole('region', { name: 'Offers sent' });
  await expect(sent.getByText(/Counter \$50\.00/)).toBeVisible();
  await sent.getByRole('button', { name: `Accept offer on ${title}` }).click();
  const accept = buyerPage.getByRole('dialog', { name: `Accept ${creator.username}'s counter-offer` });
  await expect(accept.getByText('You pay')).toBeVisible();
  await accept.getByRole('button', { name: 'Accept $50.00' }).click();
  await expect(sent.getByText('Accepted', { exact: true })).toBeVisible();

  // The buyer, who must check out, is told so; the seller is told the counter was accepted. (The
  // subjects quote the title, so they arrive encoded, spaces as '_': '.' matches either.)
  const buyerMail = await readMail(buyer.email, /You.accepted.the.counter-offer/);
  expect(buyerMail).toContain('Check out within 48 hours');
  const sellerMail = await readMail(creator.email, /Counter-offer.accepted/);
  expect(sellerMail).not.toContain('Check out within');

  await sent.getByRole('button', { name: 'Complete purchase' }).click();
  const checkout = buyerPage.getByRole('dialog', { name: 'Complete Your Purchase' });
  await expect(checkout.getByText('at your accepted offer')).toBeVisible();
  await expect(
    checkout.getByRole('region', { name: 'Order Summary' }).getByText('$50.00').first(),
  ).toBeVisible();
  // Held for this buyer: the chip page still lets them (and only them) buy it.
  const other = await pageAs(browser, null);
  await other.goto(chipPath(chip));
  await expect(other.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  for (const page of [buyerPage, ownerPage, other]) await page.context().close();
});

test("#6 Make Offer is not offered on a sold chip, an unlisted chip or the viewer's own chip", async ({
  browser,
  request,
}) => {
  const [sold, unlisted, own] = await Promise.all([
    liveChip(request, 'Sold one'),
    liveChip(request, 'Unlisted one'),
    liveChip(request, 'Own one'),
  ]);
  const viewer = await signUpVerified(request, 'looker');
  await buyIntoVault(request, await signUpVerified(request, 'collector'), sold.chip.id);
  await json(
    await request.patch(`/api/artchip/${unlisted.chip.id}/availability`, {
      headers: auth(unlisted.creator.token),
      data: { isAvailable: false },
    }),
  );

  const page = await pageAs(browser, viewer.token);
  await page.goto(chipPath(sold.chip));
  await expect(page.getByText('This Artchip has been sold and is no longer available.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);

  await page.goto(chipPath(unlisted.chip));
  await expect(page.getByText('Not for sale', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  await page.goto(`/gallery/${unlisted.chip.creatorUsername}`);
  await expect(page.getByRole('heading', { name: unlisted.title })).toBeVisible();
  await expect(page.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);

  // The same listed chip: its owner gets no Make Offer (page or gallery), anyone else does.
  const ownerPage = await pageAs(browser, own.creator.token);
  await ownerPage.goto(chipPath(own.chip));
  await expect(ownerPage.getByRole('heading', { name: 'You own this Artchip' })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  await expect(ownerPage.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await ownerPage.goto(`/gallery/${own.chip.creatorUsername}`);
  await expect(ownerPage.getByRole('heading', { name: own.title })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: /Make Offer/ })).toHaveCount(0);
  await page.goto(chipPath(own.chip));
  await expect(page.getByRole('button', { name: `Make Offer on ${own.title}` })).toBeVisible();
  await page.context().close();
  await ownerPage.context().close();
});

test('the admin order page fits a phone: no sideways page scroll, and it passes axe', async ({
  browser,
  request,
}) => {
  const { chip } = await liveChip(request, 'Phone');
  const buyer = await signUpVerified(request, 'phoner');
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(buyer.token),
      data: {
        orderType: 'purchase',
        artchipId: chip.id,
        paymentMethod: 'card',
        shippingOption: 'ship',
        shippingAddressId: 'new',
        newAddressName: 'Phoebe Longname-Ambassador-Of-Very-Long-Street-Names',
        newAddressLine1: '12345 Extraordinarily Long Boulevard Name That Wraps',
        newAddressCity: 'San Francisco',
        newAddressState: 'CA',
        newAddressZip: '94103',
        newAddressCountry: 'US',
      },
    }),
  );
  await json(await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(buyer.token) }));

  const admin = await pageAs(browser, await adminToken(request), true);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto(`/admin/orders/${checkout.orderId}`);
  const actions = admin.getByRole('region', { name: 'Actions' });
  await expect(
    actions.getByRole('button', { name: `Mark Shipped for order ${checkout.orderId}` }),
  ).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Payment' }).getByText('Credit Card')).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: '/tmp/lifecycle-admin-order-phone.png', fullPage: true });

  // Ship it from the phone, keyboard only: the dialog's fields are labelled and focusable.
  await actions.getByRole('button', { name: `Mark Shipped for order ${checkout.orderId}` }).focus();
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: 'Mark Shipped' });
  await dialog.getByLabel('Carrier').fill('UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByLabel('Tracking number').press('Enter');
  await expect(admin.getByText('Order Shipped', { exact: true })).toBeVisible();
  await expect(
    actions.getByRole('button', { name: `Mark Delivered for order ${checkout.orderId}` }),
  ).toBeVisible();
  await expect(
    admin.getByRole('region', { name: 'Timeline' }).getByText('UPS · 1Z999AA10123456784'),
  ).toBeVisible();
  await actions.getByRole('button', { name: `Mark Delivered for order ${checkout.orderId}` }).click();
  await expect(admin.getByRole('region', { name: 'Item' }).getByText('With its owner')).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The Orders tab on the phone: the table scrolls inside its container, never the page.
  await admin.goto('/admin?tab=orders');
  await admin.getByLabel('Order type').selectOption('purchase');
  await expect(admin.getByTestId(`order-${checkout.orderId}`)).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const table = admin.getByRole('table', { name: 'Orders' });
  expect(
    await table.evaluate((el) => {
      const box = el.parentElement!;
      return box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === 'auto';
    }),
  ).toBe(true);
  await admin.screenshot({ path: '/tmp/lifecycle-admin-orders-tab-phone.png', fullPage: true });
  await admin.context().close();
});
