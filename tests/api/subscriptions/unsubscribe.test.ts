import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { SubscriptionChangeResponseSchema } from '#shared/subscriptions.schemas.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { findSubscription, insertSubscription } from '#tests/factories/subscriptions.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const URL_PATH = '/api/email-signup/unsubscribe';

async function subscribed(app: App) {
  const { row, confirmToken } = await insertSubscription(app.db, {
    status: 'confirmed',
    confirmedAt: new Date('2030-01-01T00:00:00Z'),
  });
  return { row, confirmToken };
}

describe('POST /api/email-signup/unsubscribe', () => {
  it('unsubscribes with the RFC 8058 one-click form post (token in the query)', async () => {
    const now = new Date('2030-03-01T08:00:00Z');
    const app = await buildTestApp({ clock: () => now });
    const { row } = await subscribed(app);
    const res = await app.inject({
      method: 'POST',
      url: `${URL_PATH}?token=${encodeURIComponent(row.unsubscribeToken)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(SubscriptionChangeResponseSchema.parse(res.json())).toEqual({
      status: 'unsubscribed',
      message: 'You have been unsubscribed',
    });
    expect(await findSubscription(app.db, row.email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: now,
    });
  });

  it('accepts the one-click post as multipart form data too', async () => {
    const app = await buildTestApp();
    const { row } = await subscribed(app);
    const boundary = 'artchipboundary';
    const res = await app.inject({
      method: 'POST',
      url: `${URL_PATH}?token=${encodeURIComponent(row.unsubscribeToken)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await findSubscription(app.db, row.email))?.status).toBe('unsubscribed');
  });

  it('unsubscribes with a JSON token from the page, and again harmlessly', async () => {
    const app = await buildTestApp();
    const { row } = await subscribed(app);
    const first = await app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: { token: row.unsubscribeToken },
    });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: { token: row.unsubscribeToken },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('unsubscribed');
  });

  it('makes an earlier confirmation link useless', async () => {
    const app = await buildTestApp();
    const { row, confirmToken } = await insertSubscription(app.db);
    await app.inject({ method: 'POST', url: URL_PATH, payload: { token: row.unsubscribeToken } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/email-signup/confirm',
      payload: { token: confirmToken },
    });
    expect(res.statusCode).toBe(400);
    expect((await findSubscription(app.db, row.email))?.status).toBe('unsubscribed');
  });

  it('rejects an unknown token and a missing one', async () => {
    const app = await buildTestApp();
    const { row } = await subscribed(app);
    const unknown = await app.inject({ method: 'POST', url: URL_PATH, payload: { token: 'nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(unknown.json())).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This unsubscribe link is invalid.',
    });
    const missing = await app.inject({ method: 'POST', url: URL_PATH, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This unsubscribe link is invalid.',
    });
    const noBody = await app.inject({ method: 'POST', url: URL_PATH });
    expect(noBody.statusCode).toBe(400);
    expect((await findSubscription(app.db, row.email))?.status).toBe('confirmed');
  });
});

describe('GET /api/email-signup/unsubscribe', () => {
  it('sends a browser to the unsubscribe page without unsubscribing', async () => {
    const app = await buildTestApp();
    const { row } = await subscribed(app);
    const res = await app.inject({
      method: 'GET',
      url: `${URL_PATH}?token=${encodeURIComponent(row.unsubscribeToken)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/email-list/unsubscribe?token=${encodeURIComponent(row.unsubscribeToken)}`,
    );
    expect((await findSubscription(app.db, row.email))?.status).toBe('confirmed');
  });
});
