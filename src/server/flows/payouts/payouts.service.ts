/**
 * Seller payouts (PRODUCT.md "Fees, proceeds and payouts") on the ledger: a seller's proceeds become
 * payable when the sale settles (kept in the vault: when paid; shipped: when delivered) plus the
 * payoutHoldDays setting. An admin pays what is payable once: the payout row and its ledger line are
 * written in one transaction with the payee's account row locked, so two admins paying the same
 * balance at once pay it once (the second finds nothing payable). Money moves by hand (recorded with
 * its reference) or through a payout provider (payouts.rails.ts) after that transaction commits.
 */
import type {
  PayableBalance,
  PayoutBatchInput,
  PayoutBatchResult,
  PayoutDto,
  PayoutKind,
  PayoutMethod,
  SellerBalance,
  SellerPayoutInput,
} from '#shared/payouts.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import {
  bookPayout,
  type FlipHold,
  listPayableAccounts,
  listSellerOrderSettlements,
  readAccountTotals,
} from '#server/modules/ledger/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { findAccountsByIds, lockAccount, type UserRow } from '#server/modules/users/index.ts';
import {
  destinationHoldMessage,
  destinationPayableFrom,
  isDestinationOnHold,
  PAYOUTS_FROZEN_MESSAGE,
} from '#shared/payout-destination.ts';
import { payOutAffiliate } from '#server/modules/affiliates/index.ts';
import { insertPayout, listPayoutsOf, type PayoutRow } from '#server/modules/payouts/index.ts';
import { chooseRail, sendPayout } from '#server/modules/payouts/index.ts';
import { payableCutoff as cutoffAt, payoutAmountCents, sellerBalanceAmounts } from './payout-amounts.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import type { Db } from '#server/db/client.ts';
import { payoutSentMail } from './payouts.mail.ts';

/** Why a seller without a payout address cannot be paid (issue 27: such payouts were confirmed). */
export const NO_PAYOUT_ADDRESS_MESSAGE =
  'This seller has no payout address yet. Ask them to add a PayPal e-mail or connect a payout account in their dashboard before you pay them.';

