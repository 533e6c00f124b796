import { BRAND, CHIP_API, ROUTES } from '#shared/brand.ts';
import { ChipPageSchema } from '#shared/chips.schemas.ts';
import { NfcProvisioningSchema } from '#shared/nfc.schemas.ts';
import { AdminLoginResponseSchema } from '#shared/auth.schemas.ts';
import { corruptMac, makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { ADMIN, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { programmedKeys } from './chips-at-home.ts';

test('an NFC tap opens the verified landing; the same link again is "already seen"; a forged one is refused', async ({
  page,
  request,
}) => {
  // The admin provisions a tag for a listed chip (the last one, so other journeys' chips stay untouched).
  const login = await request.post('/api/admin/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const { token } = AdminLoginResponseSchema.parse(await login.json());
  const chips = ChipPageSchema.parse(await (await request.get(CHIP_API)).json()).items;
  const chip = chips.at(-1)!;
  const uid = chip.nfcUid && /^[0-9A-F]{14}$/.test(chip.nfcUid) ? chip.nfcUid : '04E2E000000001';
  const provisioned = await request.post(`/api/admin/${BRAND.slug}/${chip.id}/nfc-tag/provision`, {
    headers: { authorization: `Bearer ${token}` },
    data: { uid },
  });
  expect(provisioned.ok()).toBe(true);
  const settings = NfcProvisioningSchema.parse(await provisioned.json());
  expect(settings.masterKeySource).toBe('install-key-file');

  // The programming station: master key (this install's key file) + diversification inputs → the tag's keys.
  const keys = programmedKeys(uid, settings);
  const tapUrl = (counter: number) => `/?${makeSunTapQuery({ ...keys, counter })}`;

  // A genuine tap. A link preview fetching the page first gets the shell only, which does not use the tap up.
  const first = tapUrl(1);
  const preview = await request.get(first);
  expect(await preview.text()).toContain('<meta name="robots" content="noindex">');
  await page.goto(first);
  await expect(page.getByRole('heading', { level: 1, name: chip.title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Authentic — verified tap #1' })).toBeVisible();
  await expect(page.getByText('Not verified')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The same link again (a reload, or a link preview that got there first).
  await page.reload();
  await expect(page.getByText('This tap was already seen (tap #1)')).toBeVisible();
  await expect(page.getByText(/link preview/)).toBeVisible();
  await expect(page.getByText('Tap the chip with your phone again to verify it.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: chip.title })).toBeVisible();
  await expect(page.getByText(/Authentic — verified tap/)).toHaveCount(0);

  // The next tap verifies again; an older one is a possible copy.
  await page.goto(tapUrl(5));
  await expect(page.getByText('Authentic — verified tap #5')).toBeVisible();
  await page.goto(tapUrl(3));
  await expect(page.getByRole('alert').filter({ hasText: 'Possible copy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', ROUTES.contact);
  await expectNoSeriousA11yViolations(page);

  // A forged MAC shows no chip at all.
  await page.goto(`/?${corruptMac(makeSunTapQuery({ ...keys, counter: 99 }))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This tap could not be verified' })).toBeVisible();
  await expect(page.getByText(chip.title)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // ...and it did not move the counter: tap #6 is still accepted.
  await page.goto(tapUrl(6));
  await expect(page.getByText('Authentic — verified tap #6')).toBeVisible();

  // Verified taps are part of the chip's provenance.
  await page.goto(ROUTES.chip(chip.creatorUsername, chip.slug));
  await expect(
    page
      .getByRole('region', { name: 'Provenance' })
      .getByText(/Verified NFC tap/)
      .first(),
  ).toBeVisible();
});

test('the legacy /?UID= link still names the chip without verifying it', async ({ page, request }) => {
  // Other journeys list chips of their own (without NFC UIDs) meanwhile: take a seeded one that has one.
  const { items } = ChipPageSchema.parse(await (await request.get(`${CHIP_API}?limit=60`)).json());
  const chip = items.find((c) => c.nfcUid !== null)!;
  expect(chip.nfcUid).toMatch(/^[0-9A-F]{14}$/);
  await page.goto(`/?UID=${chip.nfcUid}`);
  await expect(page.getByRole('heading', { level: 1, name: chip.title })).toBeVisible();
  await expect(page.getByText('Not verified:')).toBeVisible();
});
