import crypto from 'node:crypto';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/users.schemas.ts';

const BASE_MAX_LENGTH = 40;

/**
 * A valid username from an e-mail's local part ("Jane.Doe+shop@x.com" → "jane.doe_shop"): only the
 * characters UsernameSchema allows, 3 to 40 long, leaving room for a suffix that makes it unique.
 */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, BASE_MAX_LENGTH)
    .replace(/[._-]+$/, '');
  if (base.length < USERNAME_MIN_LENGTH) base = base ? `${base}_user` : 'user';
  return base;
}

/** The base itself first, then the base with a random numeric suffix; always within the length limits. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base.slice(0, USERNAME_MAX_LENGTH);
  const digits = attempt < 5 ? 4 : 8;
  const suffix = String(crypto.randomInt(10 ** (digits - 1), 10 ** digits));
  return `${base.slice(0, USERNAME_MAX_LENGTH - digits - 1)}_${suffix}`;
}

/**
 * Whether a username may be shown publicly: a name derived from the account's e-mail (a guest checkout's
 * account, whose owner has not picked a name yet) would show part of that e-mail, so it reads as "a
 * collector" instead (PRODUCT.md "Custody"). A name the user picked that happens to equal their e-mail's
 * local part is kept private too: the safe side.
 */
export function isPublicUsername(username: string, email: string): boolean {
  const base = usernameBaseFromEmail(email.trim().toLowerCase());
  const name = username.toLowerCase();
  if (name === base.slice(0, USERNAME_MAX_LENGTH)) return false;
  for (const digits of [4, 8]) {
    const prefix = `${base.slice(0, USERNAME_MAX_LENGTH - digits - 1)}_`;
    if (name.startsWith(prefix) && new RegExp(`^\\d{${digits}}$`).test(name.slice(prefix.length)))
      return false;
  }
  return true;
}
