import type { Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoSeriousA11yViolations, pageAs, test, useSession, snap } from './fixtures.ts';
import { adminToken, signUpVerified, uniqueTitle } from './api.ts';

/** The mint studio (issue 13): shape, placement, true-size preview, and the design carried to production. */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A 3:2 artwork with four coloured quarters and a white dot, so any crop shows in a screenshot. */
function quarteredPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="300" height="200" fill="#dc2626"/><rect x="300" width="300" height="200" fill="#facc15"/>
    <rect y="200" width="300" height="200" fill="#2563eb"/><rect x="300" y="200" width="300" height="200" fill="#16a34a"/>
    <circle cx="300" cy="200" r="40" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A screenshot kept in the test's output folder and attached to its report. */

/** The placement the studio shows now ("zoom 1.5×, turned 90°, centre at …"). */
async function placementOf(studio: Locator): Promise<string> {
  const text = (await studio.getByText(/^Placement: /).textContent()) ?? '';
  return text.replace(/^Placement: /, '');
}

type Mint = { orderId: number; title: string; shape: 'round' | 'square'; placement: string };

/**
 * Mints a chip through the studio: `place` moves the artwork; then pays (demo) and answers the order
 * with the placement the studio showed.
 */
async function mintInStudio(
  page: Page,
  testInfo: TestInfo,
  options: { shape: 'round' | 'square'; place: (studio: Locator, stage: Locator) => Promise<void> },
): Promise<Mint> {
  const title = uniqueTitle(options.shape === 'round' ? 'Round studio' : 'Square studio');
  await page.goto('/my-artchip?mint=1');
  const dialog = page.getByRole('dialog', { name: 'Create Your Artchip' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: options.shape === 'round' ? 'Round' : 'Square' }).check();
  await dialog
    .getByLabel('Image (JPEG, PNG or GIF, up to 10MB)')
    .setInputFiles({ name: 'quarters.png', mimeType: 'image/png', buffer: await quarteredPng() });
  const studio = dialog.getByRole('region', { name: 'Mint studio' });
  await expect(studio).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  const stage = studio.getByRole('group', { name: 'Artwork placement' });
  await expect(
    studio.getByText(/^Placement: zoom 1\.0×, upright, centre at 50% across and 50% down$/),
  ).toBeVisible();
  // Issue 27: the 600×400 test image gives 400 px across the 54 mm disc, about 188 dpi: a warning.
  await expect(
    studio
      .getByRole('status')
      .filter({ hasText: 'This picture gives about 188 dpi at 54 mm; prints look sharp from 300 dpi.' }),
  ).toContainText('Low resolution (600×400 px)');

  await options.place(studio, stage);
  const placement = await placementOf(studio);
  expect(placement).not.toBe('zoom 1.0×, upright, centre at 50% across and 50% down');

  // The disc at 54 mm beside a bank card, and at actual size on screen.
  const disc = studio.getByRole('img', { name: new RegExp(`a ${options.shape} Artchip, 54 mm, front$`) });
  await expect(disc).toBeVisible();
  await expect(studio.getByRole('img', { name: /Outline of a bank card/ })).toBeVisible();
  const drawn = await disc.boundingBox();
  expect(drawn?.width).toBeCloseTo(108, 0);
  await studio.getByLabel('Actual size on screen').check();
  // 54 CSS mm = 54 × 96 / 25.4 px.
  await expect.poll(async () => (await disc.boundingBox())?.width ?? 0).toBeCloseTo(204.09, 0);
  await studio.getByRole('button', { name: 'Show the back' }).click();
  await expect(
    studio.getByRole('img', { name: new RegExp(`a ${options.shape} Artchip, 54 mm, magnetic back$`) }),
  ).toBeVisible();
  await studio.getByRole('button', { name: 'Show the back' }).click();

  await expectNoSeriousA11yViolations(page);
  await stage.scrollIntoViewIfNeeded();
  await snap(page, testInfo, `studio-${options.shape}`);
  await studio.getByRole('region', { name: 'Size comparison' }).scrollIntoViewIfNeeded();
  await snap(page, testInfo, `studio-${options.shape}-actual-size`);

  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Your Mint' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('radio', { name: /Store in the vault/ }).check();
  await checkout.getByRole('button', { name: 'Complete Mint' }).click();
  await expect(page).toHaveURL(/\/payment-processing\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  return { orderId, title, shape: options.shape, placement };
}

/** The admin makes the chip from the order page, sees the disc as placed, and opens its production sheet. */
async function checkOnAdminOrder(admin: Page, testInfo: TestInfo, mint: Mint) {
  await admin.goto(`/admin/orders/${mint.orderId}`);
  const item = admin.getByRole('region', { name: 'Item' });
  const designed = item.getByRole('img', { name: `${mint.title}: ${mint.shape} Artchip, ${mint.placement}` });
  await expect(designed).toBeVisible();
  await expect(
    item.getByText(`${mint.shape === 'round' ? 'Round' : 'Square'} (the creator's choice)`),
  ).toBeVisible();

  await admin.getByRole('button', { name: `Create Artchip for order ${mint.orderId}` }).click();
  const form = admin.getByRole('dialog', { name: 'Create Artchip' });
  await expect(form.getByLabel('Shape')).toHaveValue('');
  await form.getByRole('button', { name: 'Create Artchip' }).click();
  await expect(form).toBeHidden();

  await expect(item.getByText(mint.placement, { exact: true })).toBeVisible();
  const made = item.getByRole('img', { name: `${mint.title}: ${mint.shape} Artchip, ${mint.placement}` });
  await expect(made).toBeVisible();
  await expect(made).toHaveAttribute('data-shape', mint.shape);
  await expectNoSeriousA11yViolations(admin);
  await item.scrollIntoViewIfNeeded();
  await snap(admin, testInfo, `admin-order-${mint.shape}`);

  const [sheet] = await Promise.all([
    admin.waitForEvent('popup'),
    item.getByRole('button', { name: 'Production sheet' }).click(),
  ]);
  await sheet.waitForURL(/^blob:/);
  await sheet.waitForLoadState();
  const art = sheet.getByRole('img', { name: new RegExp(`^Artwork of ${mint.title}, ${mint.shape}, `) });
  await expect(art).toHaveAttribute(
    'aria-label',
    `Artwork of ${mint.title}, ${mint.shape}, ${mint.placement}`,
  );
  // Printed at 54 mm (CSS mm: 54 × 96 / 25.4 px), in its shape, the artwork placed as in the studio.
  const box = await art.boundingBox();
  expect(box?.width).toBeCloseTo(204.09, 0);
  expect(box?.height).toBeCloseTo(204.09, 0);
  await expect(art).toHaveClass(new RegExp(`\\b${mint.shape}\\b`));
  const transform = await art.locator('img').evaluate((img) => img.style.transform);
  expect(transform).toMatch(/^rotate\(-?\d+(\.\d+)?deg\)$/);
  await expect(sheet.getByText(mint.placement, { exact: true })).toBeVisible();
  await snap(sheet, testInfo, `production-sheet-${mint.shape}`);
  await sheet.close();
}

for (const viewport of VIEWPORTS) {
  test(`mints a round and a square chip in the studio and sees both on the admin's order and production sheet (${viewport.name})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const creator = await signUpVerified(request, 'studio');
    await useSession(page, creator.token);

    // Round: dragged by pointer, zoomed with the wheel, turned a quarter with the button.
    const round = await mintInStudio(page, testInfo, {
      shape: 'round',
      place: async (studio, stage) => {
        await stage.hover();
        await page.mouse.wheel(0, -250);
        await expect(studio.getByText(/^Placement: zoom 1\.[5-9]×/)).toBeVisible();
        const box = (await stage.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 6 });
        await page.mouse.up();
        await studio.getByRole('button', { name: 'Turn right 90°' }).click();
        await expect(
          studio.getByText(/^Placement: zoom 1\.[5-9]×, turned 90°, centre at (?!50% across and 50% down)/),
        ).toBeVisible();
      },
    });

    // Square: placed from the keyboard, zoomed and turned with the sliders.
    const square = await mintInStudio(page, testInfo, {
      shape: 'square',
      place: async (studio, stage) => {
        await studio.getByLabel(/^Zoom/).fill('2.5');
        await studio.getByLabel(/^Rotation/).fill('-30');
        await stage.focus();
        for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowUp', '+', ']']) await page.keyboard.press(key);
        await expect(
          studio.getByText(/^Placement: zoom 2\.[78]×, turned -29°, centre at (?!50% across and 50% down)/),
        ).toBeVisible();
      },
    });

    const admin = await pageAs(browser, await adminToken(request), true);
    await admin.setViewportSize(viewport);
    await checkOnAdminOrder(admin, testInfo, round);
    await checkOnAdminOrder(admin, testInfo, square);
    await admin.context().close();
  });
}
