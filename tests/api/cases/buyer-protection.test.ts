// Issue 28 "Report a problem" (buyer protection, decision 070): the buyer of a shipped purchase opens a
// case within caseWindowDays of delivery (or caseNotReceivedDays of shipping when it never came); the
// seller answers; an admin refunds it in full or in part through the provider, or denies it. While a
// case is open the seller's proceeds of that sale are held.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AdminCaseDetailSchema,
  AdminCaseListSchema,
  CASE_ALREADY_DECIDED_MESSAGE,
  CASE_ALREADY_OPEN_MESSAGE,
  CASE_NOT_DELIVERED_KIND_MESSAGE,
  CASE_ORDER_NOT_SHIPPED_MESSAGE,
  CaseListSchema,
  CaseSchema,
  MyCasesSchema,
} from '#shared/cases.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { MediaUploadResultSchema } from '#shared/media.schemas.ts';
import { OrderSchema } from '#shared/orders.schemas.ts';
import { SellerBalanceSchema } from '#shared/payouts.schemas.ts';
import type { App } from '#server/app.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { buyerCases } from '#server/modules/cases/cases.table.ts';
import { disputes } from '#server/modules/disputes/disputes.table.ts';
import { DISPUTED_ORDER_REFUND_MESSAGE } from '#shared/disputes.schemas.ts';
import { ledgerHolds, ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress } from '#tests/factories/orders.ts';
import { insertAdmin, insertUser, withLongSession } from '#tests/factories/users.ts';
import { multipartBody, pngImage } from '../media/images.ts';

const DAY = 24 * 60 * 60 * 1000;
const SHIPPED_AT = '2026-11-20T10:00:00.000Z';

/**
 * A seller's $50 chip bought by `buyer` to be shipped ($10 shipping: $60 in all), paid, shipped at
 * SHIPPED_AT and, unless told otherwise, received by the buyer a day later. Fee 30 %: proceeds $35.
 */
