import { ROUTES } from '#shared/brand.ts';
import { expect, expectNoSeriousA11yViolations, pageAs, readMail, test } from './fixtures.ts';
import { auth, json, mintedChip, signUpVerified, uniqueTitle } from './api.ts';

/**
 * Issue 31, decision 079: a collector follows a creator and watches one of their chips; the creator
 * lists a new chip; the bell shows 1 and the notification opens that chip. Then the preferences page.
 * At a desktop and a phone size, each with its own accounts.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`follow, watch, the bell and the notification at ${viewport.width}×${viewport.height}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const creator = await signUpVerified(request, 'creator');
    const collector = await signUpVerified(request, 'collector');
    const watched = await mintedChip(request, creator, uniqueTitle('Watched'), '30');
    const upcoming = await mintedChip(request, creator, uniqueTitle('Upcoming'));

    const page = await pageAs(browser, collector.token);
    try {
      await page.setViewportSize(viewport);
      await page.goto(ROUTES.gallery(creator.username));
      await page.getByRole('button', { name: `Follow @${creator.username}` }).click();
      await expect(page.getByRole('button', { name: `Following @${creator.username}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoSeriousA11yViolations(page);

      await page.goto(ROUTES.chip(creator.username, watched.slug));
      const heart = page.getByRole('button', { name: `Watch ${watched.title}, 0 watching` });
      await heart.click();
      await expect(page.getByRole('button', { name: `Watch ${watched.title}, 1 watching` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The creator lists a new chip: the fan-out job tells the collector within seconds.
      await json(
        await request.patch(`/api/artchip/${upcoming.id}/activate`, {
          headers: auth(creator.token),
          data: { price: '45' },
        }),
      );
      const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
      await expect(async () => {
        await page.reload();
        await expect(bell).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByTestId('bell-count')).toHaveText('1');
      await readMail(collector.email, new RegExp(`${creator.username} listed a new chip`));

      await bell.click();
      await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
      const item = page.getByRole('link', { name: new RegExp(`${creator.username} listed a new chip`) });
      await expect(item).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/${upcoming.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();

      // Preferences: the creator's new chips only in a daily digest.
      await page.goto('/notifications/preferences');
      const kind = page.getByRole('group', { name: 'A creator you follow lists a new chip' });
      await expect(kind.getByRole('radio', { name: 'E-mail at once' })).toBeChecked();
      await kind.getByRole('radio', { name: 'Daily e-mail digest' }).check();
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await page.reload();
      await expect(kind.getByRole('radio', { name: 'Daily e-mail digest' })).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoSeriousA11yViolations(page);

      // My Admin lists what the collector follows and watches.
      await page.goto('/my-artchip?tab=following');
      await expect(page.getByRole('link', { name: `@${creator.username}` })).toBeVisible();
      await expect(page.getByRole('link', { name: watched.title })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await page.context().close();
    }
  });
}
