import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  AdminLoginResponseSchema,
  AuthSessionSchema,
  TwoFactorRequiredSchema,
} from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { RecoveryCodesSchema, TotpSetupSchema, TwoFactorStatusSchema } from '#shared/two-factor.schemas.ts';
import { sessions, totpFactors } from '#server/modules/auth/auth.table.ts';
import { totpSecretBoxFor, verifySecondFactor } from '#server/modules/auth/index.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const secondFactor = (app: App, now: Date) => ({ now, totpSecrets: totpSecretBoxFor(app.config) });

/** A clock the test moves: sessions made by the factories live 24 hours from the real now. */
function movableClock() {
  let now = new Date();
  return {
    clock: () => now,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
    epoch: () => Math.floor(now.getTime() / 1000),
  };
}

async function enrol(app: App, token: string, epoch: number, prefix = '/api/auth/2fa') {
  const setup = await injectAs(app, token, { method: 'POST', url: `${prefix}/totp` });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = TotpSetupSchema.parse(setup.json());
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const code = await generate({ secret, epoch });
  const confirm = await injectAs(app, token, {
    method: 'POST',
    url: `${prefix}/totp/confirm`,
    payload: { code },
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = RecoveryCodesSchema.parse(confirm.json());
  return { secret, recoveryCodes };
}

const login = (app: App, email: string, password: string, url = '/api/auth/login') =>
  app.inject({ method: 'POST', url, payload: { email, password } });
const verify = (app: App, challenge: string, code: string, url = '/api/auth/2fa/verify') =>
  app.inject({ method: 'POST', url, payload: { challenge, code } });

async function challengeFor(app: App, email: string, password: string, url?: string) {
  const res = await login(app, email, password, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
  return TwoFactorRequiredSchema.parse(res.json()).challenge;
}

describe('two-factor sign-in with an authenticator app', () => {
  it('enrol → the log-in needs the code, no session before it → a wrong code fails → the right one signs in', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    const { secret, recoveryCodes } = await enrol(app, token, time.epoch());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const status = await injectAs(app, token, { method: 'GET', url: '/api/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(status.json())).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });

    const sessionsBefore = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const challenge = await challengeFor(app, user.email, password);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      sessionsBefore.length,
    );

    time.advance(30);
    const code = await generate({ secret, epoch: time.epoch() });
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await verify(app, challenge, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).code).toBe('INVALID_TOKEN');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await verify(app, challenge, code);
    expect(right.statusCode).toBe(200);
    const session = AuthSessionSchema.parse(right.json());
    expect(session.user.id).toBe(user.id);
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const me = await injectAs(app, session.token, { method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);

    // The challenge is used up.
    const again = await verify(app, challenge, code);
    expect(again.statusCode).toBe(400);
  });

  it('refuses a TOTP code used once already (replay), even with a new challenge', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    const { secret } = await enrol(app, token, time.epoch());
    time.advance(30);
    const code = await generate({ secret, epoch: time.epoch() });
    expect((await verify(app, await challengeFor(app, user.email, password), code)).statusCode).toBe(200);
    const replay = await verify(app, await challengeFor(app, user.email, password), code);
    expect(replay.statusCode).toBe(400);
    // The enrolment's own code is used too: confirming took its step.
    const [factor] = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(factor!.lastUsedStep).toBe(Math.floor(time.epoch() / 30));
  });

  it('takes a recovery code once and only once', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    const { recoveryCodes } = await enrol(app, token, time.epoch());
    const recovery = recoveryCodes[3]!;
    const first = await verify(app, await challengeFor(app, user.email, password), recovery.toLowerCase());
    expect(first.statusCode).toBe(200);
    const second = await verify(app, await challengeFor(app, user.email, password), recovery);
    expect(second.statusCode).toBe(400);
    const status = await injectAs(app, token, { method: 'GET', url: '/api/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(status.json()).recoveryCodesLeft).toBe(9);
  });

  it('kills a challenge after 5 wrong codes and limits wrong codes per account', async () => {
    const time = movableClock();
    // Per-client limits off: the per-challenge and per-account limits hold whoever asks.
    const app = await buildTestApp({ clock: time.clock, env: { RATE_LIMIT: 'false' } });
    const { user, token, password } = await insertUser(app.db);
    const { secret } = await enrol(app, token, time.epoch());
    time.advance(60);
    const right = () => generate({ secret, epoch: time.epoch() });
    const wrongOf = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

    const challenge = await challengeFor(app, user.email, password);
    for (let i = 0; i < 5; i++) {
      expect((await verify(app, challenge, wrongOf(await right()))).statusCode).toBe(400);
    }
    const dead = await verify(app, challenge, await right());
    expect(dead.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(dead.json()).message).toMatch(/log in again/i);

    // 5 more wrong codes on a new challenge: the account's 10 are used, and it waits.
    const next = await challengeFor(app, user.email, password);
    for (let i = 0; i < 4; i++) {
      expect((await verify(app, next, wrongOf(await right()))).statusCode).toBe(400);
    }
    const tenth = await verify(app, next, wrongOf(await right()));
    expect(tenth.statusCode).toBe(429);
    const locked = await verify(app, await challengeFor(app, user.email, password), await right());
    expect(locked.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(locked.json()).message).toMatch(/too many wrong codes/i);

    // After the wait, the right code works again.
    time.advance(16 * 60);
    const later = await verify(app, await challengeFor(app, user.email, password), await right());
    expect(later.statusCode).toBe(200);
  });

  it('expires a challenge after 5 minutes', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    const { secret } = await enrol(app, token, time.epoch());
    const challenge = await challengeFor(app, user.email, password);
    time.advance(5 * 60 + 1);
    const res = await verify(app, challenge, await generate({ secret, epoch: time.epoch() }));
    expect(res.statusCode).toBe(410);
  });

  it('turns off only with the password', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    await enrol(app, token, time.epoch());
    const wrong = await injectAs(app, token, {
      method: 'DELETE',
      url: '/api/auth/2fa/totp',
      payload: { currentPassword: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).fieldErrors?.currentPassword).toBeDefined();
    const off = await injectAs(app, token, {
      method: 'DELETE',
      url: '/api/auth/2fa/totp',
      payload: { currentPassword: password },
    });
    expect(off.statusCode).toBe(200);
    const res = await login(app, user.email, password);
    expect(AuthSessionSchema.parse(res.json()).user.id).toBe(user.id);
  });

  it('refuses enrolment without a session, a wrong confirmation code, and a second enrolment', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    expect((await app.inject({ method: 'POST', url: '/api/auth/2fa/totp' })).statusCode).toBe(401);
    const { token } = await insertUser(app.db);
    const setup = TotpSetupSchema.parse(
      (await injectAs(app, token, { method: 'POST', url: '/api/auth/2fa/totp' })).json(),
    );
    const code = await generate({ secret: setup.secret, epoch: time.epoch() });
    const bad = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      payload: { code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(bad.statusCode).toBe(400);
    const malformed = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      payload: { code: '12ab' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(malformed.json()).code).toBe('VALIDATION_FAILED');
    const ok = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    const again = await injectAs(app, token, { method: 'POST', url: '/api/auth/2fa/totp' });
    expect(again.statusCode).toBe(409);
  });

  it('asks for the second factor after a mailed set-password link too', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertUser(app.db);
    await enrol(app, token, time.epoch());
    const { createSetPasswordToken } = await import('#server/modules/auth/index.ts');
    const linkToken = await createSetPasswordToken(app.db, user.id, time.clock());
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: {
        token: linkToken,
        email: user.email,
        password: 'a-new-password',
        confirmPassword: 'a-new-password',
      },
    });
    expect(res.statusCode).toBe(200);
    TwoFactorRequiredSchema.parse(res.json());
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(password).not.toBe('a-new-password');
  });

  it('verifySecondFactor accepts a code for another feature and refuses an account without a factor', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token } = await insertUser(app.db);
    const { user: other } = await insertUser(app.db);
    const { secret } = await enrol(app, token, time.epoch());
    time.advance(30);
    const code = await generate({ secret, epoch: time.epoch() });
    expect(await verifySecondFactor(app.db, other.id, code, secondFactor(app, time.clock()))).toBe(false);
    expect(await verifySecondFactor(app.db, user.id, code, secondFactor(app, time.clock()))).toBe(true);
    expect(await verifySecondFactor(app.db, user.id, code, secondFactor(app, time.clock()))).toBe(false);
  });
});

