import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AuthSessionSchema, AdminLoginResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { UserSchema } from '#shared/users.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertEmailToken } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const SITE = 'http://localhost:3000';

/** The Set-Cookie lines of an answer, by cookie name. */
function setCookies(res: LightMyRequestResponse): Map<string, string> {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

function cookieValue(line: string | undefined): string {
  if (!line) throw new Error('cookie not set');
  return decodeURIComponent(line.slice(line.indexOf('=') + 1, line.indexOf(';')));
}

function attributes(line: string | undefined): string[] {
  return (line ?? '')
    .split(';')
    .slice(1)
    .map((a) => a.trim());
}

async function logIn(app: App, headers: Record<string, string> = {}) {
  const { user, password } = await insertUser(app.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: user.email, password },
  });
  expect(res.statusCode).toBe(200);
  const cookie = cookieValue(setCookies(res).get('artchip_session'));
  return { user, password, res, cookie };
}

describe('session cookies', () => {
  it('log-in sets an HttpOnly, SameSite=Lax session cookie for /api and a script-readable marker', async () => {
    const app = await buildTestApp();
    const { res, cookie } = await logIn(app);
    const cookies = setCookies(res);
    const session = attributes(cookies.get('artchip_session'));
    expect(session).toEqual(
      expect.arrayContaining(['Path=/api', `Max-Age=${30 * 24 * 3600}`, 'SameSite=Lax', 'HttpOnly']),
    );
    // Plain http to the machine itself (tests, the browser suite): no Secure, or browsers drop it.
    expect(session).not.toContain('Secure');
    expect(cookie).toBe(AuthSessionSchema.parse(res.json()).token);
    const marker = attributes(cookies.get('artchip_signed_in'));
    expect(cookieValue(cookies.get('artchip_signed_in'))).toBe('1');
    expect(marker).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax']));
    expect(marker).not.toContain('HttpOnly');
  });

  it('marks the cookies Secure for any other host, and on https behind a trusted proxy', async () => {
    const app = await buildTestApp();
    const { res } = await logIn(app, { host: 'shop.example.com' });
    expect(attributes(setCookies(res).get('artchip_session'))).toContain('Secure');
    expect(attributes(setCookies(res).get('artchip_signed_in'))).toContain('Secure');

    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' }, keepData: true });
    const behindTls = await logIn(proxied, { 'x-forwarded-proto': 'https' });
    expect(attributes(setCookies(behindTls.res).get('artchip_session'))).toContain('Secure');
  });

  it('authenticates by the cookie alone', async () => {
    const app = await buildTestApp();
    const { user, cookie } = await logIn(app);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { artchip_session: cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(UserSchema.parse(me.json()).id).toBe(user.id);
  });

  it('log-out revokes the session and clears both cookies', async () => {
    const app = await buildTestApp();
    const { cookie } = await logIn(app);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: SITE },
      cookies: { artchip_session: cookie },
    });
    expect(out.statusCode).toBe(200);
    const cleared = setCookies(out);
    expect(cookieValue(cleared.get('artchip_session'))).toBe('');
    expect(attributes(cleared.get('artchip_session'))).toEqual(
      expect.arrayContaining(['Path=/api', 'Max-Age=0']),
    );
    expect(attributes(cleared.get('artchip_signed_in'))).toContain('Max-Age=0');
    const again = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { artchip_session: cookie },
    });
    expect(again.statusCode).toBe(401);
    // A cookie whose session is gone is cleared in the answer.
    expect(attributes(setCookies(again).get('artchip_session'))).toContain('Max-Age=0');
  });

  it('e-mail verification and set-password sign in with the cookie too', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { isEmailVerified: false });
    const expiresAt = new Date(Date.now() + 3600_000);
    const verifyToken = await insertEmailToken(app.db, {
      userId: user.id,
      purpose: 'verify_email',
      expiresAt,
    });
    const verified = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verifyToken}` });
    expect(verified.statusCode).toBe(200);
    expect(attributes(setCookies(verified).get('artchip_session'))).toContain('HttpOnly');

    const setToken = await insertEmailToken(app.db, { userId: user.id, purpose: 'set_password', expiresAt });
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: { origin: SITE },
      payload: {
        token: setToken,
        email: user.email,
        password: 'new-secret-1',
        confirmPassword: 'new-secret-1',
      },
    });
    expect(set.statusCode).toBe(200);
    const cookie = cookieValue(setCookies(set).get('artchip_session'));
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { artchip_session: cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it('gives admins a separate, 12-hour cookie sent only to /api/admin', async () => {
    const app = await buildTestApp();
    const { user, password } = await insertAdmin(app.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: user.email, password },
    });
    expect(res.statusCode).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.has('artchip_session')).toBe(false);
    expect(cookies.has('artchip_signed_in')).toBe(false);
    const line = cookies.get('artchip_admin_session');
    expect(attributes(line)).toEqual(
      expect.arrayContaining(['Path=/api/admin', `Max-Age=${12 * 3600}`, 'SameSite=Lax', 'HttpOnly']),
    );
    const adminCookie = cookieValue(line);
    expect(adminCookie).toBe(AdminLoginResponseSchema.parse(res.json()).token);

    const stats = await app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      cookies: { artchip_admin_session: adminCookie },
    });
    expect(stats.statusCode).toBe(200);
    // A user session cookie (even an admin user's) never opens admin routes.
    const { cookie: userCookie } = await logIn(app);
    const asUser = await app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      cookies: { artchip_session: userCookie },
    });
    expect(asUser.statusCode).toBe(401);

    const out = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: { origin: SITE },
      cookies: { artchip_admin_session: adminCookie },
    });
    expect(out.statusCode).toBe(200);
    expect(attributes(setCookies(out).get('artchip_admin_session'))).toEqual(
      expect.arrayContaining(['Path=/api/admin', 'Max-Age=0']),
    );
    const after = await app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      cookies: { artchip_admin_session: adminCookie },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('origin check on state-changing requests', () => {
  const changeProfile = (app: App, headers: Record<string, string>, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers,
      ...(cookie ? { cookies: { artchip_session: cookie } } : {}),
    });

  it('refuses a cookie-authenticated request from another origin with 403 in the error shape', async () => {
    const app = await buildTestApp();
    const { cookie } = await logIn(app);
    const res = await changeProfile(app, { origin: 'https://evil.example' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'FORBIDDEN',
      message: 'This request must come from the site itself.',
    });
    // The session is untouched.
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { artchip_session: cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it('judges by the Referer when there is no Origin, and refuses a cookie with neither', async () => {
    const app = await buildTestApp();
    const { cookie } = await logIn(app);
    expect((await changeProfile(app, { referer: 'https://evil.example/page' }, cookie)).statusCode).toBe(403);
    expect((await changeProfile(app, { origin: 'null' }, cookie)).statusCode).toBe(403);
    expect((await changeProfile(app, {}, cookie)).statusCode).toBe(403);
    expect((await changeProfile(app, { referer: `${SITE}/my-artchip` }, cookie)).statusCode).toBe(200);
  });

  it('lets the same origin through: PUBLIC_URL, or the Host the request was sent to', async () => {
    const app = await buildTestApp();
    const first = await logIn(app);
    expect((await changeProfile(app, { origin: SITE }, first.cookie)).statusCode).toBe(200);
    const second = await logIn(app);
    const byHost = await changeProfile(
      app,
      { origin: 'https://shop.example.com', host: 'shop.example.com', 'x-forwarded-proto': 'https' },
      second.cookie,
    );
    // Without TRUST_PROXY the request is plain http to shop.example.com, so https is another origin.
    expect(byHost.statusCode).toBe(403);
    const plain = await changeProfile(
      app,
      { origin: 'http://shop.example.com', host: 'shop.example.com' },
      second.cookie,
    );
    expect(plain.statusCode).toBe(200);
  });

  it('exempts requests authenticated by a bearer header (API clients)', async () => {
    const app = await buildTestApp();
    const { res, cookie } = await logIn(app);
    const token = AuthSessionSchema.parse(res.json()).token;
    const out = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
      cookies: { artchip_session: cookie },
    });
    expect(out.statusCode).toBe(200);
  });

  it('refuses a foreign origin on public writes too, but lets a cookie-less client without Origin through', async () => {
    const app = await buildTestApp();
    const payload = { email: 'someone@example.com' };
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/email-signup',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const client = await app.inject({ method: 'POST', url: '/api/email-signup', payload });
    expect(client.statusCode).toBe(200);
  });

  it('lets mail providers post the one-click unsubscribe from anywhere (its token is the authority)', async () => {
    const app = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/email-signup/unsubscribe?token=unknown-token',
      headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    // Past the origin and body checks: the token itself is judged (and unknown).
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('INVALID_TOKEN');
  });
});

describe('JSON-only bodies', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'email=someone%40example.com'],
    ['text/plain', '{"email":"someone@example.com"}'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n',
    ],
  ])('refuses a %s post to /api/email-signup with 415', async (type, payload) => {
    const app = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/email-signup',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
  });

  it('refuses a form-encoded log-in, and accepts JSON with a charset', async () => {
    const app = await buildTestApp();
    const { user, password } = await insertUser(app.db);
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}&password=${password}`,
    });
    expect(form.statusCode).toBe(415);
    const json = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ email: user.email, password }),
    });
    expect(json.statusCode).toBe(200);
  });

  it('accepts multipart only where files are taken', async () => {
    const app = await buildTestApp();
    const { res } = await logIn(app);
    const token = AuthSessionSchema.parse(res.json()).token;
    const multipart = {
      'content-type': 'multipart/form-data; boundary=x',
    };
    const body = '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAda\r\n--x--\r\n';
    const upload = await injectAs(app, token, {
      method: 'POST',
      url: '/api/media',
      headers: multipart,
      payload: body,
    });
    // Past the body-type check: the upload route itself asks for the image.
    expect(upload.statusCode).not.toBe(415);
    expect(upload.statusCode).toBeLessThan(500);
    const profile = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: multipart,
      payload: body,
    });
    expect(profile.statusCode).toBe(415);
  });
});
