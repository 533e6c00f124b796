import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AuditPageSchema, MailLogPageSchema } from '#shared/admin.schemas.ts';
import { EmailSubscriptionPageSchema, EmailSubscriptionSchema } from '#shared/subscriptions.schemas.ts';
import { ContactMessagePageSchema, ContactMessageSchema } from '#shared/contact.schemas.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin } from '#tests/factories/users.ts';
import { insertSubscription } from '#tests/factories/subscriptions.ts';
import { insertContactMessageRow, insertMailRow } from '#tests/factories/admin.ts';

async function setup() {
  const app = await buildTestApp();
  const { token, user: admin } = await insertAdmin(app.db);
  return { app, token, admin };
}

describe('email subscriptions', () => {
  it('lists newest first, filtered by status', async () => {
    const { app, token } = await setup();
    const a = await insertSubscription(app.db, { email: 'a@example.com', status: 'confirmed' });
    const b = await insertSubscription(app.db, { email: 'b@example.com' });
    const all = EmailSubscriptionPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/email-subscriptions' })).json(),
    );
    expect(all.items.map((s) => s.id)).toEqual([b.row.id, a.row.id]);
    const confirmed = EmailSubscriptionPageSchema.parse(
      (
        await injectAs(app, token, { method: 'GET', url: '/api/admin/email-subscriptions?status=confirmed' })
      ).json(),
    );
    expect(confirmed.items.map((s) => s.email)).toEqual(['a@example.com']);
  });

  it('edits e-mail and status, audited', async () => {
    const { app, token } = await setup();
    const { row } = await insertSubscription(app.db, { email: 'old@example.com' });
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/email-subscriptions/${row.id}`,
      payload: { email: 'New@Example.com', status: 'unsubscribed' },
    });
    expect(res.statusCode).toBe(200);
    const updated = EmailSubscriptionSchema.parse(res.json());
    expect(updated).toMatchObject({ email: 'new@example.com', status: 'unsubscribed' });
    expect(updated.unsubscribedAt).not.toBeNull();
    const audit = AuditPageSchema.parse(
      (
        await injectAs(app, token, { method: 'GET', url: '/api/admin/audit?entity=email_subscription' })
      ).json(),
    );
    expect(audit.items[0]).toMatchObject({ action: 'email_subscription.update' });
    expect(audit.items[0]!.before).toMatchObject({ email: 'old@example.com', status: 'not_confirmed' });
  });

  it.each([
    [{ email: '', status: 'confirmed' }, 'Email is required'],
    [{ email: 'x@example.com', status: 'maybe' }, 'Invalid status'],
  ])('rejects %o', async (payload, message) => {
    const { app, token } = await setup();
    const { row } = await insertSubscription(app.db);
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/email-subscriptions/${row.id}`,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
  });

  it('answers 409 when the new address is already on the list, 404 for an unknown id', async () => {
    const { app, token } = await setup();
    await insertSubscription(app.db, { email: 'taken@example.com' });
    const { row } = await insertSubscription(app.db);
    const clash = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/email-subscriptions/${row.id}`,
      payload: { email: 'taken@example.com', status: 'confirmed' },
    });
    expect(clash.statusCode).toBe(409);
    const missing = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/email-subscriptions/9999',
      payload: { email: 'z@example.com', status: 'confirmed' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a subscription, audited', async () => {
    const { app, token } = await setup();
    const { row } = await insertSubscription(app.db);
    const res = await injectAs(app, token, {
      method: 'DELETE',
      url: `/api/admin/email-subscriptions/${row.id}`,
    });
    expect(res.statusCode).toBe(204);
    const list = EmailSubscriptionPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/email-subscriptions' })).json(),
    );
    expect(list.items).toEqual([]);
    const again = await injectAs(app, token, {
      method: 'DELETE',
      url: `/api/admin/email-subscriptions/${row.id}`,
    });
    expect(again.statusCode).toBe(404);
    const audit = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit' })).json(),
    );
    expect(audit.items[0]).toMatchObject({ action: 'email_subscription.delete', after: null });
  });

  it('exports CSV with formula-looking cells neutralised', async () => {
    const { app, token } = await setup();
    await insertSubscription(app.db, { email: '=cmd|calc@example.com' });
    await insertSubscription(app.db, { email: 'plain"quote@example.com', status: 'confirmed' });
    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/email-subscriptions.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,status,created_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=cmd|calc@example.com"`);
    expect(res.body).toContain('"plain""quote@example.com"');
    const filtered = await injectAs(app, token, {
      method: 'GET',
      url: '/api/admin/email-subscriptions.csv?status=confirmed',
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('contact messages', () => {
  it('lists messages and marks one read, then archived', async () => {
    const { app, token } = await setup();
    const first = await insertContactMessageRow(app.db, { subject: 'First' });
    await insertContactMessageRow(app.db, { subject: 'Second' });
    const list = ContactMessagePageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/messages' })).json(),
    );
    expect(list.items.map((m) => m.subject)).toEqual(['Second', 'First']);
    const read = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/messages/${first.id}`,
      payload: { status: 'read' },
    });
    expect(ContactMessageSchema.parse(read.json()).status).toBe('read');
    await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/messages/${first.id}`,
      payload: { status: 'archived' },
    });
    const archived = ContactMessagePageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/messages?status=archived' })).json(),
    );
    expect(archived.items.map((m) => m.id)).toEqual([first.id]);
  });

  it('rejects other statuses and unknown messages', async () => {
    const { app, token } = await setup();
    const msg = await insertContactMessageRow(app.db);
    const bad = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/messages/${msg.id}`,
      payload: { status: 'new' },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).message).toBe('Status must be read or archived');
    const missing = await injectAs(app, token, {
      method: 'PATCH',
      url: '/api/admin/messages/999',
      payload: { status: 'read' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('mail log', () => {
  it('shows recipient, subject, state, attempts and last error, without bodies', async () => {
    const { app, token } = await setup();
    await insertMailRow(app.db, { status: 'failed', attempts: 6, lastError: 'SMTP down' });
    await insertMailRow(app.db, { to: 'ok@example.com', status: 'sent', attempts: 1 });
    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/mail' });
    const page = MailLogPageSchema.parse(res.json());
    expect(page.items.map((m) => [m.to, m.status])).toEqual([
      ['ok@example.com', 'sent'],
      ['bob@example.com', 'failed'],
    ]);
    expect(page.items[1]).toMatchObject({ attempts: 6, lastError: 'SMTP down', subject: 'Welcome' });
    expect(res.body).not.toContain('<p>Hi</p>');
    const failed = MailLogPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/mail?status=failed' })).json(),
    );
    expect(failed.items).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('is newest first, filterable by entity and admin, keyset-paginated', async () => {
    const { app, token, admin } = await setup();
    const { user: other } = await insertAdmin(app.db);
    await app.db.transaction(async (tx) => {
      for (let i = 1; i <= 3; i++) {
        await recordAudit(tx, {
          adminId: admin.id,
          action: 'x.update',
          entity: 'thing',
          entityId: i,
          before: { n: i - 1 },
          after: { n: i },
        });
      }
      await recordAudit(tx, {
        adminId: other.id,
        action: 'y.update',
        entity: 'other',
        entityId: null,
        before: null,
        after: undefined,
      });
    });
    const get = async (qs: string) =>
      AuditPageSchema.parse(
        (await injectAs(app, token, { method: 'GET', url: `/api/admin/audit${qs}` })).json(),
      );
    expect((await get('')).items.map((e) => e.action)).toEqual([
      'y.update',
      'x.update',
      'x.update',
      'x.update',
    ]);
    expect((await get('?entity=thing')).items.map((e) => e.entityId)).toEqual(['3', '2', '1']);
    expect((await get(`?adminId=${other.id}`)).items).toMatchObject([
      { entity: 'other', after: null, adminUsername: other.username },
    ]);
    const p1 = await get('?entity=thing&limit=2');
    expect(p1.items.map((e) => e.entityId)).toEqual(['3', '2']);
    const p2 = await get(`?entity=thing&limit=2&cursor=${p1.nextCursor}`);
    expect(p2.items.map((e) => e.entityId)).toEqual(['1']);
    expect(p2.nextCursor).toBeNull();
  });

  it('rolls the audit row back with the change it records', async () => {
    const { app, token, admin } = await setup();
    await expect(
      app.db.transaction(async (tx) => {
        await recordAudit(tx, {
          adminId: admin.id,
          action: 'z',
          entity: 'z',
          entityId: 1,
          before: null,
          after: null,
        });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const page = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit' })).json(),
    );
    expect(page.items).toEqual([]);
  });
});
