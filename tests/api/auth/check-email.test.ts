import { describe, expect, it } from 'vitest';
import { CheckEmailResponseSchema } from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

describe.each(['/api/auth/check-email', '/api/check-email'])('POST %s', (url) => {
  it('tells whether an account uses the e-mail, whatever its case', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { email: 'known@example.com' });
    const known = await app.inject({ method: 'POST', url, payload: { email: 'Known@Example.com' } });
    expect(known.statusCode).toBe(200);
    expect(CheckEmailResponseSchema.parse(known.json())).toEqual({ exists: true });
    const unknown = await app.inject({ method: 'POST', url, payload: { email: 'new@example.com' } });
    expect(CheckEmailResponseSchema.parse(unknown.json())).toEqual({ exists: false });
  });

  it('rejects an invalid e-mail', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'POST', url, payload: { email: 'a@' } });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
    });
  });

  it('answers 429 RATE_LIMITED after 30 checks a minute', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 30; i++) {
      expect(
        (await app.inject({ method: 'POST', url, payload: { email: `a${i}@example.com` } })).statusCode,
      ).toBe(200);
    }
    const res = await app.inject({ method: 'POST', url, payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  });
});
