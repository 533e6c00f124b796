import fs from 'node:fs';
import path from 'node:path';
import { diversifyKeyAn10922 } from '#server/modules/nfc/an10922.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { adminToken, auth, json, liveChip, uniqueTitle } from './api.ts';
import { ADMIN, DATA_DIR, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

/*
 * A tag switched to LRP mode: the admin provisions it from the chip editor choosing mode LRP, the programming
 * station derives the keys, and the tag's taps (LRP SUN URLs generated here with those keys) verify.
 */
test('an admin provisions an LRP-mode tag in the chip editor and its taps verify', async ({
  page,
  request,
}, testInfo) => {
  const title = uniqueTitle('LRP chip');
  const { chip } = await liveChip(request, title, '40');
  const uid = `04${Date.now().toString(16).slice(-12).toUpperCase().padStart(12, '0')}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/siteadmin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/dashboard$/);
  await page.getByRole('tab', { name: 'Artchips' }).click();
  await page.getByLabel('Search Artchips').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Artchip' });
  await dialog.getByLabel('Tag UID (14 hex characters)').fill(uid);
  const mode = dialog.getByLabel('Tag mode').first();
  await mode.selectOption('LRP');
  await mode.focus();
  await page.screenshot({ path: testInfo.outputPath('lrp-provision-form-1280.png') });
  await dialog.getByRole('button', { name: 'Provision tag' }).click();
  const settings = dialog.getByRole('region', { name: `Write these settings to tag ${uid}` });
  await expect(settings).toBeVisible();
  await expect(settings.getByText('LRP (AN12304)', { exact: true })).toBeVisible();
  await expect(settings.getByText(/cannot be switched back to AES/)).toBeVisible();
  // The tag summary above now names the mode too.
  await expect(dialog.locator('dd', { hasText: 'LRP (AN12304, tag switched to LRP)' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('lrp-provisioned-1280.png') });

  // The tag is stored in LRP mode.
  const tag = await json<{ tag: { uid: string; mode: string } }>(
    await request.get(`/api/admin/artchip/${chip.id}/nfc-tag`, {
      headers: auth(await adminToken(request)),
    }),
  );
  expect(tag.tag).toMatchObject({ uid, mode: 'LRP' });

  // The programming station: this install's key file + the diversification inputs shown → the tag's keys.
  const master = Buffer.from(fs.readFileSync(path.join(DATA_DIR, 'nfc-master.key'), 'utf8').trim(), 'hex');
  const inputs = await settings.locator('dd').allTextContents();
  const divInput = (label: RegExp) => {
    const text = inputs.find((t) => label.test(t));
    const m = text && /AN10922 input ([0-9A-F]+)/.exec(text);
    if (!m) throw new Error(`no diversification input for ${label.source}`);
    return Buffer.from(m[1]!, 'hex');
  };
  const keys = {
    uid,
    mode: 'LRP' as const,
    metaReadKey: diversifyKeyAn10922(master, divInput(/all tags/)),
    fileReadKey: diversifyKeyAn10922(master, divInput(/this tag/)),
  };

  // The tag's first tap, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const first = `/?${makeSunTapQuery({ ...keys, counter: 0 })}`;
  expect(first).toMatch(/picc_data=[0-9A-F]{48}&cmac=/);
  await page.goto(first);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Authentic — verified tap #0' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('lrp-tap-390.png'), fullPage: true });

  // The same URL again is a replay; the next tap verifies.
  await page.reload();
  await expect(page.getByText('This tap was already seen (tap #0)')).toBeVisible();
  await page.goto(`/?${makeSunTapQuery({ ...keys, counter: 1 })}`);
  await expect(page.getByText('Authentic — verified tap #1')).toBeVisible();
});
