import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  AdminCustomerDetailSchema,
  AdminCustomerPageSchema,
  AuditPageSchema,
} from '#shared/admin.schemas.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddressRow, insertOrderRow } from '#tests/factories/admin.ts';

async function setup() {
  const app = await buildTestApp();
  const { token, user: admin } = await insertAdmin(app.db);
  return { app, token, admin };
}

const validInput = {
  email: 'new.customer@example.com',
  username: 'newcustomer',
  firstName: 'New',
  lastName: 'Customer',
  profileImageUrl: '',
  isEmailVerified: false,
  affiliateCode: '',
  referredBy: '',
  paypalEmail: '',
};

describe('GET /api/admin/customers', () => {
  it('lists customers with totals and searches by username, e-mail or name', async () => {
    const { app, token } = await setup();
    const { user: ann } = await insertUser(app.db, {
      username: 'ann_collector',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    const { user: bob } = await insertUser(app.db, { username: 'bobby', email: 'bob@shop.example' });
    const chip = await insertChip(app.db, { creatorId: bob.id });
    await insertChip(app.db, { creatorId: ann.id });
    await insertOrderRow(app.db, {
      buyerId: ann.id,
      orderType: 'purchase',
      chipId: chip.id,
      totalCents: 2500,
      basePriceCents: 2500,
    });
    await insertOrderRow(app.db, { buyerId: ann.id, totalCents: 1500, paymentStatus: 'failed' });

    const all = AdminCustomerPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/customers' })).json(),
    );
    expect(all.items.map((c) => c.username)).toEqual(['bobby', 'ann_collector']);
    const annRow = all.items.find((c) => c.id === ann.id)!;
    expect(annRow).toMatchObject({ totalMinted: 1, totalPurchased: 1, totalSpentCents: 2500 });

    for (const q of ['ANN_col', 'shop.example', 'Lee', 'ann lee']) {
      const res = await injectAs(app, token, {
        method: 'GET',
        url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
      });
      const ids = AdminCustomerPageSchema.parse(res.json()).items.map((c) => c.id);
      expect(ids, q).toEqual(q === 'shop.example' ? [bob.id] : [ann.id]);
    }
  });

  it('pages with a keyset cursor', async () => {
    const { app, token } = await setup();
    for (let i = 0; i < 3; i++) await insertUser(app.db);
    const first = AdminCustomerPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/customers?limit=2' })).json(),
    );
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(first.items[1]!.id);
    const second = AdminCustomerPageSchema.parse(
      (
        await injectAs(app, token, {
          method: 'GET',
          url: `/api/admin/customers?limit=2&cursor=${first.nextCursor}`,
        })
      ).json(),
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it('treats LIKE wildcards in the search literally', async () => {
    const { app, token } = await setup();
    await insertUser(app.db, { username: 'plain' });
    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/customers?q=%25' });
    expect(AdminCustomerPageSchema.parse(res.json()).items).toEqual([]);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('returns contact, addresses, minted and purchased chips', async () => {
    const { app, token } = await setup();
    const { user } = await insertUser(app.db);
    await insertAddressRow(app.db, user.id);
    const minted = await insertChip(app.db, { creatorId: user.id, title: 'Minted one' });
    const bought = await insertChip(app.db, { title: 'Bought one', ownerId: user.id });
    await insertOrderRow(app.db, { buyerId: user.id, orderType: 'purchase', chipId: bought.id });

    const res = await injectAs(app, token, { method: 'GET', url: `/api/admin/customers/${user.id}` });
    expect(res.statusCode).toBe(200);
    const detail = AdminCustomerDetailSchema.parse(res.json());
    expect(detail.phone).toBe('555-0100');
    expect(detail.shippingAddresses[0]).toMatchObject({ street: '1 Main St', postalCode: '62701' });
    expect(detail.mintedArtchips.map((c) => c.id)).toEqual([minted.id]);
    expect(detail.purchasedArtchips.map((c) => c.title)).toEqual(['Bought one']);
    expect(detail.purchasedArtchips[0]!.priceUsd).toBe('25.00');
  });

  it('answers 404 for an unknown customer', async () => {
    const { app, token } = await setup();
    const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/customers/9999' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Customer not found');
  });
});

describe("a customer's frozen payouts (decision 071's \"this wasn't me\", decision 077)", () => {
  it('shows the freeze on the customer, and the unfreeze lifts it once, audited', async () => {
    const { app, token } = await setup();
    const { user, token: userToken } = await insertUser(app.db);
    const read = async () =>
      AdminCustomerDetailSchema.parse(
        (await injectAs(app, token, { method: 'GET', url: `/api/admin/customers/${user.id}` })).json(),
      );
    expect((await read()).payoutsFrozenAt).toBeNull();
    await app.db
      .update(users)
      .set({ payoutsFrozenAt: new Date('2026-11-28T14:00:00Z') })
      .where(eq(users.id, user.id));
    expect((await read()).payoutsFrozenAt).toBe('2026-11-28T14:00:00.000Z');

    const url = `/api/admin/payouts/users/${user.id}/unfreeze`;
    expect((await injectAs(app, userToken, { method: 'POST', url, payload: {} })).statusCode).toBe(403);
    const lifted = await injectAs(app, token, {
      method: 'POST',
      url,
      payload: { note: 'Unfrozen from the customer page' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await read()).payoutsFrozenAt).toBeNull();
    const again = await injectAs(app, token, { method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(again.json()).message).toBe('Payouts to this account are not frozen.');
    const audit = AuditPageSchema.parse(
      (
        await injectAs(app, token, { method: 'GET', url: `/api/admin/audit?entity=user&entityId=${user.id}` })
      ).json(),
    );
    expect(audit.items.map((e) => [e.action, e.after])).toEqual([
      ['payouts.unfreeze', { payoutsFrozen: false, note: 'Unfrozen from the customer page' }],
    ]);
  });
});

describe('POST /api/admin/customers', () => {
  it('creates a customer, empty referredBy becoming null, and audits it', async () => {
    const { app, token, admin } = await setup();
    const res = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: validInput,
    });
    expect(res.statusCode).toBe(201);
    const created = AdminCustomerDetailSchema.parse(res.json());
    expect(created).toMatchObject({
      email: 'new.customer@example.com',
      referredBy: null,
      isEmailVerified: false,
    });
    expect(created.affiliateCode).toMatch(/^[A-Z0-9]{10}$/);
    const [row] = await app.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.passwordHash).toBeNull();

    const audit = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit?entity=customer' })).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'customer.create',
      adminId: admin.id,
      entityId: String(created.id),
      before: null,
    });
    expect(audit.items[0]!.after).toMatchObject({ username: 'newcustomer' });
  });

  it('defaults isEmailVerified to false when omitted', async () => {
    const { app, token } = await setup();
    const { isEmailVerified: _omit, ...rest } = validInput;
    const res = await injectAs(app, token, { method: 'POST', url: '/api/admin/customers', payload: rest });
    expect(res.statusCode).toBe(201);
    expect(AdminCustomerDetailSchema.parse(res.json()).isEmailVerified).toBe(false);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ username: '' }, 'username', 'Username is required'],
    [{ username: 'x'.repeat(51) }, 'username', 'Username must be 50 characters or less'],
    [{ affiliateCode: 'A'.repeat(21) }, 'affiliateCode', 'Affiliate code must be 20 characters or less'],
    [{ referredBy: 'abc' }, 'referredBy', 'Referred By must be a number'],
    [{ profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', 'Must be a valid URL'],
    [{ paypalEmail: 'nope' }, 'paypalEmail', 'Invalid email address'],
  ])('rejects %o with its message', async (patch, field, message) => {
    const { app, token } = await setup();
    const res = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: { ...validInput, ...patch },
    });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.message).toBe(message);
    expect(body.fieldErrors?.[field]).toContain(message);
  });

  it('answers 409 for a taken e-mail or username', async () => {
    const { app, token } = await setup();
    await insertUser(app.db, { email: 'taken@example.com', username: 'takenname' });
    const byEmail = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: { ...validInput, email: 'TAKEN@example.com' },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(byEmail.json()).fieldErrors?.email).toEqual(['This email is already in use']);
    const byName = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: { ...validInput, username: 'TakenName' },
    });
    expect(ApiErrorSchema.parse(byName.json()).message).toBe('This username is already taken');
  });

  it('rejects a referrer that does not exist', async () => {
    const { app, token } = await setup();
    const res = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: { ...validInput, referredBy: 4242 },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).fieldErrors?.referredBy).toBeDefined();
  });
});

