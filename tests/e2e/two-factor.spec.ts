import { generate } from 'otplib';
import { signUpVerified } from './api.ts';
import { expect, expectNoSeriousA11yViolations, test, useSession } from './fixtures.ts';

/**
 * Two-factor sign-in with an authenticator app (issue 29, decision 072), on a phone: a user turns it
 * on from the Profile tab (the test plays the app: it reads the key from the page and computes the
 * code with otplib), signs out, and signs in again with the password and then a code. Only a user
 * enrols here: an enrolled admin would hold every other journey's admin at the enrolment screen.
 */
test('a user turns on an authenticator app, signs out and signs in with a code', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUpVerified(request, 'totp');
  await useSession(page, account.token);

  await page.goto('/my-artchip');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);

  const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
  await panel.getByLabel('6-digit code from the app').fill(wrong);
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(panel.getByText(/not right/)).toBeVisible();

  await panel.getByLabel('6-digit code from the app').fill(await generate({ secret }));
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(panel.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText(/Recovery codes left: 10/)).toBeVisible();

  await useSession(page, null);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app, or a recovery code');
  await expect(codeField).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The code the set-up used cannot be used again: the app's next one (one step of drift is allowed).
  await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`You're signed in as ${account.username}.`, { exact: true })).toBeVisible();
  await page.goto('/my-artchip');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});
