import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, pageAs, readMail, test } from './fixtures.ts';
import { buyIntoVault, json, liveChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 11, offline transfers: the owner of a vaulted chip hands it to someone else from the
 * dashboard, pays the transfer fee (30 % of the chip's highest sale price) through the normal
 * payment page, and the chip becomes the other person's, still in the vault, with the transfer in
 * its history.
 */
/** Confirms the transfer in the dialog that names the recipient. */
async function confirmTransfer(page: Page, title: string, recipient: string) {
  const confirmation = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(confirmation).toContainText(`Transfer ${title} to ${recipient}?`);
  await confirmation.getByRole('button', { name: `Yes, transfer to ${recipient}` }).click();
}

test('an owner transfers a chip', async ({ browser, request }) => {
  const title = uniqueTitle('Handed on');
  const { chip } = await liveChip(request, title, '40.00');
  const owner = await signUpVerified(request, 'giver');
  const friend = await signUpVerified(request, 'friend');
  await buyIntoVault(request, owner, chip.id);

  const page = await pageAs(browser, owner.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-artchip');
  const open = page.getByRole('button', { name: `Transfer ${title}` });
  await open.click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${title}` });
  await expect(dialog.getByText('Transfer fee: $12.00')).toBeVisible();
  await expect(dialog.getByText("30% of this chip's highest price, $40.00")).toBeVisible();
  const recipient = dialog.getByLabel('Username or e-mail');
  const pay = dialog.getByRole('button', { name: 'Pay $12.00 and transfer' });

  // Nobody named, then a name nobody has: each said in words, beside the field.
  await pay.click();
  await expect(dialog.getByText('Enter a username or an e-mail address')).toBeVisible();
  const nobody = `nobody-${Date.now().toString(36)}`;
  await recipient.fill(nobody);
  await pay.click();
  // Issue 27: a confirmation names the chip and the recipient before anything is placed.
  await confirmTransfer(page, title, nobody);
  await expect(
    dialog.getByText('No one has this username. To invite someone new, enter their e-mail address.'),
  ).toBeVisible();
  await expect(recipient).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/transfer-dialog-390.png' });

  await recipient.fill(friend.username);
  await pay.click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(confirmation).toContainText(
    `Transfer ${title} to ${friend.username}? Once the fee is paid, the chip is theirs.`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
  // By keyboard: the confirm button takes Enter.
  await confirmation.getByRole('button', { name: `Yes, transfer to ${friend.username}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=12\.00&method=card/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(`${title} now belongs to ${friend.username}.`)).toBeVisible();

  await page.goto('/my-orders');
  const order = page.getByRole('article', { name: title }).filter({ hasText: 'Transfer' });
  await expect(order.getByText(`Transfer to ${friend.username}`)).toBeVisible();
  await expect(order.getByText('$12.00').first()).toBeVisible();
  await page.close();

  const mail = await readMail(friend.email, new RegExp(`${owner.username} sent you the Artchip`));
  expect(mail).toContain('kept in our vault in your name');

  // The new owner's chip page: theirs, in the vault, its history saying it changed hands.
  const friendPage = await pageAs(browser, friend.token);
  await friendPage.setViewportSize({ width: 1280, height: 800 });
  await friendPage.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await expect(friendPage.getByText('Ownership transferred')).toBeVisible();
  await expect(friendPage.getByRole('button', { name: `Transfer ${title}` })).toBeVisible();
  await friendPage.screenshot({ path: '/tmp/transfer-new-owner-1280.png', fullPage: true });
  const after = await json<{ ownerUsername: string; shippingOption: string }>(
    await request.get(`/api/artchip/${chip.id}`),
  );
  expect(after).toMatchObject({ ownerUsername: friend.username, shippingOption: 'store' });
  await friendPage.close();
});
