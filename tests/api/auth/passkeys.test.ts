import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  AdminLoginResponseSchema,
  AuthSessionSchema,
  TwoFactorRequiredSchema,
} from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { PasskeyListSchema, PasskeyOptionsSchema, PasskeySchema } from '#shared/passkeys.schemas.ts';
import { RecoveryCodesSchema, TotpSetupSchema, TwoFactorStatusSchema } from '#shared/two-factor.schemas.ts';
import { passkeys } from '#server/modules/auth/passkeys.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { createSoftwareAuthenticator } from '#tests/helpers/fake-authenticator.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Authenticator = ReturnType<typeof createSoftwareAuthenticator>;

/** testConfig's PUBLIC_URL. */
const ORIGIN = 'http://localhost:3000';

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

const USER = '/api/auth/passkeys';
const ADMIN = '/api/admin/auth/passkeys';

async function registrationOptions(app: App, token: string, origin = ORIGIN, prefix = USER) {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: `${prefix}/registration/options`,
    headers: { origin },
  });
  expect(res.statusCode).toBe(200);
  return PasskeyOptionsSchema.parse(res.json()).options as Parameters<Authenticator['register']>[0] & {
    authenticatorSelection?: { residentKey?: string; userVerification?: string };
    excludeCredentials?: { id: string }[];
  };
}

const sendRegistration = (app: App, token: string, response: unknown, name?: string, prefix = USER) =>
  injectAs(app, token, {
    method: 'POST',
    url: `${prefix}/registration`,
    headers: { origin: ORIGIN },
    payload: { response, ...(name && { name }) },
  });

async function register(app: App, token: string, authenticator: Authenticator, name?: string, prefix = USER) {
  const res = await sendRegistration(
    app,
    token,
    authenticator.register(await registrationOptions(app, token, ORIGIN, prefix)),
    name,
    prefix,
  );
  expect(res.statusCode).toBe(201);
  return PasskeySchema.parse(res.json());
}

async function signInOptions(app: App, challenge?: string, origin = ORIGIN, prefix = USER) {
  const res = await app.inject({
    method: 'POST',
    url: `${prefix}/authentication/options`,
    headers: { origin },
    payload: challenge ? { challenge } : {},
  });
  expect(res.statusCode).toBe(200);
  return PasskeyOptionsSchema.parse(res.json()).options as Parameters<Authenticator['authenticate']>[0] & {
    allowCredentials?: { id: string }[];
    userVerification?: string;
  };
}

const signIn = (app: App, response: unknown, prefix = USER) =>
  app.inject({
    method: 'POST',
    url: `${prefix}/authentication`,
    headers: { origin: ORIGIN },
    payload: { response },
  });

const list = async (app: App, token: string) =>
  PasskeyListSchema.parse((await injectAs(app, token, { method: 'GET', url: '/api/auth/passkeys' })).json())
    .passkeys;

