/**
 * Offline transfers (POST /api/artchip/:id/transfer): the owner hands a chip to someone else, named by
 * username or e-mail, and pays the transfer fee like a checkout (a 'transfer' order). Paid, the chip
 * changes owner where it is (payments applies it); someone without an account is invited by e-mail.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { CHECKOUT_HOLD_MINUTES, type CheckoutResponse } from '#shared/checkout.schemas.ts';
import {
  NO_TRANSFER_TO_CANCEL_MESSAGE,
  TRANSFER_RECIPIENT_UNKNOWN_MESSAGE,
  TRANSFER_TO_SELF_MESSAGE,
  type TransferArtchipInput,
  type TransferCancellation,
  type TransferFee,
} from '#shared/orders.schemas.ts';
import {
  computeOrderSummary,
  describeTransferFee,
  transferFee,
  type OrderSummary,
  type TransferFeeInput,
} from '#shared/pricing.ts';
import { toPricingSettings, type PaymentMethod, type PricingSettings } from '#shared/settings.schemas.ts';
import { EmailSchema } from '#shared/users.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  delistForTransfer,
  findChipRow,
  lockChipForChange,
  refuseTransfer,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import {
  findOrderById,
  placeOrder,
  withdrawReplacedTransfers,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import type { PaymentProvider } from '#server/modules/payments/index.ts';
import { findAccountByEmail, findAccountByUsername } from '#server/modules/users/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { loadPricingContext, type PricingContext } from './checkout.service.ts';
import { answerOwnerOrder, ownerOrderProvider, requireOwnChip } from './owner-orders.ts';

/**
 * Places the 'transfer' order that carries a transfer fee: an offline transfer's, or a handover's
 * (paid by its owner, or by its claimant, who is then the recipient). Call under the chip's lock: the
 * fee is priced from the chip as it is (30 % of the highest price paid, PRODUCT.md).
 */
export async function placeTransferFeeOrder(
  tx: Db,
  chip: ChipRow,
  args: {
    buyerId: number;
    payment: { method: PaymentMethod; provider: PaymentProvider };
    pricing: PricingContext;
    mintPrice: number;
    expiresAt: Date;
    recipient?: { display: string; userId: number | null };
    handoverId?: number;
  },
): Promise<{ order: OrderRow; summary: OrderSummary; fee: ReturnType<typeof transferFee> }> {
  const fee = transferFee(feeInput(chip, args.mintPrice, args.pricing.settings));
  const summary = computeOrderSummary({
    orderType: 'transfer',
    feeCents: fee.feeCents,
    settings: args.pricing.settings,
    paymentMethod: args.payment.method,
    shippingOption: 'store',
    country: 'US',
    tokenPriceUsd: args.pricing.tokenPriceUsd,
  });
  const handover = args.handoverId === undefined ? {} : { handoverId: args.handoverId };
  const order = await placeOrder(
    tx,
    {
      orderType: 'transfer',
      buyerId: args.buyerId,
      chipId: chip.id,
      paymentMethod: args.payment.method,
      paymentProvider: args.payment.provider.name,
      shippingOption: 'store',
      shippingAddress: null,
      ...summary,
      tokenPriceUsd: args.pricing.tokenPriceUsd,
      quoteExpiresAt: args.expiresAt,
      ...(args.recipient
        ? { transferRecipient: args.recipient.display, transferToUserId: args.recipient.userId }
        : {}),
      ...handover,
    },
    { feeBasis: fee.feeBasis, feeBaseCents: fee.feeBaseCents, ...handover },
  );
  return { order, summary, fee };
}

function recipientError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: { recipient: [message] } });
}

/** The chip's mint price: what its mint order paid for it, else today's mint cost of its kind. */
export async function mintPriceCents(db: Db, chip: ChipRow, settings: PricingSettings): Promise<number> {
  const mintOrder = chip.sourceOrderId === null ? null : await findOrderById(db, chip.sourceOrderId);
  if (mintOrder?.orderType === 'mint') return mintOrder.basePriceCents;
  return chip.isSurprize ? settings.surprizeMintingCostCents : settings.customMintingCostCents;
}

/** What the fee is taken on for the chip as it is (a list price counts only while it is listed). */
export function feeInput(chip: ChipRow, mintPrice: number, settings: PricingSettings): TransferFeeInput {
  return {
    highestSaleCents: chip.highestPriceCents,
    listPriceCents: chip.status === 'active' ? chip.priceCents : null,
    mintPriceCents: mintPrice,
    platformFeeBasisPoints: settings.platformFeeBasisPoints,
    feeBase: settings.feeBase,
  };
}

