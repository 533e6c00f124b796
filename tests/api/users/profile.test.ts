import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { UserSchema } from '#shared/users.schemas.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const VALID = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'grace_h',
  paypalEmail: 'grace@pay.example',
};
// A new PayPal e-mail needs the current password (decision 071): the factory's, unless a test says.
const update = (app: App, token: string | null, body: Record<string, unknown>) =>
  injectAs(app, token, {
    method: 'PUT',
    url: '/api/users/profile',
    payload: { currentPassword: 'password123', ...body },
  });

describe('PUT /api/users/profile', () => {
  it('updates names, username and PayPal e-mail of the signed-in user only', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    const { user: other } = await insertUser(app.db);
    const res = await update(app, token, { ...VALID, firstName: '  Grace ' });
    expect(res.statusCode).toBe(200);
    expect(UserSchema.parse(res.json())).toMatchObject({ id: user.id, ...VALID });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject(VALID);
    const [untouched] = await app.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched!.username).toBe(other.username);
  });

  it('clears the PayPal e-mail when it is empty, and keeps it when it is left out', async () => {
    const app = await buildTestApp();
    const { token, user } = await insertUser(app.db, { paypalEmail: 'old@pay.example' });
    const kept = await update(app, token, { firstName: 'A', lastName: 'B', username: user.username });
    expect(UserSchema.parse(kept.json()).paypalEmail).toBe('old@pay.example');
    const cleared = await update(app, token, {
      firstName: 'A',
      lastName: 'B',
      username: user.username,
      paypalEmail: '',
    });
    expect(UserSchema.parse(cleared.json()).paypalEmail).toBeNull();
  });

  it('refuses a username someone else has, whatever its case, with a field error', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { username: 'TakenName' });
    const { token } = await insertUser(app.db);
    const res = await update(app, token, { ...VALID, username: 'takenNAME' });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'CONFLICT',
      message: 'This username is already taken',
      fieldErrors: { username: ['This username is already taken'] },
    });
  });

  it('lets a user change the case of their own username', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db, { username: 'myname' });
    const res = await update(app, token, { ...VALID, username: 'MyName' });
    expect(res.statusCode).toBe(200);
    expect(UserSchema.parse(res.json()).username).toBe('MyName');
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ paypalEmail: 'not-an-email' }, 'paypalEmail', 'Must be a valid email address'],
  ])('rejects %o with "%s: %s"', async (override, field, message) => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const res = await update(app, token, { ...VALID, ...override });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(body.fieldErrors?.[field]).toEqual([message]);
  });

  it('needs a session', async () => {
    const app = await buildTestApp();
    const res = await update(app, null, VALID);
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
  });
});
