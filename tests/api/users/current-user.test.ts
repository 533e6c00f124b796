import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { UserSchema } from '#shared/users.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

describe('GET /api/auth/user', () => {
  it('returns the signed-in user with the spec §3 fields and the count of chips they created', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db, {
      paypalEmail: 'pay@example.com',
      affiliateCode: 'MYCODE22',
    });
    const { user: other } = await insertUser(app.db);
    await app.db.insert(chips).values([
      { creatorId: user.id, title: 'One', slug: 'one' },
      { creatorId: user.id, title: 'Two', slug: 'two' },
      { creatorId: other.id, ownerId: user.id, title: 'Bought', slug: 'bought' },
    ]);
    const res = await injectAs(app, token, { method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(UserSchema.parse(res.json())).toEqual({
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: 'Test',
      lastName: 'User',
      paypalEmail: 'pay@example.com',
      affiliateCode: 'MYCODE22',
      profileImageUrl: null,
      isEmailVerified: true,
      totalMinted: 2,
      role: 'user',
      createdAt: user.createdAt.toISOString(),
    });
    expect(Object.keys(res.json<object>())).not.toContain('passwordHash');
  });

  it('answers 401 without a session, with an unknown token and after the session expired', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    for (const t of [null, 'unknown-token']) {
      const res = await injectAs(app, t, { method: 'GET', url: '/api/auth/user' });
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
    }
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await injectAs(app, token, { method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });
});