/** GET /api/artchip/:id/transfer-fee: what transferring the chip costs its owner now, and why. */
export async function getTransferFee(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<TransferFee> {
  // The fee is in USD: no token price is needed, only the settings.
  const settings = toPricingSettings(await getSiteSettings(ctx));
  const chip = requireOwnChip(await findChipRow(ctx.db, chipId), user);
  const input = feeInput(chip, await mintPriceCents(ctx.db, chip, settings), settings);
  return {
    ...transferFee(input),
    rule: describeTransferFee(input),
    isListed: chip.status === 'active',
  };
}

/** Who receives the chip: { display, userId } for a username or e-mail; an unknown e-mail is invited. */
async function resolveRecipient(
  db: Db,
  owner: AuthUser,
  recipient: string,
): Promise<{ display: string; userId: number | null }> {
  // "@name" is a username; anything else with an @ is an e-mail address.
  const name = recipient.replace(/^@/, '');
  if (name.includes('@')) {
    const parsed = EmailSchema.safeParse(name);
    if (!parsed.success) throw recipientError(parsed.error.issues[0]!.message);
    const account = await findAccountByEmail(db, parsed.data);
    if (account?.id === owner.id) throw recipientError(TRANSFER_TO_SELF_MESSAGE);
    // The answer is the same whether or not the address has an account: it reveals nothing.
    return { display: parsed.data, userId: account?.id ?? null };
  }
  const account = await findAccountByUsername(db, name);
  if (!account) throw recipientError(TRANSFER_RECIPIENT_UNKNOWN_MESSAGE);
  if (account.id === owner.id) throw recipientError(TRANSFER_TO_SELF_MESSAGE);
  return { display: account.username, userId: account.id };
}

/**
 * Places a transfer order for the fee (under the chip's row lock: the owner's, listed once or never, not
 * travelling, no buyer paying for it; a listed chip comes off the market) and starts its payment.
 * A zero fee completes at once.
 */
export async function transferArtchip(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: TransferArtchipInput,
): Promise<CheckoutResponse> {
  const now = ctx.clock();
  const pricing = await loadPricingContext(ctx);
  const { method, provider } = ownerOrderProvider(ctx, pricing, input.paymentMethod);
  const seen = requireOwnChip(await findChipRow(ctx.db, chipId), user);
  const refusal = refuseTransfer(seen, user.id, now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const recipient = await resolveRecipient(ctx.db, user, input.recipient);
  const mintPrice = await mintPriceCents(ctx.db, seen, pricing.settings);
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000);

  const { order, title, summary } = await ctx.db.transaction(async (tx) => {
    const chip = requireOwnChip(await lockChipForChange(tx, chipId), user);
    // The owner's earlier transfer of it still waiting for its fee is replaced by this one.
    await withdrawReplacedTransfers(tx, { chipId, ownerId: user.id });
    // Priced under the lock, from the chip as it is now (a sale meanwhile raises the base).
    const { order, summary } = await placeTransferFeeOrder(tx, chip, {
      buyerId: user.id,
      payment: { method, provider },
      pricing,
      mintPrice,
      expiresAt,
      recipient: { display: recipient.display, userId: recipient.userId },
    });
    await delistForTransfer(tx, chip, { actorId: user.id, orderId: order.id, now });
    return { order, title: chip.title, summary };
  });

  // A chip with no price to take a fee on (a free mint, never sold) completes at once.
  return answerOwnerOrder(ctx, { order, provider, user, title, summary, pricing, expiresAt });
}

/**
 * DELETE /api/artchip/:id/transfer: the owner cancels their transfer of the chip while its fee is not
 * paid. Its fee order is withdrawn (decision 061: a payment of it arriving later is refunded and moves
 * nothing); the chip stays theirs, where it is (a chip the transfer took off the market stays unlisted).
 * Someone else's chip reads as not found; a transfer already paid has moved the chip, so nothing waits.
 */
export async function cancelTransfer(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<TransferCancellation> {
  const withdrawn = await ctx.db.transaction(async (tx) => {
    requireOwnChip(await lockChipForChange(tx, chipId), user);
    return withdrawReplacedTransfers(tx, { chipId, ownerId: user.id, reason: 'transfer_cancelled' });
  });
  if (withdrawn.length === 0) throw new AppError('CONFLICT', NO_TRANSFER_TO_CANCEL_MESSAGE);
  ctx.log.info({ chipId, orderIds: withdrawn.map((o) => o.id) }, 'transfer cancelled by its owner');
  return { cancelledOrderIds: withdrawn.map((o) => o.id) };
}
