import { test, expect, readMail, linkFrom, uniqueUser, expectNoSeriousA11yViolations } from './fixtures.ts';

test('a visitor sends a message from the contact page', async ({ page }) => {
  const { email } = uniqueUser('contact');
  const info = (await (await page.request.get('/api/site-info')).json()) as { supportEmail: string };
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: info.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${info.supportEmail}`,
  );

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Subject', { exact: true }).fill('Question about shipping');
  await page.getByLabel('Message', { exact: true }).fill('When will my chip ship?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent!').first()).toBeVisible();
  await expect(
    page.getByText("We'll get back to you within 24 hours.", { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  const mail = await readMail(info.supportEmail, /\[Contact\] Question about shipping/);
  expect(mail).toContain(`Reply-To: ${email}`);
  expect(mail).toContain('When will my chip ship?');
});

test('e-mail list: sign up, confirm only by pressing the button, then unsubscribe', async ({ page }) => {
  const { email } = uniqueUser('list');
  const signup = await page.request.post('/api/email-signup', { data: { email } });
  expect(signup.ok()).toBe(true);

  const mail = await readMail(email, /Confirm your subscription/);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  // The header may be folded onto the next line (and the fixture's decoder may alter "=XX" in it).
  expect(mail).toMatch(
    /^List-Unsubscribe:\s+<http:\/\/[^>\s]+\/api\/email-signup\/unsubscribe\?token[^>\s]+>/m,
  );
  const confirmLink = linkFrom(mail, '/email-list/confirm');

  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

  // The link is single-use.
  await page.goto(confirmLink);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Confirmation Link' })).toBeVisible();

  await page.goto(linkFrom(mail, '/email-list/unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
});

test('e-mail list: the Stay in the Loop block signs a visitor up', async ({ page }) => {
  const { email } = uniqueUser('block');
  await page.goto('/landing');
  const block = page.getByRole('region', { name: 'Stay in the Loop' });
  await block.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByText('Email Required').first()).toBeVisible();

  await block.getByLabel('Email address').fill(email);
  await block.getByRole('button', { name: 'Notify Me' }).click();
  await expect(
    page.getByText("You've been added to our email list. We'll keep you updated!").first(),
  ).toBeVisible();
  await expect(block.getByLabel('Email address')).toHaveValue('');

  const mail = await readMail(email, /Confirm your subscription/);
  await page.goto(linkFrom(mail, '/email-list/confirm'));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
});

test('the FAQ filters by category, expands answers and quotes fees from the settings', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();
  const question = page.getByRole('button', { name: 'How much does a seller receive from a sale?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByText(/The fee is 30% of the highest price the chip has actually sold for/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Shipping & Vault', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Shipping & Vault', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'How much does a seller receive from a sale?' })).toHaveCount(
    0,
  );
  await page.getByRole('button', { name: 'How much is shipping?' }).click();
  await expect(page.getByText(/Shipping within the US costs \$10\.00/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the token page shows the facts, the live price and its tabs', async ({ page }) => {
  await page.goto('/our-meme-coin');
  await expect(page.getByRole('heading', { name: '$ARTCHIP', level: 1 })).toBeVisible();
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByText('1 billion')).toBeVisible();
  await expect(overview.getByText('$0.001', { exact: true })).toBeVisible();
  await expect(overview.getByText('$1M')).toBeVisible();
  await expect(overview.getByText('10%', { exact: true })).toBeVisible();
  const priceCard = page.getByRole('region', { name: /\$ARTCHIP price/i });
  await expect(priceCard.getByText('$0.001000')).toBeVisible();
  await expect(priceCard.getByText('+0.00%')).toBeVisible();
  await expect(priceCard.getByText('Launch price: no live price yet')).toBeVisible();
  for (const tab of ['How to Buy', 'Tokenomics', 'Roadmap']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('the contact page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
