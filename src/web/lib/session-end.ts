/**
 * The end of a session, said once for every screen: the API client calls `endSession` when the server
 * answers 401 to a call that rode on a session this page held, and sign-out calls it too. Screens
 * follow through `onSessionEnded` (docs/decisions/044).
 */
import { clearSessionMarker } from './session-marker.ts';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

/** Which session a call rides on: the admin's for /api/admin (its cookie's path), else the user's. */
export type SessionKind = 'user' | 'admin';

const SESSION_ENDED_EVENT = 'artchip:session-ended';

/** Forgets `kind`'s session in this browser (the marker or the admin record) and tells the screens. */
export function endSession(kind: SessionKind): void {
  if (kind === 'user') clearSessionMarker();
  else writeStorage(STORAGE_KEYS.adminUser, null);
  // The server renderer has no window: nothing there outlives the request.
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<SessionKind>(SESSION_ENDED_EVENT, { detail: kind }));
}

/** Calls `listener` whenever `kind`'s session ends in this tab; returns the unsubscribe. */
export function onSessionEnded(kind: SessionKind, listener: () => void): () => void {
  const handle = (event: Event) => {
    if ((event as CustomEvent<SessionKind>).detail === kind) listener();
  };
  window.addEventListener(SESSION_ENDED_EVENT, handle);
  return () => window.removeEventListener(SESSION_ENDED_EVENT, handle);
}