function toPayoutDto(row: PayoutRow): PayoutDto {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    txReference: row.txReference,
    method: row.method,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The spec's affiliate payout answer, as a payout of this feature's shape (always by hand). */
function affiliatePayoutDto(p: {
  id: number;
  amountCents: number;
  txReference: string | null;
  createdAt: string;
}): PayoutDto {
  return {
    id: p.id,
    kind: 'affiliate',
    amountCents: p.amountCents,
    txReference: p.txReference,
    method: 'manual',
    status: 'paid',
    createdAt: p.createdAt,
  };
}

/**
 * Sales settled at or before `cutoff` are past the hold at `now`; a flip's proceeds also wait for the
 * purchase that brought the chip in to be `flip.days` old (decision 071).
 */
async function payableCutoff(
  ctx: ServiceContext,
): Promise<{ cutoff: Date; holdDays: number; flip: FlipHold }> {
  const { payoutHoldDays, flipHoldDays } = await getSiteSettings(ctx);
  const now = ctx.clock();
  return {
    cutoff: cutoffAt(now, payoutHoldDays),
    holdDays: payoutHoldDays,
    flip: { boughtBy: cutoffAt(now, flipHoldDays), days: flipHoldDays },
  };
}

/** GET /api/my-payouts: the seller's pending, payable and paid proceeds, and their payouts. */
export async function getSellerBalance(ctx: ServiceContext, sellerId: number): Promise<SellerBalance> {
  const { cutoff, holdDays, flip } = await payableCutoff(ctx);
  const [totals, settlements, payouts] = await Promise.all([
    readAccountTotals(ctx.db, sellerId, 'seller', cutoff, flip),
    listSellerOrderSettlements(ctx.db, sellerId, flip.days),
    listPayoutsOf(ctx.db, sellerId, 'seller'),
  ]);
  return {
    ...sellerBalanceAmounts(totals, settlements, holdDays, ctx.clock()),
    holdDays,
    payouts: payouts.map(toPayoutDto),
  };
}

/**
 * Where a payout to this person would go now, and since when (decision 071): a seller's chosen rail
 * or payout account's PayPal e-mail, else (and for an affiliate, always) the profile's PayPal e-mail.
 */
async function payoutDestinationOf(
  ctx: ServiceContext,
  kind: PayoutKind,
  account: UserRow,
): Promise<{
  rail: Awaited<ReturnType<typeof chooseRail>> | null;
  address: string | null;
  setAt: Date | null;
}> {
  const rail = kind === 'seller' ? await chooseRail(ctx, account.id) : null;
  if (rail?.address) return { rail, address: rail.address, setAt: rail.addressSetAt };
  return { rail, address: account.paypalEmail, setAt: account.paypalEmail ? account.paypalEmailSetAt : null };
}

/**
 * Refuses a payout to an account whose owner reported a change they did not make, or to a
 * destination still in its payoutDestinationHoldHours (decision 071), saying when it can be paid.
 */
function assertDestinationPayable(
  account: UserRow | undefined,
  setAt: Date | null,
  holdHours: number,
  now: Date,
): void {
  if (account?.payoutsFrozenAt) throw new AppError('UNPROCESSABLE', PAYOUTS_FROZEN_MESSAGE);
  if (setAt && isDestinationOnHold(setAt, holdHours, now)) {
    throw new AppError(
      'UNPROCESSABLE',
      destinationHoldMessage(setAt, destinationPayableFrom(setAt, holdHours)!),
    );
  }
}

/**
 * Affiliates are paid by hand to their profile's PayPal e-mail (the spec's affiliate payout): frozen,
 * or to an e-mail newer than payoutDestinationHoldHours, they wait (decision 071). Throws to refuse.
 */
export async function checkAffiliatePayable(ctx: ServiceContext, userId: number): Promise<void> {
  const account = (await findAccountsByIds(ctx.db, [userId])).get(userId);
  if (!account) return;
  const { payoutDestinationHoldHours } = await getSiteSettings(ctx);
  const { setAt } = await payoutDestinationOf(ctx, 'affiliate', account);
  assertDestinationPayable(account, setAt, payoutDestinationHoldHours, ctx.clock());
}

/** GET /api/admin/payouts: every seller and affiliate with money to pay out now. */
export async function listPayableBalances(ctx: ServiceContext): Promise<PayableBalance[]> {
  const { cutoff, flip } = await payableCutoff(ctx);
  const { payoutDestinationHoldHours } = await getSiteSettings(ctx);
  const [sellers, affiliates] = await Promise.all([
    listPayableAccounts(ctx.db, 'seller', cutoff, flip),
    listPayableAccounts(ctx.db, 'affiliate'),
  ]);
  const rows = [
    ...sellers.map((s) => ({ ...s, kind: 'seller' as const })),
    ...affiliates.map((a) => ({ ...a, kind: 'affiliate' as const })),
  ];
  const accounts = await findAccountsByIds(
    ctx.db,
    rows.map((row) => row.userId),
  );
  const balances: PayableBalance[] = [];
  for (const row of rows) {
    const account = accounts.get(row.userId);
    if (!account) continue;
    const { setAt } = await payoutDestinationOf(ctx, row.kind, account);
    balances.push({
      userId: row.userId,
      kind: row.kind,
      payableCents: row.payableCents,
      username: account.username,
      email: account.email,
      paypalEmail: account.paypalEmail,
      destinationSetAt: setAt?.toISOString() ?? null,
      payableFrom: destinationPayableFrom(setAt, payoutDestinationHoldHours)?.toISOString() ?? null,
      payoutsFrozen: account.payoutsFrozenAt !== null,
    });
  }
  return balances.sort((a, b) => b.payableCents - a.payableCents || a.userId - b.userId);
}

/**
 * Records a payout of one person's whole payable balance of one kind, once, and books it in the
 * ledger, in one transaction with the payee's row locked. A provider rail's payout stays pending
 * until sendPayout has the provider's answer.
 */
async function recordPayout(
  ctx: ServiceContext,
  args: {
    userId: number;
    kind: PayoutKind;
    adminId: number;
    txReference: string | null;
    nothingMessage: string;
    method?: PayoutMethod;
    /** Checked once the balance is known to be payable, inside the transaction; throws to refuse. */
    check?: () => void;
    /** Runs in the transaction once the payout is recorded (the payee's e-mail for a paid payout). */
    onRecorded?: (tx: Db, payout: PayoutRow) => Promise<void>;
  },
): Promise<PayoutRow> {
  const method = args.method ?? 'manual';
  const { cutoff, flip } = await payableCutoff(ctx);
  return ctx.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, args.userId))) throw new AppError('NOT_FOUND', 'User not found');
    const totals =
      args.kind === 'seller'
        ? await readAccountTotals(tx, args.userId, 'seller', cutoff, flip)
        : await readAccountTotals(tx, args.userId, args.kind);
    const amountCents = payoutAmountCents(totals);
    if (amountCents <= 0) throw new AppError('UNPROCESSABLE', args.nothingMessage);
    args.check?.();
    const payout = await insertPayout(tx, {
      kind: args.kind,
      userId: args.userId,
      amountCents,
      txReference: args.txReference,
      adminId: args.adminId,
      method,
      // A provider rail is pending until the provider answers (payout-rails sendPayout).
      status: method === 'manual' ? 'paid' : 'pending',
    });
    await bookPayout(tx, {
      payoutId: payout.id,
      userId: args.userId,
      account: args.kind,
      amountCents,
      reference: args.txReference,
    });
    await recordAudit(tx, {
      adminId: args.adminId,
      action: `${args.kind}.payout`,
      entity: 'user',
      entityId: args.userId,
      before: { payableCents: totals.payableCents },
      after: { payoutId: payout.id, amountCents },
    });
    await args.onRecorded?.(tx, payout);
    return payout;
  });
}

