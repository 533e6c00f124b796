/** Local-storage keys (spec §3 "Local browser storage"). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  adminToken: 'artchipAdminToken',
  adminUser: 'artchipAdminUser',
  pendingEmail: 'pendingEmail',
  referralCode: 'artchipRef',
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
