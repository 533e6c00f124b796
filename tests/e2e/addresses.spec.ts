import { expect, expectNoSeriousA11yViolations, test, uniqueUser, useSession, snap } from './fixtures.ts';
import { buyIntoVault, liveChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 13: addresses as each country needs them, one form in the address book, checkout and
 * ship-to-me, and shipping priced for the address it goes to. Each journey runs on a desktop and on
 * a phone.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`addresses (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a Canadian address needs a province and a valid postal code; Cancel resets the dialog', async ({
      page,
      request,
    }, testInfo) => {
      const account = await signUpVerified(request, 'addr');
      await useSession(page, account.token);
      await page.goto('/my-artchip?tab=profile');
      await page.getByRole('button', { name: 'Add Address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Shipping Address' });
      await expect(dialog.getByLabel('Country')).toHaveValue('US');

      // Typed, then cancelled: nothing of it comes back.
      await dialog.getByLabel('Country').selectOption('GB');
      await dialog.getByLabel('Full name').fill('Stale Name');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog.getByLabel('Country')).toHaveValue('US');
      await expect(dialog.getByLabel('Full name')).toHaveValue('');

      // Canada: a province from its list, and a postal code of that province.
      await dialog.getByLabel('Country').selectOption('CA');
      await dialog.getByLabel('Full name').fill('Cal Maple');
      await dialog.getByLabel('Address line 1').fill('24 Sussex Drive');
      await dialog.getByLabel('City').fill('Ottawa');
      await dialog.getByLabel('ZIP / Postal code').fill('90210');
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog.getByText('State is required')).toBeVisible();
      await expect(dialog.getByText('Enter a valid ZIP or postal code for Canada')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `canada-errors-${viewport.name}`);

      await dialog.getByLabel('State / Province').selectOption({ label: 'British Columbia' });
      await dialog.getByLabel('ZIP / Postal code').fill('k1m 1m4');
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog.getByText('This ZIP or postal code is not in British Columbia')).toBeVisible();
      await dialog.getByLabel('State / Province').selectOption({ label: 'Ontario' });
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('listitem').filter({ hasText: 'Cal Maple' });
      await expect(card).toContainText('Ottawa ON K1M 1M4');
      await expect(card).toContainText('Canada');

      // Editing, changed and cancelled, opens again as saved.
      await card.getByRole('button', { name: 'Edit Cal Maple' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Shipping Address' });
      await expect(edit.getByLabel('State / Province')).toHaveValue('ON');
      await edit.getByLabel('Country').selectOption('FR');
      await expect(edit.getByLabel('State / Province')).toHaveCount(0);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Edit Cal Maple' }).click();
      await expect(edit.getByLabel('Country')).toHaveValue('CA');
      await expect(edit.getByLabel('State / Province')).toHaveValue('ON');
      await expect(edit.getByLabel('ZIP / Postal code')).toHaveValue('K1M 1M4');
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `canada-edit-${viewport.name}`);
    });

    test('a French address (no state) pays the international rate at checkout', async ({
      page,
      request,
    }, testInfo) => {
      const title = uniqueTitle('Lumiere');
      const { chip } = await liveChip(request, title, '40.00');
      // A guest: the public chip page is what a visitor from anywhere lands on.
      await page.goto(`/artchip/${chip.creatorUsername}/${chip.slug}`);
      await page.getByRole('button', { name: 'Buy Now' }).click();
      const checkout = page.getByRole('dialog', { name: 'Complete Your Purchase' });
      await checkout.getByLabel('Email').fill(uniqueUser('paris').email);
      await checkout.getByRole('radio', { name: /Credit Card/ }).check();
      await checkout.getByRole('radio', { name: /Ship to me/ }).check();
      const summary = checkout.getByRole('region', { name: 'Order Summary' });
      await expect(summary.getByText('Shipping to United States of America')).toBeVisible();
      await expect(summary.getByText('$10.00')).toBeVisible();

      await checkout.getByLabel('Country').selectOption('FR');
      await expect(checkout.getByLabel('State / Province')).toHaveCount(0);
      await checkout.getByLabel('Full name').fill('Amélie Poulain');
      await checkout.getByLabel('Address line 1').fill('15 Rue des Trois Frères');
      await checkout.getByLabel('City').fill('Paris');
      await checkout.getByLabel('ZIP / Postal code').fill('75018');
      await expect(summary.getByText('Shipping to France')).toBeVisible();
      await expect(summary.getByText('$25.00')).toBeVisible();
      await expect(summary.getByText('$65.00')).toBeVisible();
      await expect(checkout.getByText('$25.00 to France')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await summary.scrollIntoViewIfNeeded();
      await snap(page, testInfo, `checkout-france-${viewport.name}`);

      await checkout.getByRole('button', { name: 'Complete Purchase' }).click();
      await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=65\.00&method=card/);
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    });

    test('ship to me adds a French address and quotes its international price', async ({
      page,
      request,
    }, testInfo) => {
      const title = uniqueTitle('Vault');
      const { chip } = await liveChip(request, title, '30.00');
      const owner = await signUpVerified(request, 'vaulted');
      await buyIntoVault(request, owner, chip.id);
      await useSession(page, owner.token);
      await page.goto('/my-artchip');
      await page.getByRole('button', { name: `Ship to me ${title}` }).click();
      const ship = page.getByRole('dialog', { name: `Ship ${title} to me` });
      await expect(ship.getByText('You have no saved shipping address yet.')).toBeVisible();
      await expect(ship.getByText('Add an address to see the shipping price.')).toBeVisible();

      await ship.getByRole('button', { name: 'Add a new address' }).click();
      const add = page.getByRole('dialog', { name: 'Add Shipping Address' });
      await add.getByLabel('Country').selectOption('FR');
      await expect(add.getByLabel('State / Province')).toHaveCount(0);
      await add.getByLabel('Full name').fill('Marcel Vault');
      await add.getByLabel('Address line 1').fill('8 Quai de Conti');
      await add.getByLabel('City').fill('Paris');
      await add.getByLabel('ZIP / Postal code').fill('75006');
      await expectNoSeriousA11yViolations(page);
      await add.getByRole('button', { name: 'Add Address' }).click();
      await expect(add).toBeHidden();

      await expect(ship.getByLabel('Shipping address')).toContainText('Marcel Vault, 8 Quai de Conti');
      await expect(ship.getByText('Shipping to France (international)')).toBeVisible();
      await expect(ship.getByText('$25.00')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await snap(page, testInfo, `ship-to-me-france-${viewport.name}`);

      await ship.getByRole('radio', { name: /Credit Card/ }).check();
      await ship.getByRole('button', { name: 'Request Shipping' }).click();
      await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+&amount=25\.00&method=card/);
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    });
  });
}