describe('PUT /api/admin/customers/:id', () => {
  it('updates every field and records before and after', async () => {
    const { app, token } = await setup();
    const { user: referrer } = await insertUser(app.db);
    const { user } = await insertUser(app.db, { firstName: 'Old' });
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/customers/${user.id}`,
      payload: {
        ...validInput,
        email: user.email,
        username: user.username,
        firstName: 'Renamed',
        referredBy: String(referrer.id),
        affiliateCode: 'MYCODE1',
        paypalEmail: 'pay@example.com',
        profileImageUrl: 'https://img.example.com/a.png',
        isEmailVerified: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(AdminCustomerDetailSchema.parse(res.json())).toMatchObject({
      firstName: 'Renamed',
      referredBy: referrer.id,
      affiliateCode: 'MYCODE1',
      paypalEmail: 'pay@example.com',
      isEmailVerified: true,
    });
    const audit = AuditPageSchema.parse(
      (
        await injectAs(app, token, {
          method: 'GET',
          url: `/api/admin/audit?entity=customer&entityId=${user.id}`,
        })
      ).json(),
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.before).toMatchObject({ firstName: 'Old' });
    expect(audit.items[0]!.after).toMatchObject({ firstName: 'Renamed' });
  });

  it('keeps the affiliate code when the field is empty, and refuses self-referral', async () => {
    const { app, token } = await setup();
    const { user } = await insertUser(app.db);
    const ok = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/customers/${user.id}`,
      payload: { ...validInput, email: user.email, username: user.username },
    });
    expect(AdminCustomerDetailSchema.parse(ok.json()).affiliateCode).toBe(user.affiliateCode);
    const self = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/admin/customers/${user.id}`,
      payload: { ...validInput, email: user.email, username: user.username, referredBy: user.id },
    });
    expect(self.statusCode).toBe(400);
  });

  it('answers 404 for an unknown customer and rolls back nothing else', async () => {
    const { app, token } = await setup();
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/customers/777',
      payload: validInput,
    });
    expect(res.statusCode).toBe(404);
    const audit = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit' })).json(),
    );
    expect(audit.items).toEqual([]);
  });
});
