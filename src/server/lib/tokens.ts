import crypto from 'node:crypto';

/** A random URL-safe secret with 256 bits of entropy (sessions, e-mail links). */
export function createSecretToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak does not leak live sessions or links. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in constant time (when the lengths match). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/** A short human-friendly code from an unambiguous alphabet (affiliate codes). */
export function createCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
