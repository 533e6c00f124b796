import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildTestApp, closeTestResources, injectAs } from '#tests/helpers/app.ts';
import { createSession, insertAdmin, insertUser } from '#tests/factories/users.ts';
import type { App } from '#server/app.ts';

// Every route the server registers, collected by an onRoute hook added to the root instance the moment
// buildApp creates it, so the matrix below is generated from the server's own route table and a new
// admin route can never be left out.
const registered = vi.hoisted(() => {
  // The setup file has already loaded the server modules with the real fastify; start afresh so the
  // server is loaded again, through the mock below.
  vi.resetModules();
  return [] as { method: string; url: string }[];
});
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const create = original.default as unknown as (options?: object) => FastifyInstance;
  const factory = ((options?: object) => {
    const instance = create(options);
    instance.addHook('onRoute', (route: RouteOptions) => {
      const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push({ method, url: route.url });
    });
    return instance;
  }) as unknown as typeof original.default;
  return { ...original, default: factory };
});

const PUBLIC_ADMIN_ROUTES = new Set([
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/login/code',
  'POST /api/admin/auth/2fa/verify',
  'POST /api/admin/auth/passkeys/authentication/options',
  'POST /api/admin/auth/passkeys/authentication',
]);

let app: App;

// This file has its own copy of the test helpers (see resetModules above), so it closes its own app
// and database.
afterAll(closeTestResources);
let adminRoutes: { method: string; url: string }[];

beforeAll(async () => {
  app = await buildTestApp();
  const seen = new Set<string>();
  adminRoutes = registered.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (
      r.method === 'HEAD' ||
      !r.url.startsWith('/api/admin/') ||
      PUBLIC_ADMIN_ROUTES.has(key) ||
      seen.has(key)
    ) {
      return false;
    }
    seen.add(key);
    return true;
  });
  // Guards every test below against passing vacuously on an empty route table.
  expect(adminRoutes.length).toBeGreaterThan(20);
});

/** A concrete URL for a route pattern: every :param becomes 1. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, '1');
}

function request(route: { method: string; url: string }) {
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const hasBody = !['GET', 'DELETE'].includes(method);
  return { method, url: sampleUrl(route.url), ...(hasBody ? { payload: {} } : {}) };
}

describe('admin authorization matrix (from the route table)', () => {
  it('finds the admin routes, including the back office ones', () => {
    const urls = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/customers',
        'PUT /api/admin/customers/:id',
        'GET /api/admin/orders',
        'POST /api/admin/artchip',
        'PATCH /api/admin/artchip/:id',
        'DELETE /api/admin/email-subscriptions/:id',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('answers 401 to every admin route without a token', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const res = await injectAs(app, null, request(route));
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every admin route with a user token', async () => {
    const { token } = await insertUser(app.db);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const res = await injectAs(app, token, request(route));
      if (res.statusCode !== 403) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to an admin whose session came from the user log-in', async () => {
    const { user } = await insertAdmin(app.db);
    const userSession = await createSession(app.db, user.id, 'user');
    const res = await injectAs(app, userSession, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(403);
  });

  it('lets an admin token through every admin route (neither 401 nor 403)', async () => {
    const { user } = await insertAdmin(app.db);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      // A fresh session per call: the log-out route revokes the one it is called with.
      const token = await createSession(app.db, user.id, 'admin');
      const res = await injectAs(app, token, request(route));
      if (res.statusCode === 401 || res.statusCode === 403) {
        failures.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
