import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { TotpSetupSchema, TwoFactorStatusSchema } from '#shared/two-factor.schemas.ts';
import { totpFactors } from '#server/modules/auth/auth.table.ts';
import { totpSecretsBootstrapStep } from '#server/modules/auth/index.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const storedSecret = async (app: App, userId: number) =>
  (await app.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0]!.secret;

/** A secret as decision 072 stored it, before encryption. */
const PLAIN = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function plainFactor(app: App, userId: number, enabledAt: Date) {
  await app.db.insert(totpFactors).values({ userId, secret: PLAIN, enabledAt });
}

describe('authenticator-app secrets at rest (decision 075)', () => {
  it('stores the secret sealed, not the base32 the app is given, and the codes still work', async () => {
    const now = new Date();
    const app = await buildTestApp({ clock: () => now });
    const { user, token } = await insertUser(app.db);
    const setup = TotpSetupSchema.parse(
      (await injectAs(app, token, { method: 'POST', url: '/api/auth/2fa/totp' })).json(),
    );
    const stored = await storedSecret(app, user.id);
    expect(stored).not.toContain(setup.secret);
    expect(stored).toMatch(/^v1:/);
    const confirm = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      payload: { code: await generate({ secret: setup.secret, epoch: Math.floor(now.getTime() / 1000) }) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await storedSecret(app, user.id)).toBe(stored);
  });

  it('a secret stored in the clear still signs in, and is sealed when read', async () => {
    const now = new Date();
    const app = await buildTestApp({ clock: () => now });
    const { user, password } = await insertUser(app.db);
    await plainFactor(app, user.id, now);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const { challenge } = login.json<{ challenge: string }>();
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: {
        challenge,
        code: await generate({ secret: PLAIN, epoch: Math.floor(now.getTime() / 1000) }),
      },
    });
    expect(verify.statusCode).toBe(200);
    expect(await storedSecret(app, user.id)).toMatch(/^v1:/);
  });

  it('start-up seals every secret still in the clear', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    await plainFactor(app, user.id, new Date());
    await totpSecretsBootstrapStep.run(app);
    expect(await storedSecret(app, user.id)).toMatch(/^v1:/);
    const status = await injectAs(app, token, { method: 'GET', url: '/api/auth/2fa' });
    expect(TwoFactorStatusSchema.parse(status.json()).totpEnabled).toBe(true);
  });
});
