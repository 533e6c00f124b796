import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SignupResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { emailTokens } from '#server/modules/auth/auth.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildSignup, latestMailTo, tokenFromMail } from '#tests/factories/auth.ts';

const signup = (app: Awaited<ReturnType<typeof buildTestApp>>, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });

describe('POST /api/auth/signup', () => {
  it('creates an unverified account with an argon2id hash and an affiliate code, and mails a verification link', async () => {
    const app = await buildTestApp();
    const body = buildSignup({ email: 'Ada@Example.com' });
    const res = await signup(app, body);
    expect(res.statusCode).toBe(201);
    const answer = SignupResponseSchema.parse(res.json());
    expect(answer.email).toBe('ada@example.com');
    expect(answer.message).toMatch(/check your email/i);

    const [row] = await app.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row).toMatchObject({
      username: body.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
    });
    expect(row!.isEmailVerified).toBe(false);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);

    const mail = await latestMailTo(app.db, 'ada@example.com', 'verify-email');
    expect(mail).toBeDefined();
    expect(mail!.html).toContain('http://localhost:3000/verify-email?token=');
    const token = tokenFromMail(mail!.text, '/verify-email');
    const [stored] = await app.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
    expect(stored).toMatchObject({ purpose: 'verify_email', tokenHash: hashToken(token), usedAt: null });
    expect(stored!.tokenHash).not.toBe(token);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 24 * 3600 * 1000)).toBeLessThan(60_000);
  });

  it('gives every user a different affiliate code', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 3; i++) expect((await signup(app, buildSignup())).statusCode).toBe(201);
    const codes = (await app.db.select({ code: users.affiliateCode }).from(users)).map((r) => r.code);
    expect(new Set(codes).size).toBe(3);
  });

  it('records the referrer named by a known referral code and ignores unknown codes', async () => {
    const app = await buildTestApp();
    const { user: referrer } = await insertUser(app.db, { affiliateCode: 'REFCODE1' });
    const referred = buildSignup({ referralCode: 'refcode1' });
    expect((await signup(app, referred)).statusCode).toBe(201);
    const stranger = buildSignup({ referralCode: 'NOPE0000' });
    expect((await signup(app, stranger)).statusCode).toBe(201);
    const [a] = await app.db.select().from(users).where(eq(users.email, referred.email));
    const [b] = await app.db.select().from(users).where(eq(users.email, stranger.email));
    expect(a!.referredBy).toBe(referrer.id);
    expect(b!.referredBy).toBeNull();
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51) }, 'username', 'Username must be less than 50 characters'],
    [
      { password: '1234567', confirmPassword: '1234567' },
      'password',
      'Password must be at least 8 characters',
    ],
    [{ confirmPassword: '123' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'other-pass' }, 'confirmPassword', "Passwords don't match"],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
  ])('rejects %o with "%s: %s"', async (override, field, message) => {
    const app = await buildTestApp();
    const res = await signup(app, buildSignup(override));
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(message);
    expect(body.fieldErrors?.[field]).toContain(message);
  });

  it('accepts sign-up without first and last name', async () => {
    const app = await buildTestApp();
    const { firstName: _f, lastName: _l, ...body } = buildSignup();
    expect((await signup(app, body)).statusCode).toBe(201);
  });

  it('answers a registered e-mail as it answers a new one, and mails its owner instead', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { email: 'taken@example.com', username: 'TakenName' });
    const fresh = await signup(app, buildSignup({ email: 'fresh@example.com' }));
    const taken = await signup(app, buildSignup({ email: 'TAKEN@example.com' }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(SignupResponseSchema.parse(taken.json()).message).toBe(
      SignupResponseSchema.parse(fresh.json()).message,
    );
    // No second account; the owner is told how to log in or set a new password.
    expect(await app.db.select().from(users).where(eq(users.email, 'taken@example.com'))).toHaveLength(1);
    const mail = await latestMailTo(app.db, 'taken@example.com', 'account-exists');
    expect(mail?.text).toContain('http://localhost:3000/login');
    expect(tokenFromMail(mail!.text, '/set-password')).toBeTruthy();
    expect(await latestMailTo(app.db, 'taken@example.com', 'verify-email')).toBeUndefined();
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('mails a password-less guest account its set-password link when someone signs up with it', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { email: 'guest@example.com', isEmailVerified: false });
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect((await signup(app, buildSignup({ email: 'guest@example.com' }))).statusCode).toBe(201);
    expect(await latestMailTo(app.db, 'guest@example.com', 'set-password')).toBeDefined();
  });

  it('refuses a username already used, whatever its case, for a new or a registered e-mail alike', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { email: 'taken@example.com', username: 'TakenName' });
    await insertUser(app.db, { email: 'other@example.com', username: 'OtherName' });
    for (const email of ['new@example.com', 'taken@example.com']) {
      const byName = await signup(app, buildSignup({ email, username: 'othername' }));
      expect(byName.statusCode).toBe(409);
      expect(ApiErrorSchema.parse(byName.json())).toEqual({
        code: 'CONFLICT',
        message: 'This username is already taken',
        fieldErrors: { username: ['This username is already taken'] },
      });
    }
    expect(await app.db.select().from(users)).toHaveLength(2);
  });

  it('answers 429 RATE_LIMITED after 5 sign-ups a minute from one client', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 5; i++) expect((await signup(app, { email: 'x' })).statusCode).toBe(400);
    const res = await signup(app, buildSignup());
    expect(res.statusCode).toBe(429);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/too many attempts/i);
  });

  it('does not limit when RATE_LIMIT is false', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    for (let i = 0; i < 7; i++) expect((await signup(app, { email: 'x' })).statusCode).toBe(400);
  });
});
