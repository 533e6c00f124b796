import { useEffect, useState } from 'react';
import { api, ApiRequestError, type RequestOptions } from '#web/lib/api-client.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';

/** Fired when the admin session ends (log-out, or a 401 from an admin call). */
const SIGNED_OUT_EVENT = 'artchip:admin-signed-out';

/** Forgets the admin token and admin record (spec §6: logout clears admin data). */
export function clearAdminSession(): void {
  writeStorage(STORAGE_KEYS.adminToken, null);
  writeStorage(STORAGE_KEYS.adminUser, null);
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

/** Every admin call: the admin token as Bearer; a 401 means the session is gone, so it is cleared. */
export async function adminApi<T = unknown>(
  path: string,
  options: Omit<RequestOptions, 'tokenKey'> = {},
): Promise<T> {
  try {
    return await api<T>(path, { ...options, tokenKey: STORAGE_KEYS.adminToken });
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) clearAdminSession();
    throw err;
  }
}

/** The stored admin token, kept current when the session ends in this tab or another. */
export function useAdminToken(): string | null {
  const [token, setToken] = useState(() => readStorage(STORAGE_KEYS.adminToken));
  useEffect(() => {
    const sync = () => setToken(readStorage(STORAGE_KEYS.adminToken));
    window.addEventListener(SIGNED_OUT_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(SIGNED_OUT_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, []);
  return token;
}

/** The signed-in admin's display name from the log-in answer, if stored. */
export function readAdminName(): string | null {
  const raw = readStorage(STORAGE_KEYS.adminUser);
  if (!raw) return null;
  try {
    const admin = JSON.parse(raw) as { firstName?: string | null; username?: string };
    return admin.firstName || admin.username || null;
  } catch {
    return null;
  }
}

/** Where the log-in lives for this admin URL (spec §6: /siteadmin for /siteadmin/*, else /admin-login). */
export function adminLoginPathFor(pathname: string): string {
  return pathname.startsWith('/siteadmin') ? '/siteadmin' : '/admin-login';
}

/** A querystring from defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
