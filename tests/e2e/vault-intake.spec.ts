/**
 * Issue 28, back into the vault, on a 390×844 phone: the owner of a chip at home sends it to the vault
 * and gets the address and a reference; the admin marks the parcel arrived and checks it in by pasting
 * the link a fresh tap of that very chip opened; the owner sees it arrive (e-mail, page) and can list it.
 */
import { BRAND } from '#shared/brand.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { expect, expectNoSeriousA11yViolations, pageAs, readMail, snap, test } from './fixtures.ts';
import { adminToken, auth, json } from './api.ts';
import { chipWithItsOwner } from './chips-at-home.ts';

const PHONE = { width: 390, height: 844 };
const VAULT_ADDRESS = 'Artchip Vault\n1 Test Street\nSpringfield, IL 62701\nUSA';

test('at 390×844 the owner sends a chip to the vault and sees it checked in by tap @global-settings', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  // The vault's address is a site setting: writing it is why this journey runs in the
  // @global-settings project, after the others and on its own (playwright.config.ts).
  await json(
    await request.put('/api/site-settings', { headers: auth(token), data: { vaultAddress: VAULT_ADDRESS } }),
  );
  const { title, chip, owner, keys } = await chipWithItsOwner(request, 'Coming home');

  const page = await pageAs(browser, owner.token);
  await page.setViewportSize(PHONE);
  await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
  await page.getByRole('button', { name: `Send ${title} to the vault` }).click();
  const dialog = page.getByRole('dialog', { name: `Send ${title} to the vault` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Get the vault address' }).click();
  await expect(dialog.getByText('1 Test Street')).toBeVisible();
  const reference = (await dialog.getByText(/^VAULT-/).textContent())!.trim();
  expect(reference).toMatch(/^VAULT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await snap(page, testInfo, 'vault-reference-phone');
  await expectNoSeriousA11yViolations(page);
  expect(await readMail(owner.email, /to our vault/)).toContain(reference);
  await page.keyboard.press('Escape');
  await expect(page.getByText('On its way to our vault')).toBeVisible();

  // The admin, on a phone at the vault: the parcel arrived, and a fresh tap of the chip checks it in.
  const admin = await pageAs(browser, token, true);
  await admin.setViewportSize(PHONE);
  await admin.goto('/siteadmin/dashboard?tab=intake');
  const row = admin.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: `Mark ${reference} arrived` }).click();
  await expect(row.getByText('Received, being checked')).toBeVisible();
  await row.getByRole('button', { name: `Check in ${reference} by tap` }).click();
  const checkIn = admin.getByRole('dialog', { name: `Check in ${title}` });
  await expectNoSeriousA11yViolations(admin);
  // A link from some other tap of it that someone kept is not fresh once a newer tap has been seen.
  const stale = makeSunTapQuery({ ...keys, counter: 3 });
  await request.get(`/api/${BRAND.slug}/tap?${makeSunTapQuery({ ...keys, counter: 4 })}`);
  await checkIn.getByLabel('Tapped link').fill(`http://127.0.0.1/?${stale}`);
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(checkIn.getByRole('alert')).toContainText('not a fresh, verified tap');
  await checkIn
    .getByLabel('Tapped link')
    .fill(`http://127.0.0.1/?${makeSunTapQuery({ ...keys, counter: 5 })}`);
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(checkIn).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await snap(admin, testInfo, 'vault-intake-admin-phone');
  await admin.context().close();

  // The owner hears it arrived, and the chip reads "In our vault", ready to list.
  expect(await readMail(owner.email, /is in our vault/)).toContain(reference);
  await page.reload();
  await expect(page.getByText('In our vault')).toBeVisible();
  await expect(page.getByRole('button', { name: `List for resale ${title}` })).toBeVisible();
  await expect(page.getByText('Checked into the vault by tap')).toBeVisible();
  await snap(page, testInfo, 'vault-arrived-phone');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
