/**
 * The signed-in marker: a cookie without any secret that the server sets beside the HttpOnly session
 * cookie (same lifetime) and clears on log-out. It lets the app skip asking who is signed in on a
 * signed-out visitor's pages; the session itself is never readable here (docs/decisions/024).
 */
import { BRAND } from '#shared/brand.ts';

const MARKER = `${BRAND.slug}_signed_in`;

/** Whether a user session cookie was set and has not expired or been cleared. */
export function hasSessionMarker(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${MARKER}=1`);
}

/** Forgets the marker (the server answered that the session is gone). */
export function clearSessionMarker(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${MARKER}=; Path=/; Max-Age=0; SameSite=Lax`;
}
