/**
 * The buyer protection case lifecycle (decision 070; states in shared/cases.schemas.ts) and the only
 * writer of buyer_cases. The guards are pure, so the rules are unit-tested beside (case-lifecycle.test.ts):
 *
 *   who may open a case, of which kind, until when (reportableKinds, refuseOpenCase)
 *   awaiting_seller ──answer (the seller, once)──▶ awaiting_decision
 *   awaiting_seller (after the seller's 3 days) | awaiting_decision ──decide──▶ decided (refund) | closed (deny)
 *   decided ──the refund settled──▶ closed
 *
 * Every move is a conditional update from the states it may start from, on a locked row: a second
 * caller (two admins deciding at once) finds the case moved and is refused.
 */
import {
  CASE_ALREADY_ANSWERED_MESSAGE,
  CASE_ALREADY_DECIDED_MESSAGE,
  CASE_ALREADY_OPEN_MESSAGE,
  CASE_ALREADY_REFUNDED_MESSAGE,
  CASE_CONFIRMED_RECEIVED_MESSAGE,
  CASE_NOT_DELIVERED_KIND_MESSAGE,
  CASE_NOT_FOUND_MESSAGE,
  CASE_ORDER_NOT_SHIPPED_MESSAGE,
  SELLER_ANSWER_DAYS,
  caseNotReceivedClosedMessage,
  caseSellerStillAnsweringMessage,
  caseWindowClosedMessage,
  type Case,
  type CaseKind,
  type CaseOutcome,
  type CaseStatus,
} from '#shared/cases.schemas.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { insertCase, moveCase, type CaseRow } from './cases.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Refusal = { code: ErrorCode; message: string };

/** What the rules read of an order. */
export type CaseOrder = {
  buyerId: number;
  sellerId: number | null;
  orderType: string;
  shippingOption: string;
  status: string;
  paymentStatus: string;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  deliveredBy: string | null;
};

export type CaseWindows = { caseWindowDays: number; caseNotReceivedDays: number };

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/**
 * The kinds of case the buyer may open on this order at `now`, and until when (null: none).
 * A paid purchase shipped to its buyer, by a seller:
 * - shipped and not delivered: *not received*, up to caseNotReceivedDays after shipping;
 * - delivered: *damaged* or *not as described* up to caseWindowDays after delivery, and *not received*
 *   too when nobody confirmed it (delivered by time, or by an admin): the buyer never said it came, so
 *   up to caseNotReceivedDays after shipping (or the delivery's window, if that ends later).
 */
export function reportableKinds(
  order: CaseOrder,
  windows: CaseWindows,
  now: Date,
): { open: true; kinds: CaseKind[]; until: Date } | { open: false; closedMessage: string } | null {
  const isShippedPurchase =
    order.orderType === 'purchase' &&
    order.shippingOption === 'ship' &&
    order.sellerId !== null &&
    order.paymentStatus === 'completed' &&
    order.shippedAt !== null &&
    (order.status === 'shipped' || order.status === 'delivered');
  if (!isShippedPurchase) return null;
  const notReceivedUntil = addDays(order.shippedAt!, windows.caseNotReceivedDays);
  const notReceivedClosed = caseNotReceivedClosedMessage(windows.caseNotReceivedDays, notReceivedUntil);
  if (order.status === 'shipped') {
    if (now > notReceivedUntil) return { open: false, closedMessage: notReceivedClosed };
    return { open: true, kinds: ['not_received'], until: notReceivedUntil };
  }
  const windowUntil = addDays(order.deliveredAt!, windows.caseWindowDays);
  // Delivered by time or by an admin: the buyer never said it came, so "not received" stays open as
  // long as it would have without that delivery (and at least as long as the delivery's window).
  const unconfirmed = order.deliveredBy === 'auto' || order.deliveredBy === 'admin';
  const kindsUntil: [CaseKind, Date][] = [
    ...(unconfirmed
      ? [
          ['not_received', new Date(Math.max(notReceivedUntil.getTime(), windowUntil.getTime()))] as [
            CaseKind,
            Date,
          ],
        ]
      : []),
    ['damaged', windowUntil],
    ['not_as_described', windowUntil],
  ];
  const open = kindsUntil.filter(([, until]) => now <= until);
  if (open.length === 0) {
    return { open: false, closedMessage: caseWindowClosedMessage(windows.caseWindowDays, windowUntil) };
  }
  const until = new Date(Math.max(...open.map(([, at]) => at.getTime())));
  return { open: true, kinds: open.map(([kind]) => kind), until };
}

/** Why this kind is not open on a delivered order whose other kinds are. */
function kindRefusal(order: CaseOrder, kind: CaseKind, windows: CaseWindows): string {
  if (order.status === 'shipped') return CASE_NOT_DELIVERED_KIND_MESSAGE;
  if (kind === 'not_received') return CASE_CONFIRMED_RECEIVED_MESSAGE;
  return caseWindowClosedMessage(windows.caseWindowDays, addDays(order.deliveredAt!, windows.caseWindowDays));
}

/**
 * Why `viewerId` may not open a case of `kind` on this order now (null: they may). Another user's
 * order reads as not found, as everywhere on orders.
 */
