import { useEffect, useState } from 'react';
import { endSession, onSessionEnded } from '#web/lib/session-end.ts';
import { readStorage, STORAGE_KEYS } from '#web/lib/storage.ts';

/**
 * Forgets the admin record (spec §6: logout clears admin data). The session itself is an HttpOnly
 * cookie for /api/admin, which the server expires on log-out (docs/decisions/024).
 */
export function clearAdminSession(): void {
  endSession('admin');
}

/**
 * Whether an admin signed in here (the log-in's admin record is stored), kept current when the session
 * ends in this tab or another. The server still decides on every call.
 */
export function useIsAdminSignedIn(): boolean {
  const [isSignedIn, setIsSignedIn] = useState(() => readStorage(STORAGE_KEYS.adminUser) !== null);
  useEffect(() => {
    const sync = () => setIsSignedIn(readStorage(STORAGE_KEYS.adminUser) !== null);
    const stopFollowing = onSessionEnded('admin', sync);
    window.addEventListener('storage', sync);
    return () => {
      stopFollowing();
      window.removeEventListener('storage', sync);
    };
  }, []);
  return isSignedIn;
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
