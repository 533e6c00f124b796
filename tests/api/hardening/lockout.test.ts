// Issue 25, finding 4: one wrong password about every 15 minutes kept the right one refused (429)
// for anyone's account, the admin's included. The back-off now counts per account from each client
// and per account from all clients together, and while it runs the right password gets a mailed
// code instead of a refusal (docs/decisions/036).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AdminLoginResponseSchema,
  AuthSessionSchema,
  LoginCodeRequiredSchema,
} from '#shared/auth.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { sessions } from '#server/modules/auth/auth.table.ts';
import { rateLimitBackoffs } from '#server/platform/rate-limit/rate-limit.table.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { mailsTo } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

// Each address makes at most 10 log-ins a minute here: the per-client limit counts by the database's clock.
const STRANGER = '198.51.100.7';
const SHARED = '198.51.100.8';
const OWNER = '203.0.113.5';
const USER_LOGIN = '/api/auth/login';
const ADMIN_LOGIN = '/api/admin/auth/login';

function logIn(app: App, from: string, email: string, password: string, url = USER_LOGIN) {
  return app.inject({ method: 'POST', url, remoteAddress: from, payload: { email, password } });
}

function sendCode(app: App, from: string, challenge: string, code: string, url = `${USER_LOGIN}/code`) {
  return app.inject({ method: 'POST', url, remoteAddress: from, payload: { challenge, code } });
}

/** Wrong passwords for `email`, each answered without a session. */
async function failLogIns(
  app: App,
  from: string | ((i: number) => string),
  email: string,
  times: number,
  url = USER_LOGIN,
) {
  for (let i = 0; i < times; i++) {
    const res = await logIn(app, typeof from === 'string' ? from : from(i), email, 'wrong-password', url);
    expect([200, 401, 404]).toContain(res.statusCode);
    expect(res.json()).not.toHaveProperty('token');
  }
}

async function loginCodeMails(app: App, email: string) {
  return (await mailsTo(app.db, email)).filter((m) => m.template === 'login-code');
}

/** The code in the newest sign-in code mail to `email`. */
async function mailedCode(app: App, email: string): Promise<string> {
  const mails = await loginCodeMails(app, email);
  const text = mails.at(-1)?.text ?? '';
  const code = /code on the log-in page: (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`No sign-in code mailed to ${email}`);
  return code;
}

async function setup() {
  const clock = { now: new Date('2030-01-01T00:00:00Z') };
  const app = await buildTestApp({ clock: () => clock.now });
  const owner = await insertUser(app.db, { email: 'jane@example.com', firstName: 'Jane' });
  return { app, clock, owner };
}

