import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  addSessionCookies,
  ADMIN,
  expect,
  expectNoSeriousA11yViolations,
  linkFrom,
  readMail,
  test,
  uniqueUser,
} from './fixtures.ts';
import { adminToken, auth, json, verifyByLink } from './api.ts';

/** The admin back office: log-in, customers, orders, settings, affiliates, e-mail list, code-splitting. */

type Account = { email: string; username: string; password: string; token: string; affiliateCode: string };

/** Signs a user up through the API (optionally referred) and verifies the e-mail from the outbox. */
async function signUpVerified(
  request: APIRequestContext,
  prefix: string,
  referralCode?: string,
): Promise<Account> {
  const user = uniqueUser(prefix);
  await json(
    await request.post('/api/auth/signup', {
      data: { ...user, confirmPassword: user.password, ...(referralCode ? { referralCode } : {}) },
    }),
  );
  const session = await verifyByLink(linkFrom(await readMail(user.email, /verify/i), '/verify-email'));
  const me = await json<{ affiliateCode: string }>(
    await request.get('/api/auth/user', { headers: auth(session.token) }),
  );
  return { ...user, token: session.token, affiliateCode: me.affiliateCode };
}

/** Puts an admin session into the browser as the log-in page does. */
async function useAdminSession(page: Page, token: string) {
  await addSessionCookies(page.context(), token, true);
  await page.goto('/faq');
}

/** A paid surprize mint, through the API (checkout + demo completion). */
async function paidSurprizeMint(
  request: APIRequestContext,
  creator: Account,
  title: string,
): Promise<number> {
  const checkout = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(creator.token),
      data: {
        orderType: 'mint',
        paymentMethod: 'artchip',
        shippingOption: 'store',
        mintData: { title, isSurprize: true },
      },
    }),
  );
  await json(
    await request.post(`/api/orders/${checkout.orderId}/complete`, { headers: auth(creator.token) }),
  );
  return checkout.orderId;
}

function makePng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();
}

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

test('the admin signs in at /siteadmin, finds a customer and edits them, then logs out', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const customer = uniqueUser('cust');
  await json(
    await request.post('/api/admin/customers', {
      headers: auth(token),
      data: {
        email: customer.email,
        username: customer.username,
        firstName: 'Ada',
        lastName: 'Stone',
        referredBy: '',
      },
    }),
  );

  // Without a token the dashboard sends the visitor to its log-in page.
  await page.goto('/siteadmin/dashboard');
  await expect(page).toHaveURL(/\/siteadmin$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Artchips')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(customer.email);
  const row = page.getByRole('row').filter({ hasText: customer.username });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: `Edit ${customer.username}` }).click();

  await expect(page).toHaveURL(/\/siteadmin\/customers\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Customer' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username *').fill('');
  await page.getByLabel('Profile Image URL').fill('not a url');
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await page.getByLabel('Username *').fill(customer.username);
  await page.getByLabel('Profile Image URL').fill('');
  await page.getByLabel('First Name').fill('Adeline');
  await page.getByLabel('Email Verified').check();
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await expect(page.getByText('Customer Updated', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The customer (Adeline Stone) was updated successfully.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/siteadmin\/dashboard$/);

  const found = await json<{ items: { id: number; firstName: string }[] }>(
    await request.get(`/api/admin/customers?q=${encodeURIComponent(customer.email)}`, {
      headers: auth(token),
    }),
  );
  expect(found.items[0]?.firstName).toBe('Adeline');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/siteadmin$/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('artchip_admin_session');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('paid mints: Mark Processing on one (Create Artchip stays offered), Create Artchip with an image on another; the creator gets it pending', async ({
  page,
  request,
}) => {
  const creator = await signUpVerified(request, 'minter');
  const processingTitle = unique('Processing mint');
  const createTitle = unique('Surprize mint');
  const processingId = await paidSurprizeMint(request, creator, processingTitle);
  const createId = await paidSurprizeMint(request, creator, createTitle);
  await useAdminSession(page, await adminToken(request));

  await page.goto('/secret-admin-portal?tab=orders');
  const processingRow = page.getByTestId(`order-${processingId}`);
  await expect(processingRow.getByText('Needs Media')).toBeVisible();
  await processingRow.getByRole('button', { name: `Mark Processing for order ${processingId}` }).click();
  await expect(processingRow.getByText('Processing', { exact: true })).toBeVisible();
  // Issue 10 #1: a paid mint marked Processing can still get its chip made; only Mark Processing goes.
  await expect(processingRow.getByRole('button', { name: /Mark Processing/ })).toHaveCount(0);
  await expect(
    processingRow.getByRole('button', { name: `Create Artchip for order ${processingId}` }),
  ).toBeVisible();
  await expect(
    processingRow.getByRole('button', { name: `Upload Media for order ${processingId}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const createRow = page.getByTestId(`order-${createId}`);
  await createRow.getByRole('button', { name: `Create Artchip for order ${createId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Artchip' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('TikTok URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Create Artchip' }).click();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
  await dialog.getByLabel('TikTok URL').fill('https://www.tiktok.com/@artchip');
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await makePng() });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create Artchip' }).click();
  await expect(page.getByText('Artchip Created', { exact: true })).toBeVisible();
  // Order status and payment status both read Completed now; the order is no longer pending.
  await expect(createRow.getByText('Completed', { exact: true })).toHaveCount(2);
  await expect(createRow.getByText('Pending', { exact: true })).toHaveCount(0);

  // My Collection is the dashboard engineer's; the creator's collection is checked through its API.
  const collection = await json<
    { kind: string; title: string; artchip: { status: string; isSurprize: boolean } | null }[]
  >(await request.get('/api/my-artchip', { headers: auth(creator.token) }));
  const made = collection.find((item) => item.kind === 'chip' && item.title === createTitle);
  expect(made?.artchip).toMatchObject({ status: 'pending', isSurprize: true });
});

test('a settings change of the mint price shows in the next checkout quote @global-settings', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const creator = await signUpVerified(request, 'quoter');
  await useAdminSession(page, token);
  const quote = async () =>
    (
      await json<{ summary: { basePriceCents: number } }>(
        await request.post('/api/checkout/quote', {
          headers: auth(creator.token),
          data: { orderType: 'mint', paymentMethod: 'artchip', shippingOption: 'store', isSurprize: true },
        }),
      )
    ).summary.basePriceCents;
  const original = await json<{ surprizeMintingCost: string }>(
    await request.get('/api/admin/site-settings', { headers: auth(token) }),
  );
  try {
    await page.goto('/admin?tab=settings');
    const field = page.getByLabel('Surprize minting cost (USD)');
    await expect(field).toHaveValue(original.surprizeMintingCost);
    await expectNoSeriousA11yViolations(page);
    await field.fill('abc');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Must be a valid amount')).toBeVisible();
    await field.fill('31.50');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
    expect(await quote()).toBe(3150);
  } finally {
    // Other journeys run against the same server: put the price back at once.
    await json(
      await request.put('/api/admin/site-settings', {
        headers: auth(token),
        data: { surprizeMintingCost: original.surprizeMintingCost },
      }),
    );
  }
});

test('an affiliate payout, confirmed first, marks the commissions paid', async ({ page, request }) => {
  const affiliate = await signUpVerified(request, 'aff');
  const referred = await signUpVerified(request, 'refd', affiliate.affiliateCode);
  await paidSurprizeMint(request, referred, unique('Referred mint'));
  await useAdminSession(page, await adminToken(request));

  await page.goto('/admin?tab=affiliates');
  const row = page.getByRole('row').filter({ hasText: affiliate.username });
  await expect(row.getByText('$3.00').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: `Pay Out ${affiliate.username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payout' });
  await expect(confirm).toContainText(`Pay ${affiliate.username} $3.00`);
  await confirm.getByLabel('Transaction reference (optional)').fill('demo-tx-1');
  await confirm.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(page.getByText('Payout Complete', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Pay Out ${affiliate.username}` })).toBeDisabled();

  await row.getByRole('button', { name: `Commissions of ${affiliate.username}` }).click();
  const list = page.getByRole('dialog', { name: `Commissions of ${affiliate.username}` });
  await expect(list.getByText('paid', { exact: true })).toBeVisible();
  await expect(list.getByText('pending', { exact: true })).toHaveCount(0);
});