describe('passkeys', () => {
  it('register → listed → signs in with no password (cookie set, counter and last use recorded)', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { user, token } = await insertUser(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });

    const options = await registrationOptions(app, token);
    expect(options.rp?.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const created = await sendRegistration(app, token, authenticator.register(options), 'Work laptop');
    expect(created.statusCode).toBe(201);
    expect(PasskeySchema.parse(created.json())).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    // A second registration excludes the passkey already there.
    expect((await registrationOptions(app, token)).excludeCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentialId,
    ]);

    time.advance(60);
    const signInOpts = await signInOptions(app);
    expect(signInOpts.allowCredentials ?? []).toEqual([]);
    expect(signInOpts.userVerification).toBe('required');
    const res = await signIn(app, authenticator.authenticate(signInOpts));
    expect(res.statusCode).toBe(200);
    expect(AuthSessionSchema.parse(res.json()).user.id).toBe(user.id);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');

    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt?.toISOString()).toBe(time.clock().toISOString());
    expect(await list(app, token)).toEqual([
      expect.objectContaining({ name: 'Work laptop', lastUsedAt: time.clock().toISOString() }),
    ]);
  });

  it('accepts 127.0.0.1 for a localhost PUBLIC_URL (one machine), and hands that page its own RP ID', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: 'http://127.0.0.1:3000' });
    const options = await registrationOptions(app, token, 'http://127.0.0.1:3000');
    expect(options.rp?.id).toBe('127.0.0.1');
    const res = await sendRegistration(app, token, authenticator.register(options));
    expect(res.statusCode).toBe(201);
    expect(PasskeySchema.parse(res.json()).name).toBe('Passkey 1');
  });

  it('validation: a malformed answer or name is refused; the routes of an account need a session', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const bad = await sendRegistration(app, token, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const longName = await sendRegistration(
      app,
      token,
      authenticator.register(await registrationOptions(app, token)),
      'x'.repeat(61),
    );
    expect(longName.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/auth/passkeys' })).statusCode).toBe(401);
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/passkeys/registration/options' });
    expect(anonymous.statusCode).toBe(401);
    const noProof = await injectAs(app, token, {
      method: 'DELETE',
      url: '/api/auth/passkeys/1',
      payload: {},
    });
    expect(noProof.statusCode).toBe(400);
  });

  it('refuses an answer from another origin or RP, without user verification, or of the wrong ceremony', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    for (const overrides of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { type: 'webauthn.get' },
    ]) {
      const res = await sendRegistration(
        app,
        token,
        authenticator.register(await registrationOptions(app, token), overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
    }
    expect(await list(app, token)).toEqual([]);

    await register(app, token, authenticator);
    for (const overrides of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const res = await signIn(app, authenticator.authenticate(await signInOptions(app), overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a challenge works once and for a few minutes; a passkey not registered here signs nobody in', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const { token } = await insertUser(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });

    const regOptions = await registrationOptions(app, token);
    expect((await sendRegistration(app, token, authenticator.register(regOptions))).statusCode).toBe(201);
    const again = await sendRegistration(app, token, authenticator.register(regOptions));
    expect(again.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('INVALID_TOKEN');

    const answer = authenticator.authenticate(await signInOptions(app));
    expect((await signIn(app, answer)).statusCode).toBe(200);
    const replayed = await signIn(app, answer);
    expect(replayed.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(replayed.json()).code).toBe('INVALID_TOKEN');

    const late = await signInOptions(app);
    time.advance(5 * 60 + 1);
    expect((await signIn(app, authenticator.authenticate(late))).statusCode).toBe(400);

    // A challenge the server never gave.
    const forged = await signIn(
      app,
      authenticator.authenticate({ challenge: 'bm90LWdpdmVu', rpId: 'localhost' }),
    );
    expect(forged.statusCode).toBe(400);

    const stranger = createSoftwareAuthenticator({ origin: ORIGIN });
    const unknown = await signIn(app, stranger.authenticate(await signInOptions(app)));
    expect(unknown.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(unknown.json()).message).toMatch(/not registered here/);

    // A registration challenge is no sign-in challenge.
    const crossed = await signIn(app, authenticator.authenticate(await registrationOptions(app, token)));
    expect(crossed.statusCode).toBe(400);
  });

  it('removing needs the password (or an app code); another account’s passkey cannot be removed or renamed', async () => {
    const time = movableClock();
    const app = await buildTestApp({ clock: time.clock });
    const owner = await insertUser(app.db);
    const other = await insertUser(app.db);
    const passkey = await register(app, owner.token, createSoftwareAuthenticator({ origin: ORIGIN }));

    const renamed = await injectAs(app, owner.token, {
      method: 'PATCH',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { name: 'Phone' },
    });
    expect(PasskeySchema.parse(renamed.json()).name).toBe('Phone');
    const foreignRename = await injectAs(app, other.token, {
      method: 'PATCH',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { name: 'Mine now' },
    });
    expect(foreignRename.statusCode).toBe(404);

    const foreign = await injectAs(app, other.token, {
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { currentPassword: other.password },
    });
    expect(foreign.statusCode).toBe(404);
    const wrong = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { currentPassword: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).fieldErrors?.currentPassword).toBeDefined();
    expect(await list(app, owner.token)).toHaveLength(1);

    const removed = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { currentPassword: owner.password },
    });
    expect(removed.statusCode).toBe(200);
    expect(await list(app, owner.token)).toEqual([]);

    // With the authenticator app on, its code does too.
    const second = await register(app, owner.token, createSoftwareAuthenticator({ origin: ORIGIN }));
    const setup = TotpSetupSchema.parse(
      (await injectAs(app, owner.token, { method: 'POST', url: '/api/auth/2fa/totp' })).json(),
    );
    RecoveryCodesSchema.parse(
      (
        await injectAs(app, owner.token, {
          method: 'POST',
          url: '/api/auth/2fa/totp/confirm',
          payload: { code: await generate({ secret: setup.secret, epoch: time.epoch() }) },
        })
      ).json(),
    );
    time.advance(30);
    const byCode = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/auth/passkeys/${second.id}`,
      payload: { totpCode: await generate({ secret: setup.secret, epoch: time.epoch() }) },
    });
    expect(byCode.statusCode).toBe(200);
  });

  it('a passkey is a second factor: the password log-in asks for it, and only that account’s passkey completes it', async () => {
    const app = await buildTestApp();
    const { user, token, password } = await insertUser(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    await register(app, token, authenticator);
    const intruder = await insertUser(app.db);
    const intruderKey = createSoftwareAuthenticator({ origin: ORIGIN });
    await register(app, intruder.token, intruderKey);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const step = TwoFactorRequiredSchema.parse(login.json());
    expect(step.methods).toEqual(['passkey']);
    expect(step.message).toMatch(/passkey/);

    // No code completes it: the account has no authenticator app.
    const code = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: step.challenge, code: '123456' },
    });
    expect(code.statusCode).toBe(400);

    const options = await signInOptions(app, step.challenge);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const wrongAccount = await signIn(app, intruderKey.authenticate(options));
    expect(wrongAccount.statusCode).toBe(401);
    const res = await signIn(app, authenticator.authenticate(await signInOptions(app, step.challenge)));
    expect(res.statusCode).toBe(200);
    expect(AuthSessionSchema.parse(res.json()).user.id).toBe(user.id);

    const unknownStep = await app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/authentication/options',
      payload: { challenge: 'not-a-challenge' },
    });
    expect(unknownStep.statusCode).toBe(400);
  });
});

describe('admin passkeys', () => {
  it('an admin adds a passkey on the admin session and signs in with it into an admin session; a user’s passkey does not', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    await register(app, admin.token, authenticator, 'Admin key', ADMIN);
    const listed = await injectAs(app, admin.token, { method: 'GET', url: ADMIN });
    expect(PasskeyListSchema.parse(listed.json()).passkeys.map((p) => p.name)).toEqual(['Admin key']);

    const res = await signIn(
      app,
      authenticator.authenticate(await signInOptions(app, undefined, ORIGIN, ADMIN)),
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    const answer = AdminLoginResponseSchema.parse(res.json());
    expect(String(res.headers['set-cookie'])).toContain('Path=/api/admin');
    expect((await injectAs(app, answer.token, { method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(
      200,
    );

    const user = await insertUser(app.db);
    const userKey = createSoftwareAuthenticator({ origin: ORIGIN });
    await register(app, user.token, userKey);
    const refused = await signIn(
      app,
      userKey.authenticate(await signInOptions(app, undefined, ORIGIN, ADMIN)),
      ADMIN,
    );
    expect(refused.statusCode).toBe(401);
    // The user session reaches no admin passkey route.
    expect((await injectAs(app, user.token, { method: 'GET', url: ADMIN })).statusCode).toBe(403);
  });

  it('the admin log-in asks an admin with a passkey for it; a user log-in’s challenge is not the admin’s', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    await register(app, admin.token, authenticator, undefined, ADMIN);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: admin.user.email, password: admin.password },
    });
    const step = TwoFactorRequiredSchema.parse(login.json());
    expect(step.methods).toEqual(['passkey']);
    const asUser = await app.inject({
      method: 'POST',
      url: `${USER}/authentication/options`,
      payload: { challenge: step.challenge },
    });
    expect(asUser.statusCode).toBe(400);
    const options = await signInOptions(app, step.challenge, ORIGIN, ADMIN);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const res = await signIn(app, authenticator.authenticate(options), ADMIN);
    expect(res.statusCode).toBe(200);
  });

  it('a passkey counts as the admins’ second factor: once one admin has one, the others must add one', async () => {
    const app = await buildTestApp();
    const first = await insertAdmin(app.db);
    const second = await insertAdmin(app.db);
    const jobs = (token: string) => injectAs(app, token, { method: 'GET', url: '/api/admin/jobs' });
    await register(app, first.token, createSoftwareAuthenticator({ origin: ORIGIN }), undefined, ADMIN);
    expect((await jobs(first.token)).statusCode).toBe(200);
    expect((await jobs(second.token)).statusCode).toBe(403);
    const status = await injectAs(app, second.token, { method: 'GET', url: '/api/admin/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(status.json())).toMatchObject({
      enrolmentRequired: true,
      passkeys: 0,
    });
    await register(app, second.token, createSoftwareAuthenticator({ origin: ORIGIN }), undefined, ADMIN);
    expect((await jobs(second.token)).statusCode).toBe(200);
  });
});
