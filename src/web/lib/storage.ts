/**
 * Local-storage keys (spec §3 "Local browser storage"), without the session tokens: sessions live in
 * HttpOnly cookies that scripts cannot read (docs/decisions/024). `adminUser` is only the signed-in
 * admin's name for the header, and tells the admin app a session was opened.
 */
export const STORAGE_KEYS = {
  adminUser: 'artchipAdminUser',
  pendingEmail: 'pendingEmail',
  referralCode: 'artchipRef',
  /** The page to return to after sign-up and e-mail verification (return-to.ts). */
  returnTo: 'artchipReturnTo',
  paymentClientSecret: 'paymentClientSecret',
  paymentIntentId: 'paymentIntentId',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled (private mode): the app keeps working for this page view
  }
}

/** Where earlier versions kept session tokens (spec §3 authToken, and the admin token). */
const LEGACY_TOKEN_KEYS = ['authToken', 'artchipAdminToken'] as const;

/**
 * Forgets session tokens an earlier version left in local storage: the session now lives in a cookie,
 * so such a token is only a liability (readable by any script). Its holder signs in again.
 */
export function dropLegacySessionTokens(): void {
  try {
    for (const key of LEGACY_TOKEN_KEYS) window.localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing was kept there either
  }
}
