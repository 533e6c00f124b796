import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { emailTokens } from '#server/modules/auth/auth.table.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';

/** A sign-up body that passes validation; override any field. */
export function buildSignup(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    email: `new${n}@example.com`,
    username: `new_${n}`,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

/** The newest queued mail to an address (with a template name, optionally), or undefined. */
export async function latestMailTo(db: Db, to: string, template?: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)) : eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** The token in a mailed link to `path` (e.g. '/verify-email'), read from the mail's text body. */
export function tokenFromMail(text: string, path: string): string {
  const url = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(text)?.[0];
  if (!url) throw new Error(`No ${path} link in mail`);
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`No token in ${url}`);
  return token;
}

/** Inserts a one-time e-mail token directly (for expiry and reuse cases); returns the raw token. */
export async function insertEmailToken(
  db: Db,
  values: { userId: number; purpose: 'verify_email' | 'set_password'; expiresAt: Date; usedAt?: Date | null },
): Promise<string> {
  const token = createSecretToken();
  await db.insert(emailTokens).values({ ...values, tokenHash: hashToken(token) });
  return token;
}