export function refuseOpenCase(
  order: CaseOrder,
  args: {
    viewerId: number;
    kind: CaseKind;
    windows: CaseWindows;
    now: Date;
    hasOpenCase: boolean;
    wasRefunded: boolean;
  },
): Refusal | null {
  if (order.buyerId !== args.viewerId) return { code: 'NOT_FOUND', message: 'Order not found' };
  const open = reportableKinds(order, args.windows, args.now);
  if (!open) return { code: 'CONFLICT', message: CASE_ORDER_NOT_SHIPPED_MESSAGE };
  if (args.hasOpenCase) return { code: 'CONFLICT', message: CASE_ALREADY_OPEN_MESSAGE };
  if (args.wasRefunded) return { code: 'CONFLICT', message: CASE_ALREADY_REFUNDED_MESSAGE };
  if (!open.open) return { code: 'CONFLICT', message: open.closedMessage };
  if (!open.kinds.includes(args.kind)) {
    return { code: 'CONFLICT', message: kindRefusal(order, args.kind, args.windows) };
  }
  return null;
}

/** Whether an admin may decide now: the seller answered, or their days to answer have passed. */
export function canDecide(row: Pick<CaseRow, 'status' | 'sellerDueAt'>, now: Date): boolean {
  return row.status === 'awaiting_decision' || (row.status === 'awaiting_seller' && now >= row.sellerDueAt);
}

/** Why an admin may not decide this case now (null: they may). */
export function refuseDecision(row: Pick<CaseRow, 'status' | 'sellerDueAt'>, now: Date): Refusal | null {
  if (canDecide(row, now)) return null;
  if (row.status === 'awaiting_seller') {
    return { code: 'CONFLICT', message: caseSellerStillAnsweringMessage(row.sellerDueAt) };
  }
  return { code: 'CONFLICT', message: CASE_ALREADY_DECIDED_MESSAGE };
}

/** The buyer opens a case: it waits for the seller, who has SELLER_ANSWER_DAYS to answer. */
export async function openCaseRow(
  tx: Db,
  args: {
    orderId: number;
    buyerId: number;
    sellerId: number;
    kind: CaseKind;
    description: string;
    photos: { mediaId: number; url: string }[];
    now: Date;
  },
): Promise<CaseRow> {
  return insertCase(tx, {
    orderId: args.orderId,
    buyerId: args.buyerId,
    sellerId: args.sellerId,
    kind: args.kind,
    status: 'awaiting_seller',
    description: args.description,
    photos: args.photos,
    sellerDueAt: addDays(args.now, SELLER_ANSWER_DAYS),
    createdAt: args.now,
  });
}

/** The seller answers, once, while the case waits for them (late answers are still heard). */
export async function answerCaseRow(
  tx: Db,
  row: CaseRow,
  args: { sellerId: number; message: string; now: Date },
): Promise<CaseRow> {
  if (row.sellerId !== args.sellerId) throw new AppError('NOT_FOUND', CASE_NOT_FOUND_MESSAGE);
  const moved = await moveCase(tx, row.id, ['awaiting_seller'], {
    status: 'awaiting_decision',
    sellerAnswer: args.message,
    sellerAnsweredAt: args.now,
  });
  if (!moved) throw new AppError('CONFLICT', CASE_ALREADY_ANSWERED_MESSAGE);
  return moved;
}

const DECIDABLE: readonly CaseStatus[] = ['awaiting_seller', 'awaiting_decision'];

/**
 * An admin decides: a refund (full or partial) leaves the case decided until the refund settles; a
 * denial closes it at once. Refused when the case moved meanwhile (another admin decided first).
 */
export async function decideCaseRow(
  tx: Db,
  row: CaseRow,
  args: {
    adminId: number;
    outcome: CaseOutcome;
    refundCents: number | null;
    refundId: number | null;
    reason: string;
    now: Date;
  },
): Promise<CaseRow> {
  const refusal = refuseDecision(row, args.now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const isDenial = args.outcome === 'deny';
  const moved = await moveCase(tx, row.id, DECIDABLE, {
    status: isDenial ? 'closed' : 'decided',
    outcome: args.outcome,
    refundCents: isDenial ? null : args.refundCents,
    refundId: isDenial ? null : args.refundId,
    decisionReason: args.reason,
    decidedBy: args.adminId,
    decidedAt: args.now,
    closedAt: isDenial ? args.now : null,
  });
  if (!moved) throw new AppError('CONFLICT', CASE_ALREADY_DECIDED_MESSAGE);
  return moved;
}

/** The decided refund went back to the buyer: the case closes (once). */
export async function closeCaseRow(tx: Db, row: CaseRow, now: Date): Promise<CaseRow | null> {
  return moveCase(tx, row.id, ['decided'], { status: 'closed', closedAt: now });
}

/** The hold a case keeps on its sale's proceeds (ledger holdOrderProceeds). */
export const caseHoldKey = (caseId: number) => `case:${caseId}`;

export function toCaseDto(row: CaseRow): Case {
  const messages: Case['messages'] = [
    { from: 'buyer', body: row.description, at: row.createdAt.toISOString() },
  ];
  if (row.sellerAnswer && row.sellerAnsweredAt) {
    messages.push({ from: 'seller', body: row.sellerAnswer, at: row.sellerAnsweredAt.toISOString() });
  }
  if (row.decisionReason && row.decidedAt) {
    messages.push({ from: 'admin', body: row.decisionReason, at: row.decidedAt.toISOString() });
  }
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    status: row.status,
    description: row.description,
    photos: row.photos,
    sellerDueAt: row.sellerDueAt.toISOString(),
    sellerAnswer: row.sellerAnswer,
    sellerAnsweredAt: row.sellerAnsweredAt?.toISOString() ?? null,
    outcome: row.outcome,
    refundCents: row.refundCents,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    messages,
  };
}
