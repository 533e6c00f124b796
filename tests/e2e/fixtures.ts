import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

export const DATA_DIR = process.env.E2E_DATA_DIR!;
export const ADMIN = { email: 'admin@artchip.test', password: 'admin-password-123' };

/** Waits for the newest .eml in the outbox folder sent to `to` and returns its decoded text. */
export async function readMail(to: string, subjectMatch: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(DATA_DIR, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      const files = fs.readdirSync(dir).sort().reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        const decoded = decodeMail(raw);
        const subject = decodeSubject(decoded);
        if (
          new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(decoded) &&
          subjectMatch.test(subject)
        ) {
          return decoded;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} matching ${subjectMatch} within ${timeoutMs} ms`);
}

/** The Subject header, unfolded, with its RFC 2047 encoded words (long or non-ASCII subjects) decoded. */
function decodeSubject(mail: string): string {
  const header = /^Subject: (.*(?:\n[ \t].*)*)$/m.exec(mail)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\n[ \t]+/g, ' ')
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * Decodes each MIME part by its own Content-Transfer-Encoding (quoted-printable or base64), so links
 * can be read from the bodies; headers and 7bit parts stay as they are.
 */
function decodeMail(raw: string): string {
  const text = raw.replace(/\r\n/g, '\n');
  const headerEnd = text.indexOf('\n\n');
  const headers = headerEnd === -1 ? text : text.slice(0, headerEnd);
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  const decodePart = (part: string) => {
    const end = part.indexOf('\n\n');
    if (end === -1) return part;
    const head = part.slice(0, end);
    const body = part.slice(end + 2);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'quoted-printable') {
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
    }
    if (encoding === 'base64')
      return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
    return part;
  };
  if (!boundary) return decodePart(text);
  // Part 0 is this message's own headers and preamble: recursing into it would never end.
  return text
    .split(`--${boundary}`)
    .map((part, i) =>
      i > 0 && /content-type:\s*multipart/i.test(part)
        ? decodeMail(part.replace(/^\n/, ''))
        : decodePart(part.replace(/^\n/, '')),
    )
    .join(`--${boundary}\n`);
}

/** The first link in a mail that starts with the given path. */
export function linkFrom(mail: string, pathPrefix: string): string {
  const m = new RegExp(
    `https?://[^\\s"<>]+${pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`,
  ).exec(mail);
  if (!m) throw new Error(`No link to ${pathPrefix} in mail`);
  return m[0].replace(/&amp;/g, '&');
}

let counter = 0;
/** A unique e-mail/username pair for one test. */
export function uniqueUser(prefix = 'user') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return {
    email: `${prefix}-${id}@example.com`,
    username: `${prefix}_${id}`.slice(0, 40),
    password: 'secret-pass-1',
  };
}

/** Runs axe and fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The session cookies as the server sets them (docs/decisions/024); the admin's goes to /api/admin only. */
const SESSION_COOKIE = 'artchip_session';
const ADMIN_SESSION_COOKIE = 'artchip_admin_session';
const SIGNED_IN_COOKIE = 'artchip_signed_in';

/**
 * Puts a session into a browser context as log-in does: the HttpOnly session cookie (and, for users,
 * the signed-in marker; for the admin, the admin record the admin app keeps).
 */
export async function addSessionCookies(context: BrowserContext, token: string, isAdmin = false) {
  const { hostname } = new URL(test.info().project.use.baseURL!);
  const cookie = { domain: hostname, httpOnly: true, secure: false, sameSite: 'Lax' as const };
  if (isAdmin) {
    await context.addCookies([{ ...cookie, name: ADMIN_SESSION_COOKIE, value: token, path: '/api/admin' }]);
    await context.addInitScript(() => {
      if (!localStorage.getItem('artchipAdminUser'))
        localStorage.setItem(
          'artchipAdminUser',
          JSON.stringify({ firstName: null, username: 'admin', email: 'admin' }),
        );
    });
    return;
  }
  await context.addCookies([
    { ...cookie, name: SESSION_COOKIE, value: token, path: '/api' },
    { ...cookie, httpOnly: false, name: SIGNED_IN_COOKIE, value: '1', path: '/' },
  ]);
}

/** Puts a user session into the page's browser context (as log-in does); null signs out. */
export async function useSession(page: Page, token: string | null) {
  const context = page.context();
  await context.clearCookies({ name: new RegExp(`^(${SESSION_COOKIE}|${SIGNED_IN_COOKIE})$`) });
  if (token) await addSessionCookies(context, token);
  await page.goto('/faq');
}

/**
 * The API helpers' request context, authenticating by bearer header as API clients do: each call goes
 * out from a fresh context with no cookies, so a session cookie that a log-in or verification answer
 * set never rides along on a later (or concurrent) call meant to be anonymous, such as a guest checkout.
 * The contexts (and the answers they hold) are disposed when the test ends.
 */
async function cookielessRequest(
  newContext: () => Promise<APIRequestContext>,
  use: (request: APIRequestContext) => Promise<void>,
) {
  const contexts: APIRequestContext[] = [];
  const fresh = async () => {
    const context = await newContext();
    contexts.push(context);
    return context;
  };
  const calls = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch']);
  const request = new Proxy(await fresh(), {
    get(target, property, receiver) {
      if (typeof property !== 'string' || !calls.has(property))
        return Reflect.get(target, property, receiver);
      return async (...args: unknown[]) => {
        const context = await fresh();
        const call = Reflect.get(context, property) as (...a: unknown[]) => Promise<unknown>;
        return call.apply(context, args);
      };
    },
  });
  try {
    await use(request);
  } finally {
    for (const context of contexts) await context.dispose();
  }
}

/**
 * Public pages arrive rendered by the server and respond once the browser has hydrated them: a page
 * load waits for that (the layout marks <html data-hydrated>), as a person waits for a page to be ready.
 * Tests of the server's HTML itself use their own pages (server-rendering.spec.ts).
 */
export function waitsForHydration(page: Page): Page {
  const settle = async (response: Response | null) => {
    if (response?.headers()['content-type']?.startsWith('text/html')) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settle(await goto(url, options));
  page.reload = async (options) => settle(await reload(options));
  return page;
}

/** A page of its own browser context signed in with `token` (a user's, or the admin's with `isAdmin`). */
export async function pageAs(browser: Browser, token: string | null, isAdmin = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  if (token) await addSessionCookies(context, token, isAdmin);
  return waitsForHydration(await context.newPage());
}

export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    await use(waitsForHydration(page));
  },
  request: async ({ playwright, baseURL }, use) => {
    await cookielessRequest(() => playwright.request.newContext({ baseURL }), use);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** On a chip page: Buy Now, keep it in the vault, pay by (demo) card, and place the order. */
export async function buyNowIntoVaultByCard(page: Page) {
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await checkout.getByRole('radio', { name: /Store in the vault/ }).check();
  await checkout.getByRole('radio', { name: /Credit Card/ }).check();
  await checkout.getByRole('button', { name: 'Complete Purchase' }).click();
}

/** A screenshot of what the page shows now, kept with the test's results (fullPage for the whole page). */
export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
