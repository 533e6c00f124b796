import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong against offline guessing while a
// log-in stays cheap enough that a burst of them cannot exhaust the server's memory.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the parameters travel inside the hash, so they can change later. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

// Verified against when the account is unknown or has no password, so every failed log-in costs
// the same time and the answer's timing does not tell which e-mails are registered.
let dummyHash: Promise<string> | null = null;

/** True when `password` matches `hash`; a missing hash still spends the time of one verification. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
