import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
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
        const subject = /^Subject: (.*)$/m.exec(decoded)?.[1] ?? '';
        if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(decoded) && subjectMatch.test(subject)) {
          return decoded;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} matching ${subjectMatch} within ${timeoutMs} ms`);
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the text part. */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The first link in a mail that starts with the given path. */
export function linkFrom(mail: string, pathPrefix: string): string {
  const m = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`).exec(mail);
  if (!m) throw new Error(`No link to ${pathPrefix} in mail`);
  return m[0].replace(/&amp;/g, '&');
}

let counter = 0;
/** A unique e-mail/username pair for one test. */
export function uniqueUser(prefix = 'user') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}`.slice(0, 40), password: 'secret-pass-1' };
}

/** Runs axe and fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base.extend<{ consoleErrors: string[] }>({
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
