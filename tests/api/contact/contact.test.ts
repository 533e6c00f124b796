import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ContactMessageSentSchema } from '#shared/contact.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { contactMessages } from '#server/modules/contact/contact.table.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { mailsTo } from '#tests/factories/subscriptions.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const SUPPORT = 'help@artchip.test';
const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Shipping',
  message: 'Where is my chip?',
};

function send(app: App, payload: unknown, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
}

describe('POST /api/contact', () => {
  it('stores the message and mails it to support with reply-to the sender', async () => {
    const app = await buildTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
    const res = await send(app, { ...VALID, email: ' Ada@Example.com ' });
    expect(res.statusCode).toBe(200);
    const body = ContactMessageSentSchema.parse(res.json());
    expect(body.message).toBe("We'll get back to you within 24 hours.");
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ ...VALID, status: 'new' });
    const [mail, ...more] = await mailsTo(app.db, SUPPORT);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: '[Contact] Shipping', headers: { 'Reply-To': 'ada@example.com' } });
    expect(mail!.text).toContain('Where is my chip?');
    expect(mail!.text).toContain('Ada Lovelace');
    await app.mailer.flush();
    const [sent] = await mailsTo(app.db, SUPPORT);
    expect(sent!.status).toBe('sent');
  });

  it('keeps the mail subject on one line and escapes the HTML body', async () => {
    const app = await buildTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
    await send(app, { ...VALID, subject: 'Hi\r\nBcc: victim@example.com', message: '<script>x</script>' });
    const [mail] = await mailsTo(app.db, SUPPORT);
    expect(mail!.subject).toBe('[Contact] Hi Bcc: victim@example.com');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it.each([
    ['name', 'empty', 'Name is required', ''],
    ['name', 'blank', 'Name is required', '   '],
    ['email', 'empty', 'Email is required', ''],
    ['email', 'invalid', 'Please enter a valid email address', 'nope'],
    ['subject', 'empty', 'Subject is required', ''],
    ['message', 'empty', 'Message is required', ''],
    ['message', '5001 characters', 'Message must be 5000 characters or less', 'x'.repeat(5001)],
    ['subject', '201 characters', 'Subject must be 200 characters or less', 'x'.repeat(201)],
    ['name', '101 characters', 'Name must be 100 characters or less', 'x'.repeat(101)],
  ])('rejects %s (%s) with "%s"', async (field, _label, message, value) => {
    const app = await buildTestApp();
    const res = await send(app, { ...VALID, [field]: value });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(body.fieldErrors?.[field]).toEqual([message]);
    expect(await app.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('reports every missing field', async () => {
    const app = await buildTestApp();
    const res = await send(app, {});
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).fieldErrors).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
  });

  it('allows 5 messages a minute per client', async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 5; i++) expect((await send(app, VALID)).statusCode).toBe(200);
    const limited = await send(app, VALID);
    expect(limited.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(limited.json()).code).toBe('RATE_LIMITED');
    expect(await app.db.select().from(contactMessages)).toHaveLength(5);
    expect((await send(app, VALID, '10.0.0.9')).statusCode).toBe(200);
  });
});
