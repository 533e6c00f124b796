// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionMarker, hasSessionMarker } from './session-marker.ts';
import { dropLegacySessionTokens } from './storage.ts';

afterEach(() => {
  document.cookie = 'artchip_signed_in=; Path=/; Max-Age=0';
  window.localStorage.clear();
});

describe('session marker', () => {
  it('is set only by the exact marker cookie, and can be cleared', () => {
    expect(hasSessionMarker()).toBe(false);
    document.cookie = 'other_artchip_signed_in=1; Path=/';
    expect(hasSessionMarker()).toBe(false);
    document.cookie = 'artchip_signed_in=1; Path=/';
    expect(hasSessionMarker()).toBe(true);
    clearSessionMarker();
    expect(hasSessionMarker()).toBe(false);
  });
});

describe('dropLegacySessionTokens', () => {
  it('forgets the tokens earlier versions stored, and nothing else', () => {
    window.localStorage.setItem('authToken', 'old-user-token');
    window.localStorage.setItem('artchipAdminToken', 'old-admin-token');
    window.localStorage.setItem('pendingEmail', 'a@example.com');
    dropLegacySessionTokens();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('artchipAdminToken')).toBeNull();
    expect(window.localStorage.getItem('pendingEmail')).toBe('a@example.com');
  });
});
