import { expect, test, useSession } from './fixtures.ts';
import { signUpVerified } from './api.ts';

// Leaving a page while it still asks who is signed in cuts that request short; the next page must
// still know the user. (It once forgot the session: the browser tests that opened a private page right
// after setting the session were sent to log in now and then.)
test('a signed-in user who leaves a page mid-session-check is still signed in on the next', async ({
  page,
  request,
}) => {
  const user = await signUpVerified(request, 'navigator');
  await useSession(page, user.token);
  let held = false;
  await page.route('**/api/auth/user', async (route) => {
    if (held) return route.continue();
    held = true;
    await new Promise((r) => setTimeout(r, 3000)); // still waiting when the page is left
    await route.continue().catch(() => undefined);
  });
  await page.goto('/marketplace');
  await expect.poll(() => held).toBe(true);
  await page.goto('/my-artchip');
  await expect(page).toHaveURL(/\/my-artchip$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});
