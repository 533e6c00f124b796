import { expect, expectNoSeriousA11yViolations, pageAs, test } from './fixtures.ts';
import { makePng, mintedChip, signUpVerified, uniqueTitle } from './api.ts';

/** Issue 13 loose end: a creator adds extra images to their chip from My Collection. */

test('a creator adds an image to their chip and sees it on the chip page', async ({ browser, request }) => {
  const creator = await signUpVerified(request, 'imager');
  const title = uniqueTitle('Gallery piece');
  const chip = await mintedChip(request, creator, title, '30.00');

  const page = await pageAs(browser, creator.token);
  await page.goto('/my-artchip');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: `Images of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Images of ${title}` });
  await expect(dialog.getByText('No extra images yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog
    .getByLabel('Add an image (JPEG, PNG or GIF, up to 10MB)')
    .setInputFiles({ name: 'detail.png', mimeType: 'image/png', buffer: await makePng(7) });
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(
    dialog.getByRole('list', { name: 'Extra images' }).getByRole('img', { name: `${title}, image 2` }),
  ).toBeVisible();
  await expect(dialog.getByText(/\(1 of 10\)/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to the button that opened the dialog.
  await expect(card.getByRole('button', { name: `Images of ${title}` })).toBeFocused();

  // Anyone reading the chip's page sees it among its images.
  const visitor = await pageAs(browser, null);
  await visitor.goto(`/artchip/${creator.username}/${chip.slug}`);
  const more = visitor.getByRole('list', { name: 'More images' });
  const added = more.getByRole('img', { name: `${title}, image 2` });
  await expect(added).toBeVisible();
  expect(await added.getAttribute('src')).toMatch(/^\/media\//);
  await visitor.context().close();
  await page.context().close();
});
