import { BRAND } from '#shared/brand.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import {
  expect,
  expectNoSeriousA11yViolations,
  linkFrom,
  pageAs,
  readMail,
  snap,
  test,
  uniqueUser,
} from './fixtures.ts';
import { adminToken, auth, liveChip, uniqueTitle } from './api.ts';
import { chipWithItsOwner, provisionTag } from './chips-at-home.ts';

/**
 * Issue 15, hand over by tap: the owner of a chip that is with them taps it, signed in, and starts a
 * handover from that tap (decision 038; the claimant pays the fee); whoever holds it next taps it with a
 * phone, signs up from the tap page, claims it, pays the transfer fee with the demo method, and finds it
 * in their collection with "Handed over, claimed by tap" in its history.
 */
test('the holder of a chip being handed over claims it with a fresh tap', async ({
  browser,
  page,
  request,
}) => {
  const { title, chip, owner, keys } = await chipWithItsOwner(request, 'Tapped over');
  const tapUrl = (counter: number) => `/?${makeSunTapQuery({ ...keys, counter })}`;

  // The owner taps the chip and starts the handover from that tap; whoever claims pays the fee.
  const ownerPage = await pageAs(browser, owner.token);
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await ownerPage.goto(tapUrl(1));
  await expect(ownerPage.getByRole('heading', { name: `This ${BRAND.name} is yours` })).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Hand over', exact: true }).click();
  const dialog = ownerPage.getByRole('dialog', { name: `Hand over ${title}` });
  await expect(dialog.getByText('Who pays the transfer fee ($12.00)?')).toBeVisible();
  // Issue 27: the hand-over explained in plain words, with a picture of a phone held to a chip.
  const howTo = dialog.getByRole('region', { name: 'How handing over by tap works' });
  await expect(howTo).toContainText('that is what "a fresh tap" means');
  await expect(howTo).toContainText('claim it for 10 minutes');
  await expect(howTo.getByRole('img', { name: /A phone held flat against an Artchip/ })).toBeVisible();
  await dialog.getByLabel('Whoever claims it, when they claim').check();
  await expectNoSeriousA11yViolations(ownerPage);
  await ownerPage.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(ownerPage);
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Start handover' }).click();
  await expect(dialog.getByText(/whoever taps the Artchip with their phone now can claim it/)).toBeVisible();
  await ownerPage.context().close();

  // The holder taps the chip with their phone, after the owner.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tapUrl(2));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Authentic — verified tap #2' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Its owner is handing this ${BRAND.name} over` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('link', { name: `Claim this ${BRAND.name}` }).click();
  await expect(page).toHaveURL(/\/claim\?token=/);
  const claimUrl = new URL(page.url());

  // Signs up from there, and the verification link brings them back to the claim.
  await page.getByRole('link', { name: 'Sign up to claim' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  const account = uniqueUser('claimer');
  await page.getByLabel('First name').fill('Cleo');
  await page.getByLabel('Last name').fill('Claimer');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/check-email\?email=/);
  await page.goto(linkFrom(await readMail(account.email, /verify/i), '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page).toHaveURL(`${claimUrl.pathname}${claimUrl.search}`, { timeout: 10_000 });

  // Claims it and pays the transfer fee (30 % of $40) with the demo card.
  await expect(page.getByText(`Signed in as @${account.username}`)).toBeVisible();
  // Issue 27: before paying, the fee, who pays it and the method, and how claiming works, with a picture.
  const fee = page.getByRole('region', { name: 'Transfer fee' });
  await expect(fee).toContainText('You pay $12.00 when you claim');
  await expect(fee).toContainText("30% of this chip's highest price, $40.00");
  await expect(fee).toContainText('(10 minutes after your tap)');
  await expect(
    page.getByRole('group', { name: 'Pay the fee with' }).getByRole('radio', { name: /Credit Card/ }),
  ).toBeChecked();
  await expect(page.getByRole('img', { name: /A phone held flat against an Artchip/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Claim and pay $12.00' }).click();
  await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=12\.00&method=card/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // Theirs now: in their collection, with the handover in its history.
  await page.goto(`/my-${BRAND.slug}`);
  await expect(page.getByText(title).first()).toBeVisible();
  await page.goto(`/${BRAND.slug}/${chip.creatorUsername}/${chip.slug}`);
  await expect(page.getByText('Handed over, claimed by tap')).toBeVisible();
  await expect(page.getByText(/\d+ verified taps?, the last on/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/handover-claimed-390.png', fullPage: true });
});

/**
 * An owner who chose to pay the fee now and left the payment page before paying: the dashboard says
 * the handover waits for the fee and to tap the chip to start again; a new tap of theirs starts it again
 * (here leaving the fee to the claimant), and the next tap then offers the claim.
 */
test('an owner who left the fee’s payment page starts the handover again', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const { title, owner, keys } = await chipWithItsOwner(request, 'Left unpaid');
  const ownerPage = await pageAs(browser, owner.token);
  await ownerPage.setViewportSize({ width: 1280, height: 800 });
  // The payment never completes: the owner closes the page first.
  await ownerPage.route('**/api/orders/*/complete', (route) => route.abort());
  const tapUrl = (counter: number) => `/?${makeSunTapQuery({ ...keys, counter })}`;
  await ownerPage.goto(tapUrl(1));
  await ownerPage.getByRole('button', { name: 'Hand over', exact: true }).click();
  let dialog = ownerPage.getByRole('dialog', { name: `Hand over ${title}` });
  await dialog.getByLabel('Me, now').check();
  await dialog.getByRole('button', { name: 'Pay $12.00 and start handover' }).click();
  await expect(ownerPage).toHaveURL(/\/payment-processing\?/);

  await ownerPage.goto(`/my-${BRAND.slug}`);
  await ownerPage.getByRole('button', { name: `Hand over ${title}` }).click();
  dialog = ownerPage.getByRole('dialog', { name: `Hand over ${title}` });
  await expect(
    dialog.getByText(
      /Waiting for your transfer fee to be paid\. If you left the payment page, hold your phone to the Artchip/,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage);
  await snap(ownerPage, testInfo, 'handover-waiting-for-fee');
  await expect(dialog.getByRole('button', { name: 'Start handover' })).toHaveCount(0);

  // A new tap of theirs starts it again.
  await ownerPage.goto(tapUrl(2));
  await ownerPage.getByRole('button', { name: 'Hand over', exact: true }).click();
  dialog = ownerPage.getByRole('dialog', { name: `Hand over ${title}` });
  await expect(dialog.getByText(/If you left the payment page, start again below/)).toBeVisible();
  await dialog.getByLabel('Whoever claims it, when they claim').check();
  await dialog.getByRole('button', { name: 'Start handover' }).click();
  await expect(dialog.getByText(/whoever taps the Artchip with their phone now can claim it/)).toBeVisible();
  await ownerPage.context().close();

  await page.goto(tapUrl(3));
  await expect(page.getByRole('link', { name: `Claim this ${BRAND.name}` })).toBeVisible();
});

/**
 * Issue 15, lost and stolen: the owner reports a chip stolen from the dashboard; a tap of it says so,
 * and whoever holds it writes to the owner from the tap page without seeing their address.
 */
test('a chip reported stolen says so on a tap, and the finder can message its owner', async ({
  browser,
  page,
  request,
}) => {
  const title = uniqueTitle('Gone missing');
  const { creator, chip } = await liveChip(request, title, '30.00');
  const admin = auth(await adminToken(request));
  const { keys } = await provisionTag(request, admin, chip.id);

  const ownerPage = await pageAs(browser, creator.token);
  await ownerPage.goto(`/my-${BRAND.slug}`);
  await ownerPage.getByRole('button', { name: `Report ${title}` }).click();
  const dialog = ownerPage.getByRole('dialog', { name: `Report ${title}` });
  await dialog.getByLabel('Stolen').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ownerPage.getByText(/Reported stolen: it cannot be listed/)).toBeVisible();
  await ownerPage.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?${makeSunTapQuery({ ...keys, counter: 1 })}`);
  await expect(
    page.getByRole('heading', { name: 'This Artchip has been reported stolen by its owner.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Message to the owner').fill('I found it on a park bench.');
  await page.getByLabel('How the owner can reach you (optional)').fill('finder@example.com');
  await page.getByRole('button', { name: 'Message the owner' }).click();
  await expect(page.getByText('Thank you. Your message was sent to the owner.')).toBeVisible();
  await expect(page.getByText(creator.email)).toHaveCount(0);
  const mail = await readMail(creator.email, /Someone has news about your stolen Artchip/);
  expect(mail).toContain('I found it on a park bench.');
});
