import { describe, expect, it } from 'vitest';
import { AuthSessionSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const change = (app: App, token: string | null, body: Record<string, unknown>) =>
  injectAs(app, token, { method: 'POST', url: '/api/users/change-password', payload: body });
const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/users/change-password', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const app = await buildTestApp();
    const { user, token, password } = await insertUser(app.db);
    const other = AuthSessionSchema.parse((await login(app, user.email, password)).json()).token;
    const res = await change(app, token, {
      currentPassword: password,
      newPassword: 'another-pass',
      confirmPassword: 'another-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(res.json()).message).toMatch(/changed/i);
    expect((await login(app, user.email, password)).statusCode).toBe(401);
    expect((await login(app, user.email, 'another-pass')).statusCode).toBe(200);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    expect((await injectAs(app, other, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('refuses a wrong current password with a field error', async () => {
    const app = await buildTestApp();
    const { user, token, password } = await insertUser(app.db);
    const res = await change(app, token, {
      currentPassword: 'wrong-one',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).fieldErrors).toEqual({
      currentPassword: ['Current password is incorrect'],
    });
    expect((await login(app, user.email, password)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [
      { newPassword: '1234567', confirmPassword: '1234567' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'different' }, 'confirmPassword', 'Passwords do not match'],
  ])('rejects %o with "%s: %s"', async (override, field, message) => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const body = {
      currentPassword: 'password123',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
      ...override,
    };
    const res = await change(app, token, body);
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors?.[field]).toEqual([message]);
  });

  it('needs a session', async () => {
    const app = await buildTestApp();
    const res = await change(app, null, {
      currentPassword: 'a',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 RATE_LIMITED after 5 attempts a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    const { token } = await insertUser(app.db);
    for (let i = 0; i < 5; i++) expect((await change(app, token, {})).statusCode).toBe(400);
    const res = await change(app, token, {});
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});