/**
 * POST /api/admin/payouts/sellers/:userId: pays the seller's whole payable balance once, the way they
 * chose (Stripe Connect, PayPal Payouts) when that is on here and set up, else by hand with the
 * admin's reference. A seller who gave no payout address (no payout account, no PayPal e-mail on
 * their profile) cannot be paid: nobody would know where the money went. The seller is e-mailed once
 * the payout is paid (by hand: with the record; by a provider: when it answers paid).
 */
export async function payOutSeller(
  ctx: ServiceContext,
  args: { sellerId: number; adminId: number; input: SellerPayoutInput },
): Promise<PayoutDto> {
  const seller = (await findAccountsByIds(ctx.db, [args.sellerId])).get(args.sellerId);
  if (!seller) throw new AppError('NOT_FOUND', 'User not found');
  const { rail: chosen, address, setAt } = await payoutDestinationOf(ctx, 'seller', seller);
  const rail = chosen!;
  const { payoutDestinationHoldHours } = await getSiteSettings(ctx);
  const mailPaid = async (db: Db, payout: PayoutRow) => {
    if (payout.status !== 'paid') return;
    await enqueueMail(
      db,
      await payoutSentMail(seller, ctx.config.publicUrl, {
        amountCents: payout.amountCents,
        method: payout.method,
        destination: address,
        reference: payout.txReference,
      }),
    );
  };
  const payout = await recordPayout(ctx, {
    userId: args.sellerId,
    kind: 'seller',
    adminId: args.adminId,
    txReference: args.input.txReference || null,
    nothingMessage: 'This seller has nothing to pay out yet.',
    method: rail.method,
    check: () => {
      if (address === null) throw new AppError('UNPROCESSABLE', NO_PAYOUT_ADDRESS_MESSAGE);
      assertDestinationPayable(seller, setAt, payoutDestinationHoldHours, ctx.clock());
    },
    onRecorded: mailPaid,
  });
  if (rail.destination === null) return toPayoutDto(payout);
  const sent = await sendPayout(ctx, payout, rail.destination);
  await mailPaid(ctx.db, sent);
  return toPayoutDto(sent);
}

/**
 * POST /api/admin/payouts/batch: pays several balances, each once and on its own (one failure does
 * not stop the others); answers each one's payout or error.
 */
export async function payOutMany(
  ctx: ServiceContext,
  args: { adminId: number; input: PayoutBatchInput },
): Promise<PayoutBatchResult> {
  const results: PayoutBatchResult['results'] = [];
  const seen = new Set<string>();
  const checkAffiliate = (userId: number) => checkAffiliatePayable(ctx, userId);
  for (const item of args.input.items) {
    const key = `${item.kind}:${item.userId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      let payout: PayoutDto;
      if (item.kind === 'seller') {
        payout = await payOutSeller(ctx, {
          sellerId: item.userId,
          adminId: args.adminId,
          input: { txReference: args.input.txReference },
        });
      } else {
        await checkAffiliate(item.userId);
        payout = affiliatePayoutDto(
          await payOutAffiliate(ctx.db, {
            userId: item.userId,
            adminId: args.adminId,
            txReference: args.input.txReference,
          }),
        );
      }
      results.push({ ...item, payout, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ ...item, payout: null, error: err.message });
    }
  }
  return { results };
}
