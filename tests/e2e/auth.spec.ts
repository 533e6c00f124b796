import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  linkFrom,
  readMail,
  test,
  uniqueUser,
} from './fixtures.ts';

type Account = ReturnType<typeof uniqueUser>;

/** Signs up through the API (the UI journey has its own test). */
async function signUpByApi(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/signup', {
    data: { ...account, confirmPassword: account.password, firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(res.status()).toBe(201);
}

/** A verified, signed-in account: sign-up, the mailed link, and the session token in the browser. */
async function signInNewAccount(page: Page): Promise<Account> {
  const account = uniqueUser('dash');
  await signUpByApi(page.request, account);
  const token = new URL(linkFrom(await readMail(account.email, /verify/i), '/verify-email')).searchParams.get(
    'token',
  )!;
  const res = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(res.status()).toBe(200);
  // The answer set the session cookie in this page's browser context (page.request shares it).
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'artchip_session')?.httpOnly).toBe(true);
  return account;
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('sign up, verify from the e-mail, log out and log in again', async ({ page }) => {
  const account = uniqueUser('signup');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByText('Account Created!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/check-email\?email=/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('main').getByText(account.email, { exact: true })).toBeVisible();

  const mail = await readMail(account.email, /verify/i);
  await page.goto(linkFrom(mail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Welcome to Artchip!' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Artchips' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Artchips' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Login' }).click();
  await fillLogin(page, account.email, account.password);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'My Artchips' })).toBeVisible();
});

test('logging in before verifying leads to the check-email page', async ({ page }) => {
  const account = uniqueUser('unverified');
  await signUpByApi(page.request, account);
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  await expect(page.getByText('Email Verification Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/check-email\?email=.*&from=login/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('main').getByText(account.email, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent', { exact: true })).toBeVisible();
});

test('a wrong password shows "Login failed"', async ({ page }) => {
  const account = uniqueUser('wrongpw');
  await signUpByApi(page.request, account);
  await page.goto('/login');
  await fillLogin(page, account.email, 'not-the-password');
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset through the e-mailed link, which signs the user in', async ({ page }) => {
  const account = uniqueUser('forgot');
  await signUpByApi(page.request, account);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The login page has an Email field too: fill only once the set-password page has replaced it.
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();

  await page.goto(linkFrom(await readMail(account.email, /password/i), '/set-password'));
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('different-pass');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Artchips' }),
  ).toBeVisible();
});

test('the check-email page without an address offers to sign up again', async ({ page }) => {
  await page.goto('/check-email');
  await expect(page.getByRole('heading', { name: 'Email Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the dashboard sends visitors to log in, and shows its tabs to a signed-in user', async ({ page }) => {
  await page.goto('/my-artchip');
  // Log-in will return to the dashboard (return-to.ts).
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-artchip$/);

  const account = await signInNewAccount(page);
  await page.goto('/my-artchip');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  for (const name of ['My Collection', 'Affiliates', 'My Statistics', 'Profile']) {
    await expect(page.getByRole('tab', { name })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Shipping Address' });
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Address line 1').fill('1 Main St');
  await dialog.getByLabel('City').fill('Springfield');
  await dialog.getByLabel('State / Province').selectOption('IL');
  await dialog.getByLabel('ZIP / Postal code').fill('62701');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address Added', { exact: true })).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();
});

test('admin log-in: wrong password, then the admin portal', async ({ page }) => {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Authentication Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Invalid admin credentials. Please check your email and password.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/secret-admin-portal$/);
  // The admin session is an HttpOnly cookie for /api/admin, apart from any user session; scripts see no token.
  const admin = (await page.context().cookies()).find((c) => c.name === 'artchip_admin_session');
  expect(admin).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/admin' });
  expect(await page.evaluate(() => Object.keys(window.localStorage))).not.toContain('artchipAdminToken');
});

test('no serious accessibility violations on /signup, /login and the dashboard', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signInNewAccount(page);
  await page.goto('/my-artchip');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Addresses' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
