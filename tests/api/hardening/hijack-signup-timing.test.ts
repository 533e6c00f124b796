// Issue 25, finding 8: sign-up answered a registered e-mail in 34 ms and a new one in 133 ms, so its
// timing told which e-mails have accounts. Both cases now hash the password first, then run the same
// database statements and queue one mail. Counted, not timed: the statements each sign-up sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildSignup, mailsTo } from '#tests/factories/auth.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The statements one request sends, by their verb and table (e.g. "insert into users"). Every
 * session of the driver (transactions included) prepares its queries through one prototype method.
 */
async function statementsOf(app: App, send: () => Promise<{ statusCode: number }>) {
  const session = (app.db as unknown as { session: object }).session;
  const proto = Object.getPrototypeOf(session) as { prepareQuery: (q: { sql: string }) => unknown };
  const spy = vi.spyOn(proto, 'prepareQuery');
  const res = await send();
  expect(res.statusCode).toBe(201);
  const statements = spy.mock.calls.map(([query]) => {
    const text = query.sql.toLowerCase();
    const verb = /^\s*(select|insert|update|delete|with)/.exec(text)?.[1] ?? text.slice(0, 12);
    const table = /(?:from|into|update)\s+"([a-z_]+)"/.exec(text)?.[1] ?? '';
    return `${verb} ${table}`;
  });
  spy.mockRestore();
  return statements;
}

describe('POST /api/auth/signup timing', () => {
  it('sends the same statements for a registered e-mail as for a new one', async () => {
    const app = await buildTestApp();
    const registered = await insertUser(app.db);
    const signup = (body: Record<string, unknown>) => () =>
      app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });

    const fresh = buildSignup();
    const forNew = await statementsOf(app, signup(fresh));
    const forRegistered = await statementsOf(app, signup(buildSignup({ email: registered.user.email })));

    expect(forNew).toContain('insert users');
    expect(forNew).toContain('insert mail_outbox');
    expect(forRegistered).toEqual(forNew);
    // Each queued exactly one mail, to the address signed up with.
    expect(await mailsTo(app.db, fresh.email)).toHaveLength(1);
    expect(await mailsTo(app.db, registered.user.email)).toHaveLength(1);
  });
});
