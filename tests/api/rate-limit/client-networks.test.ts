// Issue 25, finding 8: per-client limits count a client network (an IPv4 address, an IPv6 /64), so a
// client cannot rotate through the 2^64 addresses of its /64 to pass them (docs/decisions/041).
import { describe, expect, it } from 'vitest';
import { UPLOADS_PER_CLIENT } from '#server/modules/media/media.service.ts';
import { TOO_MANY_UPLOADS_MESSAGE } from '#shared/media.schemas.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { multipartBody } from '../media/images.ts';

/** POST /api/contact allows 5 a minute per client; an empty body still counts (the limit runs first). */
function contact(app: App, ip: string) {
  return app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: ip });
}

const notAnImage = Buffer.from('not an image at all\n'.repeat(10));

function upload(app: App, token: string, ip: string) {
  return injectAs(app, token, {
    method: 'POST',
    url: '/api/media',
    remoteAddress: ip,
    ...multipartBody({ filename: 'x.gif', contentType: 'image/gif', bytes: notAnImage }),
  });
}

describe('per-client rate limits', () => {
  it('count every address of an IPv6 /64 as one client, and the next /64 apart', async () => {
    const app = await buildTestApp();
    for (let i = 1; i <= 5; i++) expect((await contact(app, `2001:db8:4:4::${i}`)).statusCode).toBe(400);
    expect((await contact(app, '2001:db8:4:4:abcd::1')).statusCode).toBe(429);
    expect((await contact(app, '2001:db8:4:5::1')).statusCode).toBe(400);
  });

  it('count an IPv4-mapped address as the IPv4 address, and IPv4 addresses apart', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 5; i++) {
      expect((await contact(app, i % 2 ? '::ffff:203.0.113.70' : '203.0.113.70')).statusCode).toBe(400);
    }
    expect((await contact(app, '::ffff:203.0.113.70')).statusCode).toBe(429);
    expect((await contact(app, '203.0.113.71')).statusCode).toBe(400);
  });

  it('bound uploads per IPv6 /64 across accounts and addresses', async () => {
    const app = await buildTestApp();
    const accounts = await Promise.all([1, 2, 3].map(() => insertUser(app.db)));
    for (let i = 0; i < UPLOADS_PER_CLIENT.max; i++) {
      const { token } = accounts[i % accounts.length]!;
      expect((await upload(app, token, `2001:db8:6:6::${(i + 1).toString(16)}`)).statusCode).toBe(415);
    }
    const fresh = await insertUser(app.db);
    const refused = await upload(app, fresh.token, '2001:db8:6:6:1:2:3:4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_UPLOADS_MESSAGE });
    expect((await upload(app, fresh.token, '2001:db8:6:7::1')).statusCode).toBe(415);
  });
});
