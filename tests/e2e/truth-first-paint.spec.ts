/**
 * Issue 27: a signed-in visitor opening `/` never sees the visitor's landing (Log in / Sign up) first. Every
 * text state the page goes through, from the first parsed byte to their home, is recorded and checked.
 */
import { signUpVerified } from './api.ts';
import { addSessionCookies, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

declare global {
  interface Window {
    __frames?: string[];
  }
}

/** What only a visitor's page shows: the header's Login / Sign Up, the landing's headline. */
const VISITOR_PAGE = /\bLog ?in\b|\bSign ?up\b|Turn your art into/i;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a signed-in visitor's first paints of / never read Log in (${viewport.width}×${viewport.height})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const account = await signUpVerified(request, 'firstpaint');
    await addSessionCookies(page.context(), account.token);
    // Before any of the page's HTML is parsed: record the body's text after every change to the document.
    await page.addInitScript(() => {
      const frames: string[] = [];
      window.__frames = frames;
      const record = () => {
        const text = document.body?.innerText ?? '';
        if (frames.at(-1) !== text) frames.push(text);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
      const tick = () => {
        record();
        if (frames.length < 5000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    const frames = await page.evaluate(() => window.__frames ?? []);
    expect(frames.length).toBeGreaterThan(0);
    // Neither the header's Login / Sign Up nor the visitor landing's headline, in any frame.
    expect(frames.filter((text) => VISITOR_PAGE.test(text))).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    // The same recorder sees a visitor's landing read Log in: it would catch the flash.
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Turn your art into/ })).toBeVisible();
    const visitorFrames = await page.evaluate(() => window.__frames ?? []);
    expect(visitorFrames.some((text) => VISITOR_PAGE.test(text))).toBe(true);
  });
}
