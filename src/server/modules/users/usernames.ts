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
