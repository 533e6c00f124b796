/**
 * Issue 27: a tap answers "is it real, whose is it, is it for sale". A listed chip's tap shows its price and
 * Buy; once sold, a tap shows its owner, "Sold on … for …" and the way to its page and provenance.
 */
import type { APIRequestContext } from '@playwright/test';
import { ROUTES } from '#shared/brand.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { adminToken, auth, buyIntoVault, liveChip, signUpVerified, uniqueTitle } from './api.ts';
import { provisionTag as provisionNewTag } from './chips-at-home.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

/** The admin provisions a fresh tag on the chip; the tap URL of its `counter`-th read. */
async function provisionTag(request: APIRequestContext, chipId: number) {
  const { keys } = await provisionNewTag(request, auth(await adminToken(request)), chipId);
  return (counter: number) => `/?${makeSunTapQuery({ ...keys, counter })}`;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a tap tells whose the chip is and whether it is for sale (${viewport.width}×${viewport.height})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const title = uniqueTitle('Tap Truth');
    const { creator, chip } = await liveChip(request, title, '28.00');
    const tapUrl = await provisionTag(request, chip.id);

    // Listed: for sale at its price, with Buy, and the way to its page.
    await page.goto(tapUrl(1));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Authentic — verified tap #1')).toBeVisible();
    await expect(page.getByText('For sale at $28.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `@${creator.username}` }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Sold to a buyer who holds it: their name, when and for how much it sold, not for sale, its page.
    const buyer = await signUpVerified(request, 'holder');
    await buyIntoVault(request, buyer, chip.id);
    await page.goto(tapUrl(2));
    await expect(page.getByText('Authentic — verified tap #2')).toBeVisible();
    const people = page.getByRole('list', { name: 'People' });
    await expect(people.getByRole('link', { name: `@${buyer.username}` })).toHaveAttribute(
      'href',
      ROUTES.gallery(buyer.username),
    );
    await expect(page.getByText(/^Sold on [A-Z][a-z]+ \d{1,2}, \d{4} for \$28\.00$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
    await expect(page.getByText('Current Price')).toHaveCount(0);
    const toPage = page.getByRole('link', { name: 'See its page and provenance' });
    await expect(toPage).toHaveAttribute('href', ROUTES.chip(chip.creatorUsername, chip.slug));
    await expectNoSeriousA11yViolations(page);
    await toPage.click();
    await expect(page).toHaveURL(ROUTES.chip(chip.creatorUsername, chip.slug));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}
