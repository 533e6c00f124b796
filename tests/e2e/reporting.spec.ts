// Decision 077 (issue 29): the admin's Accounting tab counts each seller's sales of a calendar year
// and flags them past the 1099-K and DAC7 thresholds of the settings, with the year as CSV.
import { readFile } from 'node:fs/promises';
import { addSessionCookies, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { adminToken, buyIntoVault, liveChip, signUpVerified, uniqueTitle } from './api.ts';

test('the admin sees a seller past the DAC7 threshold this year, and downloads the year as CSV', async ({
  page,
  request,
}) => {
  // One sale of $2,500: more than DAC7's $2,000.00 (the default), one sale: not 1099-K.
  const { creator, chip } = await liveChip(request, uniqueTitle('Reported'), '2500.00');
  const buyer = await signUpVerified(request, 'reportbuyer');
  await buyIntoVault(request, buyer, chip.id);
  const year = new Date().getUTCFullYear();

  await page.setViewportSize({ width: 1280, height: 800 });
  await addSessionCookies(page.context(), await adminToken(request), true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Accounting' }).click();
  const panel = page.getByRole('region', { name: 'Reporting thresholds' });
  await expect(panel.getByLabel('Year')).toHaveValue(String(year));
  const table = panel.getByRole('table', {
    name: `Sellers' sales in ${year} against the reporting thresholds`,
  });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: creator.username, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([
    new RegExp(`^${creator.username}`),
    '1',
    '$2,500.00',
    '—Under 1099-K',
    'Past DAC7',
  ]);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: `Download ${year} CSV` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`reporting-${year}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Year,Seller id,Username,Name,E-mail,Sales,Gross sales (USD),Over 1099-K,Over DAC7',
  );
  expect(csv).toContain(`,${creator.username},`);
  expect(csv.split('\r\n').find((line) => line.includes(`,${creator.username},`))).toMatch(
    /,1,2500\.00,no,yes$/,
  );

  // The seller's name leads to their customer page.
  await row.getByRole('link', { name: creator.username, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Customer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payouts' })).toContainText('Payouts are not frozen.');
  await expectNoSeriousA11yViolations(page);
});
