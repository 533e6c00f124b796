// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError } from './api-client.ts';
import { apiUpload } from './api-upload.ts';
import { onSessionEnded, type SessionKind } from './session-end.ts';
import { hasSessionMarker } from './session-marker.ts';
import { STORAGE_KEYS } from './storage.ts';
import { FakeXhr, mockApi } from './testing.tsx';

const UNAUTHORIZED = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' } };
const ADMIN = JSON.stringify({ username: 'admin' });

let ended: SessionKind[] = [];
let stopFollowing: Array<() => void> = [];

beforeEach(() => {
  document.cookie = 'artchip_signed_in=1; Path=/';
  window.localStorage.setItem(STORAGE_KEYS.adminUser, ADMIN);
  ended = [];
  stopFollowing = [
    onSessionEnded('user', () => ended.push('user')),
    onSessionEnded('admin', () => ended.push('admin')),
  ];
});

afterEach(() => {
  for (const stop of stopFollowing) stop();
  document.cookie = 'artchip_signed_in=; Path=/; Max-Age=0';
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

async function failureOf(call: Promise<unknown>): Promise<ApiRequestError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError, got ${String(err)}`);
  return err;
}

describe('api: a 401 ends the session it rode on, once for every caller', () => {
  it("forgets the user's session when a signed-in call answers 401, and tells the screens", async () => {
    mockApi({ 'POST /api/offers': () => UNAUTHORIZED });
    const err = await failureOf(api('/api/offers', { method: 'POST', body: {} }));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Unauthorized');
    expect(err.endedSession).toBe('user');
    expect(hasSessionMarker()).toBe(false);
    expect(ended).toEqual(['user']);
    // The admin session is another cookie, untouched.
    expect(window.localStorage.getItem(STORAGE_KEYS.adminUser)).toBe(ADMIN);
  });

  it('keeps the session when a log-in refuses the password: that 401 is the answer, shown in the form', async () => {
    mockApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' },
      }),
    });
    const err = await failureOf(
      api('/api/auth/login', { method: 'POST', body: {}, checksCredentials: true }),
    );
    expect(err.message).toBe('Invalid email or password');
    expect(err.endedSession).toBeNull();
    expect(hasSessionMarker()).toBe(true);
    expect(ended).toEqual([]);
  });

  it('ends nothing for a visitor (no session held), an anonymous read, or another status', async () => {
    mockApi({
      'POST /api/checkout': () => UNAUTHORIZED,
      'GET /api/artchip': () => UNAUTHORIZED,
      'GET /api/my-orders': () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'No' } }),
    });
    expect((await failureOf(api('/api/my-orders'))).endedSession).toBeNull();
    expect((await failureOf(api('/api/artchip', { anonymous: true }))).endedSession).toBeNull();
    expect(hasSessionMarker()).toBe(true);

    document.cookie = 'artchip_signed_in=; Path=/; Max-Age=0';
    expect((await failureOf(api('/api/checkout', { method: 'POST' }))).endedSession).toBeNull();
    expect(ended).toEqual([]);
  });

  it('forgets the admin session when an admin call answers 401, but not when the admin log-in refuses', async () => {
    mockApi({
      'GET /api/admin/orders': () => UNAUTHORIZED,
      'POST /api/admin/auth/login': () => ({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Invalid admin credentials' },
      }),
    });
    await failureOf(api('/api/admin/auth/login', { method: 'POST', checksCredentials: true }));
    expect(window.localStorage.getItem(STORAGE_KEYS.adminUser)).toBe(ADMIN);

    const err = await failureOf(api('/api/admin/orders?page=1'));
    expect(err.endedSession).toBe('admin');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminUser)).toBeNull();
    expect(ended).toEqual(['admin']);
    // The user's own session is another cookie, untouched.
    expect(hasSessionMarker()).toBe(true);
  });
});

describe('apiUpload', () => {
  it('ends the session on a 401 the same way', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const upload = apiUpload('/api/media', new FormData());
    FakeXhr.sent[0]!.respond(401, UNAUTHORIZED.body);
    const err = await failureOf(upload);
    expect(err.message).toBe('Unauthorized');
    expect(err.endedSession).toBe('user');
    expect(hasSessionMarker()).toBe(false);
    expect(ended).toEqual(['user']);
  });
});
