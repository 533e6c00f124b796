import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { createCode } from '#server/lib/tokens.ts';

/**
 * The authenticator-app arithmetic (RFC 6238 through otplib; decision 072): a 160-bit base32 secret,
 * 6 digits every 30 seconds, SHA-1 (what every authenticator app reads from a QR code), one step of
 * clock drift either way, and never a step at or before the last one accepted (no replay).
 */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/**
 * The 30-second step `code` belongs to, when it is right at `now` (within one step of drift) and
 * later than `afterStep`; null otherwise.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes, "XXXXX-XXXXX" from an unambiguous alphabet (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = createCode(10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** How a recovery code is compared: upper case, without dashes or spaces. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The stored form of a recovery code. */
export function hashRecoveryCode(code: string): string {
  return crypto
    .createHash('sha256')
    .update(`recovery:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}