test('an e-mail subscription is edited, then deleted after confirmation', async ({ page, request }) => {
  const email = uniqueUser('list').email;
  await json(await request.post('/api/email-signup', { data: { email } }));
  await useAdminSession(page, await adminToken(request));

  await page.goto('/siteadmin/dashboard?tab=email-list');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Not Confirmed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Subscription' });
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Status').selectOption({ label: 'Confirmed' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Subscription' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subscription Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('public pages never load the admin chunk; the admin pages do', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const path of ['/', '/marketplace', '/faq', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((s) => /admin-page|admin-ui|customer-form-page/.test(s))).toEqual([]);

  await useAdminSession(page, await adminToken(request));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(scripts.some((s) => /admin-page/.test(s))).toBe(true);

  // The remaining tabs and the chip form pass axe too.
  for (const [tab, heading] of [
    ['Artchips', 'Artchips'],
    ['Messages', 'Messages'],
    ['Mail Log', 'Mail Log'],
    ['Jobs', 'Jobs'],
    ['Audit Log', 'Audit Log'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByRole('tab', { name: 'Artchips' }).click();
  await page.getByRole('button', { name: 'Create Artchip' }).click();
  const form = page.getByRole('dialog', { name: 'Create Artchip' });
  await form.getByRole('button', { name: 'Create Artchip' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Price is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('on a phone and a desktop, the Accounting table is reachable by keyboard and the Overview counts every chip (issue 27)', async ({
  page,
  request,
}) => {
  await useAdminSession(page, await adminToken(request));
  const stats = await json<{ totalChips: number }>(
    await request.get('/api/admin/stats', { headers: auth(await adminToken(request)) }),
  );
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // The Overview counts the chips that exist (the demo catalogue's included, and said so).
    expect(stats.totalChips).toBeGreaterThan(0);
    await expect(page.getByText('Total Artchips').locator('..')).toContainText(String(stats.totalChips));
    await page.getByRole('tab', { name: 'Accounting' }).click();
    const table = page.getByRole('table', { name: /^Accounting from / });
    await expect(table).toBeVisible();
    const region = page.getByRole('region', { name: /^Accounting from / });
    await region.focus();
    await expect(region).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  }
});
