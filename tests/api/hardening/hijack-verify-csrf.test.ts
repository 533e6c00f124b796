// Issue 25, finding 8: opening an attacker's own /verify-email?token= link signed the victim's browser
// in as the attacker (login CSRF). A verification link now never replaces a browser's session with
// another account's: it verifies and asks them to log in (decision 035).
import { describe, expect, it } from 'vitest';
import { VerifyEmailResponseSchema } from '#shared/auth.schemas.ts';
import { UserSchema } from '#shared/users.schemas.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildSignup, latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** A fresh sign-up's mailed verification token. */
async function signUp(app: App) {
  const body = buildSignup();
  expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })).statusCode).toBe(201);
  const mail = await latestMailTo(app.db, body.email, 'verify-email');
  return { email: body.email, token: tokenFromMail(mail!.text, '/verify-email') };
}

function verify(app: App, token: string, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    ...(cookie ? { headers: { cookie: `artchip_session=${cookie}` } } : {}),
  });
}

async function whoIs(app: App, cookie: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: `artchip_session=${cookie}` },
  });
  return res.statusCode === 200 ? UserSchema.parse(res.json()).id : null;
}

describe('a verification link opened in a browser signed in to another account', () => {
  it('verifies the address but keeps the browser signed in as its own account', async () => {
    const app = await buildTestApp();
    const victim = await insertUser(app.db);
    const attacker = await signUp(app);

    const res = await verify(app, attacker.token, victim.token);
    expect(res.statusCode).toBe(200);
    const answer = VerifyEmailResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ outcome: 'log_in', email: attacker.email });
    expect(answer).not.toHaveProperty('token');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await whoIs(app, victim.token)).toBe(victim.user.id);

    // The attacker's address is verified all the same: they log in themselves.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: attacker.email, password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('signs in a browser without a session, as the spec says, and sets its cookie', async () => {
    const app = await buildTestApp();
    const account = await signUp(app);
    const res = await verify(app, account.token);
    const answer = VerifyEmailResponseSchema.parse(res.json());
    expect(answer.outcome).toBe('signed_in');
    expect(String(res.headers['set-cookie'])).toContain('artchip_session=');
  });
});
