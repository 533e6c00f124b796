// Issue 25, finding 8: an admin's rights follow the admin session (the admin log-in, 12 hours), not
// the role; their ordinary 30-day session from the user log-in acts as a customer's everywhere.
import { describe, expect, it } from 'vitest';
import { AdminLoginResponseSchema, AuthSessionSchema } from '#shared/auth.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { createSession, insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrderRow } from '#tests/factories/admin.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function setup() {
  const app = await buildTestApp();
  const { user: admin, password } = await insertAdmin(app.db, { email: 'boss@example.com' });
  const buyer = await insertUser(app.db);
  const creator = await insertUser(app.db);
  const order = await insertOrderRow(app.db, { buyerId: buyer.user.id });
  const pending = await insertChip(app.db, { creatorId: creator.user.id, status: 'removed' });
  const chipUrl = `/api/artchip/${creator.user.username}/${pending.slug}`;
  return { app, admin, password, order, chipUrl };
}

async function logIn(app: App, url: string, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('admin rights come only with the admin session', () => {
  it("acts as a customer in the admin's ordinary session, by bearer", async () => {
    const { app, admin, password, order, chipUrl } = await setup();
    const res = await logIn(app, '/api/auth/login', admin.email, password);
    const { token } = AuthSessionSchema.parse(res.json());

    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(403);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(403);
    // Someone else's order and a taken-down chip: as hidden as from any customer.
    expect((await injectAs(app, token, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(
      404,
    );
    expect((await injectAs(app, token, { method: 'GET', url: chipUrl })).statusCode).toBe(404);
  });

  it("acts as a customer in the admin's ordinary session, by cookie", async () => {
    const { app, admin, password, order, chipUrl } = await setup();
    const res = await logIn(app, '/api/auth/login', admin.email, password);
    const cookie = res.cookies.find((c) => c.name === 'artchip_session');
    expect(cookie).toBeDefined();
    const headers = { cookie: `artchip_session=${cookie!.value}` };
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: chipUrl, headers })).statusCode).toBe(404);
    // Its own things stay its own: the account itself is still there.
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
  });

  it('has the admin rights in the session from the admin log-in', async () => {
    const { app, admin, password, order, chipUrl } = await setup();
    const res = await logIn(app, '/api/admin/auth/login', admin.email, password);
    const { token } = AdminLoginResponseSchema.parse(res.json());
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(200);
    expect((await injectAs(app, token, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(
      200,
    );
    expect((await injectAs(app, token, { method: 'GET', url: chipUrl })).statusCode).toBe(200);
  });

  it('gives no admin rights to a customer whose session is of the admin kind', async () => {
    const { app, order } = await setup();
    // A session row of kind admin for an account whose role is user (demoted since, say).
    const demoted = await insertUser(app.db);
    const token = await createSession(app.db, demoted.user.id, 'admin');
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(403);
    expect((await injectAs(app, token, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(
      404,
    );
  });
});
