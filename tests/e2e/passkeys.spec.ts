import { signUpVerified } from './api.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

/**
 * Passkeys (issue 29, decision 075) with Chromium's virtual authenticator (a platform authenticator
 * that holds discoverable credentials and verifies its user): a user logs in with the password, adds
 * a passkey on the Profile tab, signs out, and signs back in with the passkey alone; then a password
 * log-in asks for the passkey as its second step. Browsers refuse passkeys on an IP address, so this
 * journey runs on localhost (the server accepts it beside 127.0.0.1: one machine).
 */
const LOCAL = `http://localhost:${process.env.E2E_PORT}`;

test('a user adds a passkey, signs out and signs in with it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUpVerified(request, 'passkey');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${LOCAL}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`You're signed in as ${account.username}.`, { exact: true })).toBeVisible();

  await page.goto(`${LOCAL}/my-artchip`);
  await page.getByRole('tab', { name: 'Profile' }).click();
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();
  await panel.getByLabel('Name for the new passkey (optional)').fill('Test laptop');
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const list = panel.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Test laptop');
  await expect(list.getByRole('listitem')).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');
  await expectNoSeriousA11yViolations(page);

  // Sign out, then in with the passkey: no e-mail, no password.
  await page.context().clearCookies();
  await page.goto(`${LOCAL}/login`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(`You're signed in as ${account.username}.`, { exact: true })).toBeVisible();
  await page.goto(`${LOCAL}/my-artchip`);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(panel.getByRole('list', { name: 'Your passkeys' }).getByText(/last used/)).toBeVisible();

  // The password now needs the passkey too, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().clearCookies();
  await page.goto(`${LOCAL}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Confirm with your passkey to finish logging in.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText(`You're signed in as ${account.username}.`, { exact: true })).toBeVisible();

  // Removing it asks for the password.
  await page.goto(`${LOCAL}/my-artchip`);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await panel.getByRole('button', { name: 'Remove Test laptop' }).click();
  await panel.getByLabel('Password, to remove this passkey').fill('not-the-password');
  await panel.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(panel.getByText('Current password is incorrect')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await panel.getByLabel('Password, to remove this passkey').fill(account.password);
  await panel.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();
});