describe('admins and their second factor', () => {
  const adminUrls = { login: '/api/admin/auth/login', verify: '/api/admin/auth/2fa/verify' };

  it('signs an enrolled admin in with two steps, into an admin session', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token, password } = await insertAdmin(app.db);
    const { secret } = await enrol(app, token, time.epoch(), '/api/admin/auth/2fa');
    const challenge = await challengeFor(app, user.email, password, adminUrls.login);
    // A user challenge does not open an admin session, nor the reverse.
    time.advance(30);
    const code = await generate({ secret, epoch: time.epoch() });
    expect((await verify(app, challenge, code)).statusCode).toBe(400);
    const res = await verify(app, challenge, code, adminUrls.verify);
    expect(res.statusCode).toBe(200);
    const answer = AdminLoginResponseSchema.parse(res.json());
    const stats = await injectAs(app, answer.token, { method: 'GET', url: '/api/admin/jobs' });
    expect(stats.statusCode).toBe(200);
  });

  it('leaves admins alone until one enrols; then one without a second factor gets 403 until enrolled', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { token: first } = await insertAdmin(app.db);
    const { token: second } = await insertAdmin(app.db);
    const jobs = (token: string) => injectAs(app, token, { method: 'GET', url: '/api/admin/jobs' });
    expect((await jobs(second)).statusCode).toBe(200);
    const before = await injectAs(app, second, { method: 'GET', url: '/api/admin/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(before.json())).toMatchObject({
      totpEnabled: false,
      enrolmentRequired: false,
    });

    await enrol(app, first, time.epoch(), '/api/admin/auth/2fa');
    expect((await jobs(first)).statusCode).toBe(200);
    const refused = await jobs(second);
    expect(refused.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(refused.json()).message).toMatch(/set up two-factor sign-in/i);
    const status = await injectAs(app, second, { method: 'GET', url: '/api/admin/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(status.json()).enrolmentRequired).toBe(true);

    time.advance(30);
    await enrol(app, second, time.epoch(), '/api/admin/auth/2fa');
    expect((await jobs(second)).statusCode).toBe(200);
  });

  it('enforces nothing while the setting is off', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { token: first } = await insertAdmin(app.db);
    const { token: second } = await insertAdmin(app.db);
    await enrol(app, first, time.epoch(), '/api/admin/auth/2fa');
    const put = await injectAs(app, first, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { requireAdminTwoFactor: false },
    });
    expect(put.statusCode).toBe(200);
    expect((await injectAs(app, second, { method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(200);
  });
});