// Many log-ins, each an argon2 check: generous time on a busy machine.
describe('log-in back-off per account and client, with a mailed code past it', { timeout: 120_000 }, () => {
  it("does not stop the owner at their address for a stranger's wrong passwords from another", async () => {
    const { app, owner } = await setup();
    await failLogIns(app, STRANGER, owner.user.email, 10);
    const res = await logIn(app, OWNER, owner.user.email, owner.password);
    expect(res.statusCode).toBe(200);
    expect(AuthSessionSchema.parse(res.json()).user.id).toBe(owner.user.id);
    // The stranger's own tries stop at the per-client allowance (10 a minute) without touching the owner's.
    expect((await logIn(app, STRANGER, owner.user.email, 'guess')).statusCode).toBe(429);
    expect((await logIn(app, OWNER, owner.user.email, owner.password)).statusCode).toBe(200);
  });

  it("lets an owner sharing the stranger's address in with the mailed code", async () => {
    const { app, owner } = await setup();
    await failLogIns(app, STRANGER, owner.user.email, 5);

    const res = await logIn(app, STRANGER, owner.user.email, owner.password);
    expect(res.statusCode).toBe(200);
    const step = LoginCodeRequiredSchema.parse(res.json());
    expect(step.message).toMatch(/e-mailed you a sign-in code/);
    expect(res.cookies.find((c) => c.name === 'artchip_session')).toBeUndefined();
    const code = await mailedCode(app, owner.user.email);

    const done = await sendCode(app, STRANGER, step.challenge, code);
    expect(done.statusCode, done.body).toBe(200);
    const session = AuthSessionSchema.parse(done.json());
    expect(session.user.id).toBe(owner.user.id);
    expect(done.cookies.find((c) => c.name === 'artchip_session')?.value).toBe(session.token);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    expect(row).toMatchObject({ userId: owner.user.id, kind: 'user' });
    // Getting in forgets the failures: the next log-in needs the password only.
    expect(await app.db.select().from(rateLimitBackoffs)).toHaveLength(0);
    expect(
      AuthSessionSchema.safeParse((await logIn(app, STRANGER, owner.user.email, owner.password)).json())
        .success,
    ).toBe(true);
  });

  it('asks every client for the code once failures from many addresses add up', async () => {
    const { app, owner } = await setup();
    await failLogIns(app, (i) => `10.7.0.${i + 1}`, owner.user.email, 20);
    // Under the per-client threshold everywhere, but the account as a whole is backing off.
    const res = await logIn(app, OWNER, owner.user.email, owner.password);
    const step = LoginCodeRequiredSchema.parse(res.json());
    const done = await sendCode(app, OWNER, step.challenge, await mailedCode(app, owner.user.email));
    expect(done.statusCode, done.body).toBe(200);
  });

  it('answers a wrong password under back-off exactly as the right one, and mails nothing', async () => {
    const { app, owner } = await setup();
    const ghost = 'nobody@example.com';
    await failLogIns(app, STRANGER, owner.user.email, 5);
    await failLogIns(app, SHARED, ghost, 5);
    const wrong = await logIn(app, STRANGER, owner.user.email, 'still-wrong');
    const unknown = await logIn(app, SHARED, ghost, 'anything');
    const right = await logIn(app, STRANGER, owner.user.email, owner.password);
    for (const res of [wrong, unknown, right]) expect(res.statusCode).toBe(200);
    const [a, b, c] = [wrong, unknown, right].map((r) => LoginCodeRequiredSchema.parse(r.json()));
    expect(a!.message).toBe(c!.message);
    expect(b!.message).toBe(c!.message);
    expect(a!.challenge).toHaveLength(c!.challenge.length);
    expect(await loginCodeMails(app, owner.user.email)).toHaveLength(1);
    // The challenge a wrong password got leads nowhere, whatever code is sent with it.
    const res = await sendCode(app, STRANGER, a!.challenge, await mailedCode(app, owner.user.email));
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('INVALID_TOKEN');
  });

  it('refuses a wrong code, a used one and an expired one', async () => {
    const { app, clock, owner } = await setup();
    await failLogIns(app, STRANGER, owner.user.email, 5);
    const first = LoginCodeRequiredSchema.parse(
      (await logIn(app, STRANGER, owner.user.email, owner.password)).json(),
    );
    const code = await mailedCode(app, owner.user.email);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await sendCode(app, STRANGER, first.challenge, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json())).toEqual({
      code: 'INVALID_TOKEN',
      message: 'That code is not right. Please check the e-mail and try again.',
    });
    expect((await sendCode(app, STRANGER, first.challenge, code)).statusCode).toBe(200);
    const reused = await sendCode(app, STRANGER, first.challenge, code);
    expect(reused.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(reused.json()).message).toBe(
      'This code no longer works. Please log in again to get a new one.',
    );

    // A code lives 10 minutes.
    await failLogIns(app, SHARED, owner.user.email, 5);
    const second = LoginCodeRequiredSchema.parse(
      (await logIn(app, SHARED, owner.user.email, owner.password)).json(),
    );
    const secondCode = await mailedCode(app, owner.user.email);
    clock.now = new Date(clock.now.getTime() + 10 * 60_000 + 1000);
    const expired = await sendCode(app, SHARED, second.challenge, secondCode);
    expect(expired.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(expired.json())).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'This code has expired. Please log in again to get a new one.',
    });
    // A malformed code is a validation error, not a try.
    expect((await sendCode(app, SHARED, second.challenge, '12ab')).statusCode).toBe(400);
  });

  it('gives each code five tries and each account five codes an hour', async () => {
    const { app, owner } = await setup();
    await failLogIns(app, STRANGER, owner.user.email, 5);
    const step = LoginCodeRequiredSchema.parse(
      (await logIn(app, STRANGER, owner.user.email, owner.password)).json(),
    );
    const code = await mailedCode(app, owner.user.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await sendCode(app, OWNER, step.challenge, wrongCode)).statusCode).toBe(400);
    const late = await sendCode(app, OWNER, step.challenge, code);
    expect(late.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(late.json()).message).toMatch(/no longer works/);

    // Four more codes from this address, then a sixth try from another: no sixth mail within the hour.
    const askForCode = async (from: string) =>
      LoginCodeRequiredSchema.parse((await logIn(app, from, owner.user.email, owner.password)).json());
    for (let i = 0; i < 4; i++) await askForCode(STRANGER);
    expect(await loginCodeMails(app, owner.user.email)).toHaveLength(5);
    await failLogIns(app, SHARED, owner.user.email, 5);
    await askForCode(SHARED);
    expect(await loginCodeMails(app, owner.user.email)).toHaveLength(5);
  });
});

describe('the admin log-in under back-off', { timeout: 120_000 }, () => {
  it('lets the admin in with the mailed code, into an admin session', async () => {
    const { app } = await setup();
    const admin = await insertAdmin(app.db, { email: 'boss@example.com', firstName: 'Bo' });
    await failLogIns(app, STRANGER, admin.user.email, 5, ADMIN_LOGIN);

    const res = await logIn(app, STRANGER, admin.user.email, admin.password, ADMIN_LOGIN);
    expect(res.statusCode).toBe(200);
    const step = LoginCodeRequiredSchema.parse(res.json());
    const code = await mailedCode(app, admin.user.email);
    expect((await loginCodeMails(app, admin.user.email))[0]!.subject).toMatch(/admin sign-in code/);

    // An admin code opens only the admin log-in.
    expect((await sendCode(app, STRANGER, step.challenge, code)).statusCode).toBe(400);
    const ok = await sendCode(app, STRANGER, step.challenge, code, `${ADMIN_LOGIN}/code`);
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = AdminLoginResponseSchema.parse(ok.json());
    expect(answer.admin).toEqual({ firstName: 'Bo', username: admin.user.username, email: admin.user.email });
    expect(ok.cookies.find((c) => c.name === 'artchip_admin_session')?.value).toBe(answer.token);
    expect((await injectAs(app, answer.token, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(
      200,
    );
  });

  it('mails no code to a non-admin and tells an unknown e-mail nothing while backing off', async () => {
    const { app, owner } = await setup();
    await failLogIns(app, STRANGER, owner.user.email, 5, ADMIN_LOGIN);
    await failLogIns(app, SHARED, 'ghost@example.com', 5, ADMIN_LOGIN);
    const customer = await logIn(app, STRANGER, owner.user.email, owner.password, ADMIN_LOGIN);
    const ghost = await logIn(app, SHARED, 'ghost@example.com', 'x', ADMIN_LOGIN);
    for (const res of [customer, ghost]) {
      expect(res.statusCode).toBe(200);
      LoginCodeRequiredSchema.parse(res.json());
    }
    expect(await loginCodeMails(app, owner.user.email)).toHaveLength(0);
  });
});
