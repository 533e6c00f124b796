// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasSessionMarker } from './session-marker.ts';
import { fetchCurrentUser } from './auth.tsx';
import { mockApi } from './testing.tsx';

beforeEach(() => {
  document.cookie = 'artchip_signed_in=1; Path=/';
});

afterEach(() => {
  document.cookie = 'artchip_signed_in=; Path=/; Max-Age=0';
  vi.unstubAllGlobals();
});

describe('fetchCurrentUser', () => {
  it('forgets the session when the server says it is gone', async () => {
    mockApi({
      'GET /api/auth/user': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' },
      }),
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(hasSessionMarker()).toBe(false);
  });

  it('keeps the session when the request is cut short (leaving the page) or the server fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchCurrentUser()).toBeNull();
    expect(hasSessionMarker()).toBe(true);

    mockApi({ 'GET /api/auth/user': () => ({ status: 500, body: { code: 'INTERNAL', message: 'Oops' } }) });
    expect(await fetchCurrentUser()).toBeNull();
    expect(hasSessionMarker()).toBe(true);
  });
});