async function setup(options: { ship?: boolean; deliver?: boolean } = {}) {
  let now = Date.parse(SHIPPED_AT);
  const app = await buildTestApp({ clock: () => new Date(now) });
  const admin = await withLongSession(app.db, await insertAdmin(app.db), 120);
  const admin2 = await withLongSession(app.db, await insertAdmin(app.db), 120);
  const seller = await withLongSession(
    app.db,
    await insertUser(app.db, { paypalEmail: 'seller@paypal.example' }),
    120,
  );
  const buyer = await withLongSession(app.db, await insertUser(app.db), 120);
  const other = await withLongSession(app.db, await insertUser(app.db), 120);
  const chip = await insertChip(app.db, {
    creatorId: seller.user.id,
    priceCents: 5000,
    highestPriceCents: 0,
  });
  const address = await insertAddress(app.db, buyer.user.id);
  const orderId = await buyAndPay(app, buyer.token, chip.id, {
    shippingOption: 'ship',
    shippingAddressId: address.id,
  });
  if (options.ship !== false) {
    const shipped = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    if (options.deliver !== false) {
      now += DAY;
      const received = await injectAs(app, buyer.token, {
        method: 'POST',
        url: `/api/orders/${orderId}/received`,
      });
      expect(received.statusCode, received.body).toBe(200);
    }
  }
  return { app, admin, admin2, seller, buyer, other, chip, orderId, advance: (ms: number) => (now += ms) };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function openJson(
  app: App,
  token: string | null,
  orderId: number | string,
  payload: Record<string, unknown>,
) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/cases`, payload });
}

const DAMAGED = { kind: 'damaged', description: 'The resin is cracked across the middle.' };

async function openCase(s: Setup, payload: Record<string, unknown> = DAMAGED) {
  const res = await openJson(s.app, s.buyer.token, s.orderId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return CaseSchema.parse(res.json());
}

function answer(
  app: App,
  token: string | null,
  caseId: number,
  message = 'It left here intact; see my photos.',
) {
  return injectAs(app, token, { method: 'POST', url: `/api/cases/${caseId}/answer`, payload: { message } });
}

function decide(app: App, token: string | null, caseId: number, payload: Record<string, unknown>) {
  return injectAs(app, token, { method: 'POST', url: `/api/admin/cases/${caseId}/decision`, payload });
}

async function balance(app: App, token: string) {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/my-payouts' });
  expect(res.statusCode).toBe(200);
  return SellerBalanceSchema.parse(res.json());
}

async function templatesTo(app: App, email: string) {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.map((r) => r.template);
}

const errorOf = (res: { json: () => unknown }) => ApiErrorSchema.parse(res.json());

describe('a buyer protection case, from report to refund', () => {
  it('open with a photo → seller answers → admin refunds part: ledger in proportion, commissions, e-mails', async () => {
    const s = await setup();
    const { app } = s;
    s.advance(5 * DAY);
    const photo = await pngImage(600, 400);
    const opened = await injectAs(app, s.buyer.token, {
      method: 'POST',
      url: `/api/orders/${s.orderId}/cases`,
      ...multipartBody(
        { field: 'photos', filename: 'crack.png', contentType: 'image/png', bytes: photo },
        DAMAGED,
      ),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const report = CaseSchema.parse(opened.json());
    expect(report).toMatchObject({ kind: 'damaged', status: 'awaiting_seller', orderId: s.orderId });
    expect(report.photos).toHaveLength(1);
    expect(report.photos[0]!.url).toMatch(/^\/media\//);
    expect(new Date(report.sellerDueAt).getTime() - new Date(report.createdAt).getTime()).toBe(3 * DAY);
    expect(await templatesTo(app, s.buyer.user.email)).toContain('case-opened');
    expect(await templatesTo(app, s.seller.user.email)).toContain('case-opened');

    // The buyer, the seller and an admin read it; the seller sees it among their cases.
    for (const token of [s.buyer.token, s.seller.token, s.admin.token]) {
      const res = await injectAs(app, token, { method: 'GET', url: `/api/orders/${s.orderId}/cases` });
      expect(res.statusCode).toBe(200);
      expect(CaseListSchema.parse(res.json()).items.map((c) => c.id)).toEqual([report.id]);
    }
    const mine = MyCasesSchema.parse(
      (await injectAs(app, s.seller.token, { method: 'GET', url: '/api/my-cases' })).json(),
    );
    expect(mine.asSeller.map((c) => c.id)).toEqual([report.id]);

    // Past the payout hold (7 days from delivery), the sale is still held while the case is open.
    s.advance(3 * DAY);
    expect(await balance(app, s.seller.token)).toMatchObject({ payableCents: 0, pendingCents: 3500 });

    const answered = await answer(app, s.seller.token, report.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(CaseSchema.parse(answered.json())).toMatchObject({ status: 'awaiting_decision' });
    expect(await templatesTo(app, s.buyer.user.email)).toContain('case-answered');
    expect(await templatesTo(app, s.seller.user.email)).toContain('case-answered');

    // The admin's queue and the case with its order, tracking, taps and messages.
    const queue = AdminCaseListSchema.parse(
      (await injectAs(app, s.admin.token, { method: 'GET', url: '/api/admin/cases' })).json(),
    );
    expect(queue.items.map((c) => [c.id, c.canDecide])).toEqual([[report.id, true]]);
    const detail = AdminCaseDetailSchema.parse(
      (await injectAs(app, s.admin.token, { method: 'GET', url: `/api/admin/cases/${report.id}` })).json(),
    );
    expect(detail.order).toMatchObject({
      trackingNumber: '1Z999',
      carrier: 'UPS',
      totalCents: 6000,
      deliveredBy: 'buyer',
    });
    expect(detail.messages.map((m) => m.from)).toEqual(['buyer', 'seller']);
    expect(detail.taps).toEqual([]);
    expect(detail.proceedsHeld).toBe(true);

    const decided = await decide(app, s.admin.token, report.id, {
      outcome: 'partial_refund',
      amountCents: 1800,
      reason: 'A crack the seller could not explain; 30 % back.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The demo provider refunds at once: the refund settled and closed the case.
    expect(CaseSchema.parse(decided.json())).toMatchObject({
      status: 'closed',
      outcome: 'partial_refund',
      refundCents: 1800,
    });

    const [refund, ...more] = await app.db.select().from(refunds).where(eq(refunds.orderId, s.orderId));
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ reason: 'buyer_protection', amountCents: 1800, status: 'succeeded' });
    const lines = await app.db.select().from(ledgerLines).where(eq(ledgerLines.refundId, refund!.id));
    const byKind = Object.fromEntries(lines.map((l) => [l.kind, l.amountCents]));
    // $18 of $60: 30 % of every line (proceeds $35, fee $15, shipping $10).
    expect(byKind).toEqual({ refund: -1800, seller_proceeds: -1050, platform_fee: -450, shipping: -300 });
    expect(await app.db.select().from(commissions).where(eq(commissions.orderId, s.orderId))).toEqual([]);
    const reconciliation = await readReconciliation(app, s.admin.token);
    expect(reconciliation.orderMismatches).toEqual([]);
    expect(reconciliation.balanceMismatches).toEqual([]);

    // The order stays delivered and paid (in part refunded); the rest of the proceeds is payable again.
    const order = OrderSchema.parse(
      (await injectAs(app, s.buyer.token, { method: 'GET', url: `/api/orders/${s.orderId}` })).json(),
    );
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'completed' });
    expect(await balance(app, s.seller.token)).toMatchObject({ payableCents: 2450, pendingCents: 0 });

    for (const email of [s.buyer.user.email, s.seller.user.email]) {
      const templates = await templatesTo(app, email);
      expect(templates).toEqual(expect.arrayContaining(['case-decided', 'case-closed']));
    }
    expect(await templatesTo(app, s.buyer.user.email)).toContain('order-refunded');
  });

  it('a full refund reverses the whole sale and marks the order refunded', async () => {
    const s = await setup();
    const report = await openCase(s);
    expect((await answer(s.app, s.seller.token, report.id)).statusCode).toBe(200);
    const decided = await decide(s.app, s.admin.token, report.id, {
      outcome: 'refund',
      reason: 'Broken in two.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(CaseSchema.parse(decided.json())).toMatchObject({ status: 'closed', refundCents: 6000 });
    const [order] = await s.app.db.select().from(refunds).where(eq(refunds.orderId, s.orderId));
    expect(order).toMatchObject({ amountCents: 6000, status: 'succeeded' });
    const read = OrderSchema.parse(
      (await injectAs(s.app, s.buyer.token, { method: 'GET', url: `/api/orders/${s.orderId}` })).json(),
    );
    expect(read.paymentStatus).toBe('refunded');
    s.advance(10 * DAY);
    expect(await balance(s.app, s.seller.token)).toMatchObject({ payableCents: 0, pendingCents: 0 });
    // Refunded through a case once: no second case.
    const again = await openJson(s.app, s.buyer.token, s.orderId, DAMAGED);
    expect(again.statusCode).toBe(409);
  });
});

describe('a case on a disputed payment', () => {
  it('is not refunded while the buyer’s card dispute is open (the money would go back twice); a denial still closes it', async () => {
    const s = await setup();
    const report = await openCase(s);
    expect((await answer(s.app, s.seller.token, report.id)).statusCode).toBe(200);
    await s.app.db.insert(disputes).values({
      provider: 'stripe',
      providerDisputeId: 'dp_case_test',
      orderId: s.orderId,
      status: 'needs_response',
      amountCents: 6000,
      currency: 'usd',
      openedAt: new Date(),
    });
    const refused = await decide(s.app, s.admin.token, report.id, { outcome: 'refund', reason: 'Broken.' });
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(refused.json()).message).toBe(DISPUTED_ORDER_REFUND_MESSAGE);
    expect(await s.app.db.select().from(refunds).where(eq(refunds.orderId, s.orderId))).toEqual([]);
    const denied = await decide(s.app, s.admin.token, report.id, {
      outcome: 'deny',
      reason: 'The bank decides this one.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
  });
});

describe('the hold on the seller’s proceeds', () => {
  it('holds them while the case is open and releases them when it is denied', async () => {
    const s = await setup();
    s.advance(2 * DAY);
    const report = await openCase(s, {
      kind: 'not_as_described',
      description: 'The colours are not those pictured.',
    });
    const [hold] = await s.app.db.select().from(ledgerHolds).where(eq(ledgerHolds.orderId, s.orderId));
    expect(hold).toMatchObject({ key: `case:${report.id}`, releasedAt: null });
    s.advance(6 * DAY); // 8 days after delivery: past the 7-day payout hold
    expect(await balance(s.app, s.seller.token)).toMatchObject({ payableCents: 0, pendingCents: 3500 });
    const payable = await injectAs(s.app, s.admin.token, { method: 'GET', url: '/api/admin/payouts' });
    expect(JSON.stringify(payable.json())).not.toContain(`"userId":${s.seller.user.id},`);

    // The seller never answered; their 3 days have passed, so an admin decides.
    const denied = await decide(s.app, s.admin.token, report.id, {
      outcome: 'deny',
      reason: 'The photos match the listing.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(CaseSchema.parse(denied.json())).toMatchObject({
      status: 'closed',
      outcome: 'deny',
      refundCents: null,
      decisionReason: 'The photos match the listing.',
    });
    expect(await balance(s.app, s.seller.token)).toMatchObject({ payableCents: 3500, pendingCents: 0 });
    expect(await s.app.db.select().from(refunds).where(eq(refunds.orderId, s.orderId))).toEqual([]);
    for (const email of [s.buyer.user.email, s.seller.user.email]) {
      expect(await templatesTo(s.app, email)).toContain('case-decided');
    }
  });

  it('an admin cannot decide while the seller still has time to answer', async () => {
    const s = await setup();
    const report = await openCase(s);
    const early = await decide(s.app, s.admin.token, report.id, { outcome: 'deny', reason: 'No.' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toMatch(/^The seller has until .* to answer/);
    s.advance(3 * DAY);
    expect(
      (await decide(s.app, s.admin.token, report.id, { outcome: 'deny', reason: 'No.' })).statusCode,
    ).toBe(200);
  });
});

describe('two admins deciding at once', () => {
  it('decide once: one refund or one denial, the other is told it was decided', async () => {
    const s = await setup();
    const report = await openCase(s);
    expect((await answer(s.app, s.seller.token, report.id)).statusCode).toBe(200);
    const results = await Promise.all([
      decide(s.app, s.admin.token, report.id, { outcome: 'refund', reason: 'Broken.' }),
      decide(s.app, s.admin2.token, report.id, {
        outcome: 'partial_refund',
        amountCents: 1000,
        reason: 'Scratched.',
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(results.find((r) => r.statusCode === 409)!).message).toBe(CASE_ALREADY_DECIDED_MESSAGE);
    const caseRefunds = await s.app.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, s.orderId), eq(refunds.reason, 'buyer_protection')));
    expect(caseRefunds).toHaveLength(1);
    const [row] = await s.app.db.select().from(buyerCases).where(eq(buyerCases.id, report.id));
    expect(row!.refundId).toBe(caseRefunds[0]!.id);
    const cashOut = await s.app.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.orderId, s.orderId), eq(ledgerLines.kind, 'refund')));
    expect(cashOut).toHaveLength(1);
  });
});

describe('when a case may be opened', () => {
  it('refuses a case out of its window, in plain words', async () => {
    const s = await setup();
    s.advance(7 * DAY + 1000);
    const late = await openJson(s.app, s.buyer.token, s.orderId, DAMAGED);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toMatch(
      /^Problems can be reported up to 7 days after delivery; this order's window closed on November 28, 2026\.$/,
    );
  });

  it('takes "not received" until caseNotReceivedDays after shipping, and only that before delivery', async () => {
    const s = await setup({ deliver: false });
    const early = await openJson(s.app, s.buyer.token, s.orderId, DAMAGED);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(CASE_NOT_DELIVERED_KIND_MESSAGE);
    const put = await injectAs(s.app, s.admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { caseNotReceivedDays: 10, autoDeliveryDays: 60 },
    });
    expect(put.statusCode, put.body).toBe(200);
    s.advance(10 * DAY + 1000);
    const late = await openJson(s.app, s.buyer.token, s.orderId, {
      kind: 'not_received',
      description: 'Nothing has come in ten days.',
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toMatch(
      /^A chip that has not arrived can be reported up to 10 days after shipping/,
    );
    s.advance(-2 * DAY);
    const inTime = await openJson(s.app, s.buyer.token, s.orderId, {
      kind: 'not_received',
      description: 'Nothing has come in eight days.',
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
  });

  it('refuses an order not shipped, and a second open case', async () => {
    const unshipped = await setup({ ship: false });
    const res = await openJson(unshipped.app, unshipped.buyer.token, unshipped.orderId, {
      kind: 'not_received',
      description: 'It has not even shipped yet.',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(CASE_ORDER_NOT_SHIPPED_MESSAGE);

    const s = await setup();
    await openCase(s);
    const second = await openJson(s.app, s.buyer.token, s.orderId, DAMAGED);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toBe(CASE_ALREADY_OPEN_MESSAGE);
    const rows = await s.app.db.select().from(buyerCases).where(eq(buyerCases.orderId, s.orderId));
    expect(rows).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it('only the buyer opens; only the parties and admins read; only the seller answers; only admins decide', async () => {
    const s = await setup();
    expect((await openJson(s.app, null, s.orderId, DAMAGED)).statusCode).toBe(401);
    expect((await openJson(s.app, s.other.token, s.orderId, DAMAGED)).statusCode).toBe(404);
    expect((await openJson(s.app, s.seller.token, s.orderId, DAMAGED)).statusCode).toBe(404);
    const report = await openCase(s);
    const read = await injectAs(s.app, s.other.token, {
      method: 'GET',
      url: `/api/orders/${s.orderId}/cases`,
    });
    expect(read.statusCode).toBe(404);
    expect((await answer(s.app, s.buyer.token, report.id)).statusCode).toBe(404);
    expect((await answer(s.app, s.other.token, report.id)).statusCode).toBe(404);
    for (const token of [s.buyer.token, s.seller.token]) {
      expect((await decide(s.app, token, report.id, { outcome: 'refund', reason: 'Mine.' })).statusCode).toBe(
        403,
      );
      expect((await injectAs(s.app, token, { method: 'GET', url: '/api/admin/cases' })).statusCode).toBe(403);
    }
    expect((await answer(s.app, s.seller.token, report.id)).statusCode).toBe(200);
    const twice = await answer(s.app, s.seller.token, report.id);
    expect(twice.statusCode).toBe(409);
  });
});

describe('validation', () => {
  it('answers 400 with the field for a bad kind, description, photos or amount', async () => {
    const s = await setup();
    const kind = await openJson(s.app, s.buyer.token, s.orderId, {
      kind: 'changed_my_mind',
      description: 'x'.repeat(20),
    });
    expect(kind.statusCode).toBe(400);
    expect(errorOf(kind).fieldErrors?.kind).toEqual(['Choose what went wrong']);
    const short = await openJson(s.app, s.buyer.token, s.orderId, { kind: 'damaged', description: 'bad' });
    expect(errorOf(short).fieldErrors?.description).toEqual([
      'Describe the problem in at least 10 characters',
    ]);
    const many = await openJson(s.app, s.buyer.token, s.orderId, { ...DAMAGED, photos: [1, 2, 3, 4, 5] });
    expect(errorOf(many).fieldErrors?.photos).toEqual(['Add at most 4 photos']);

    // A photo id must be one of the buyer's own uploads.
    const upload = await injectAs(s.app, s.other.token, {
      method: 'POST',
      url: '/api/media',
      ...multipartBody({ filename: 'x.png', contentType: 'image/png', bytes: await pngImage(300, 200) }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const othersPhoto = MediaUploadResultSchema.parse(upload.json()).id;
    const stolen = await openJson(s.app, s.buyer.token, s.orderId, { ...DAMAGED, photos: [othersPhoto] });
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen).fieldErrors?.photos).toBeDefined();
    const own = await injectAs(s.app, s.buyer.token, {
      method: 'POST',
      url: '/api/media',
      ...multipartBody({
        filename: 'y.png',
        contentType: 'image/png',
        bytes: await pngImage(320, 200, '#aa2200'),
      }),
    });
    const report = await openCase(s, { ...DAMAGED, photos: [MediaUploadResultSchema.parse(own.json()).id] });
    expect(report.photos).toHaveLength(1);

    s.advance(3 * DAY);
    const noAmount = await decide(s.app, s.admin.token, report.id, {
      outcome: 'partial_refund',
      reason: 'Part.',
    });
    expect(errorOf(noAmount).fieldErrors?.amountCents).toEqual(['Enter the amount to refund']);
    const whole = await decide(s.app, s.admin.token, report.id, {
      outcome: 'partial_refund',
      amountCents: 6000,
      reason: 'Part.',
    });
    expect(whole.statusCode).toBe(400);
    expect(errorOf(whole).fieldErrors?.amountCents?.[0]).toMatch(/less than the order's total of \$60\.00/);
    const denyAmount = await decide(s.app, s.admin.token, report.id, {
      outcome: 'deny',
      amountCents: 5,
      reason: 'No.',
    });
    expect(errorOf(denyAmount).fieldErrors?.amountCents).toEqual(['A denial refunds nothing']);
    const noReason = await decide(s.app, s.admin.token, report.id, { outcome: 'deny', reason: ' ' });
    expect(errorOf(noReason).fieldErrors?.reason).toEqual(['Reason is required']);
    // Nothing was decided by the refused requests.
    const [row] = await s.app.db.select().from(buyerCases).where(eq(buyerCases.id, report.id));
    expect(row!.status).toBe('awaiting_seller');
  });
});
