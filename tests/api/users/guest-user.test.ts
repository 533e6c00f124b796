import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserSchema } from '#shared/users.schemas.ts';
import { createSetPasswordToken } from '#server/modules/auth/auth.service.ts';
import { findOrCreateGuestUser } from '#server/modules/users/users.service.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

describe('findOrCreateGuestUser', () => {
  it('creates a passwordless, unverified account with a username from the e-mail and an affiliate code', async () => {
    const app = await buildTestApp();
    const { user, isNew } = await findOrCreateGuestUser(app.db, ' Guest.Buyer@Example.com ');
    expect(isNew).toBe(true);
    expect(UserSchema.parse(user)).toMatchObject({
      email: 'guest.buyer@example.com',
      username: 'guest.buyer',
      isEmailVerified: false,
      role: 'user',
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    expect(row!.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('returns the existing account for a known e-mail, whatever its case', async () => {
    const app = await buildTestApp();
    const { user: existing } = await insertUser(app.db, { email: 'known@example.com' });
    const { user, isNew } = await findOrCreateGuestUser(app.db, 'KNOWN@example.com');
    expect(isNew).toBe(false);
    expect(user.id).toBe(existing.id);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });

  it('adds a suffix when the derived username is taken, and works inside a transaction', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { username: 'Buyer' });
    const { user } = await app.db.transaction((tx) => findOrCreateGuestUser(tx, 'buyer@example.com'));
    expect(user.username).toMatch(/^buyer_\d{4}$/);
  });

  it('lets two concurrent checkouts with one e-mail end with one account', async () => {
    const app = await buildTestApp();
    const results = await Promise.all([
      findOrCreateGuestUser(app.db, 'twice@example.com'),
      findOrCreateGuestUser(app.db, 'twice@example.com'),
    ]);
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });

  it('hands a set-password token the buyer can use at /set-password', async () => {
    const app = await buildTestApp();
    const { user } = await findOrCreateGuestUser(app.db, 'newbuyer@example.com');
    const token = await createSetPasswordToken(app.db, user.id, app.clock());
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, email: user.email, password: 'buyer-pass', confirmPassword: 'buyer-pass' },
    });
    expect(res.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'buyer-pass' },
    });
    expect(login.statusCode).toBe(200);
  });
});
