import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { hasSessionCookie, readSessionCookie } from './session-cookies.ts';

/** What the session helpers read from a Cookie header, with @fastify/cookie parsing it as app.ts does. */
async function read(header: string | undefined) {
  const app = Fastify();
  await app.register(cookie);
  app.get('/', async (request) => ({
    user: readSessionCookie(request, 'user'),
    admin: readSessionCookie(request, 'admin'),
    any: hasSessionCookie(request),
  }));
  const res = await app.inject({ method: 'GET', url: '/', headers: header ? { cookie: header } : {} });
  await app.close();
  return res.json<{ user: string | null; admin: string | null; any: boolean }>();
}

describe('readSessionCookie', () => {
  it('reads the decoded value of the first cookie of the name', async () => {
    expect(await read('a=1; artchip_session=x%2By; artchip_session=2')).toEqual({
      user: 'x+y',
      admin: null,
      any: true,
    });
    expect(await read('artchip_admin_session=v; broken=%E0%A4%A')).toEqual({
      user: null,
      admin: 'v',
      any: true,
    });
  });

  it('ignores a value longer than any token, and requests without the cookies', async () => {
    expect(await read(`artchip_session=${'x'.repeat(201)}`)).toEqual({ user: null, admin: null, any: true });
    expect(await read('=v; flag; artchip_signed_in=1')).toEqual({ user: null, admin: null, any: false });
    expect(await read(undefined)).toEqual({ user: null, admin: null, any: false });
  });
});
