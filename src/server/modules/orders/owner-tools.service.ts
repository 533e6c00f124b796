/**
 * The creator/owner tools of /my-artchip: the user's chips with their dashboard status, and the
 * chip moves an owner makes (activate, price, list or unlist, resell), each through the chip
 * lifecycle. Asking for a shipment is a checkout (checkout/ship-request.service.ts).
 */
import { readAccountTotals, sumSellerEarnings } from '#server/modules/ledger/index.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { CHIP_NOT_FOUND_MESSAGE, type Chip } from '#shared/chips.schemas.ts';
import { parseUsdToCents } from '#shared/money.ts';
import {
  PAYPAL_EMAIL_REQUIRED_MESSAGE,
  type ActivateArtchipInput,
  type ArtchipAvailabilityInput,
  type MyArtchipItem,
  type MyStats,
  type ResellArtchipInput,
  type UpdateArtchipPricingInput,
} from '#shared/orders.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  activateChip,
  countChipsCreatedBy,
  currentTokenPriceUsd,
  delistChip,
  getChipDto,
  isChipPublic,
  listChip,
  listChipsOfUser,
  lockChipForChange,
  ownerIdOf,
  priceChip,
  toChipDto,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { listPaidMintsAwaitingChip } from './orders.repo.ts';

/** The spec §4 user-view status of a chip for this user. */
function userStatus(chip: ChipRow, userId: number): MyArtchipItem['userStatus'] {
  if (ownerIdOf(chip) !== userId) return 'Sold';
  if (chip.status === 'pending') return 'Pending';
  if (chip.status === 'active') return 'Live in Marketplace';
  if (chip.status === 'inactive') return 'Inactive';
  return chip.custody === 'in_vault' ? 'In Vault' : 'Owned';
}

/** GET /api/my-artchip: chips the user created or owns, plus paid mints not made yet, newest first. */
export async function listMyArtchips(ctx: ServiceContext, user: AuthUser): Promise<MyArtchipItem[]> {
  const [tokenPriceUsd, rows, mints] = await Promise.all([
    currentTokenPriceUsd(ctx),
    listChipsOfUser(ctx.db, user.id),
    listPaidMintsAwaitingChip(ctx.db, user.id),
  ]);
  const read = { tokenPriceUsd, viewer: user, now: ctx.clock() };
  const chips: MyArtchipItem[] = rows.map((row) => {
    const { chip } = row;
    const artchip = toChipDto(row, read);
    return {
      kind: 'chip',
      userStatus: userStatus(chip, user.id),
      isCreator: chip.creatorId === user.id,
      isOwner: ownerIdOf(chip) === user.id,
      canActivate: artchip.actions.activate,
      canEditPricing: artchip.actions.price,
      canResell: artchip.actions.list && chip.status === 'sold',
      canRequestShipping: artchip.actions.shipToMe,
      title: chip.title,
      imageUrl: chip.imageUrl,
      orderId: chip.sourceOrderId,
      artchip,
      createdAt: chip.createdAt.toISOString(),
    };
  });
  const pending: MyArtchipItem[] = mints.map((order) => ({
    kind: 'mint',
    userStatus: 'Pending Creation',
    isCreator: true,
    isOwner: true,
    canActivate: false,
    canEditPricing: false,
    canResell: false,
    canRequestShipping: false,
    title: order.mintTitle ?? `Order #${order.id}`,
    imageUrl: order.originalImageUrl,
    orderId: order.id,
    artchip: null,
    createdAt: order.createdAt.toISOString(),
  }));
  return [...pending, ...chips].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Runs a lifecycle move on the caller's chip under its row lock and answers the chip as they see it. */
async function changeOwnChip(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  change: (tx: Db, chip: ChipRow, now: Date) => Promise<unknown>,
): Promise<Chip> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    const isParty = chip && (ownerIdOf(chip) === user.id || chip.creatorId === user.id);
    // A chip that is neither yours nor public reads as missing.
    if (!chip || (!isParty && !isChipPublic(chip))) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    await change(tx, chip, now);
  });
  return getChipDto(ctx, chipId, user);
}

/** PATCH /api/artchip/:id/activate: the owner of a pending chip prices it and lists it. */
export function activateArtchip(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: ActivateArtchipInput,
) {
  const priceCents = parseUsdToCents(input.price);
  return changeOwnChip(ctx, user, chipId, (tx, chip) =>
    activateChip(tx, chip, {
      actorId: user.id,
      priceCents,
      ...(input.description !== undefined ? { description: input.description || null } : {}),
    }),
  );
}

/** PATCH /api/artchip/:id/pricing: the owner of an activated chip sets its USD price and direct PayPal. */
export async function updateArtchipPricing(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: UpdateArtchipPricingInput,
) {
  const priceCents = parseUsdToCents(input.priceUsd);
  if (input.paypalEnabled) {
    const account = await findAccountById(ctx.db, user.id);
    if (!account?.paypalEmail) {
      throw new AppError('UNPROCESSABLE', PAYPAL_EMAIL_REQUIRED_MESSAGE, {
        fieldErrors: { paypalEnabled: [PAYPAL_EMAIL_REQUIRED_MESSAGE] },
      });
    }
  }
  return changeOwnChip(ctx, user, chipId, (tx, chip) =>
    priceChip(tx, chip, { actorId: user.id, priceCents, paypalEnabled: input.paypalEnabled }),
  );
}

/**
 * PATCH /api/artchip/:id/availability: the owner takes a listed chip off the market, or lists an
 * unlisted one again at its price. Unticking never makes a chip read as sold.
 */
export function setArtchipAvailability(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: ArtchipAvailabilityInput,
) {
  return changeOwnChip(ctx, user, chipId, async (tx, chip, now) => {
    if ((chip.status === 'active') === input.isAvailable && ownerIdOf(chip) === user.id) return;
    if (input.isAvailable) await listChip(tx, chip, { actorId: user.id, now });
    else await delistChip(tx, chip, { actorId: user.id, now });
  });
}

/** POST /api/artchip/:id/resell: the owner of a chip kept in our vault lists it again at a price. */
export function resellArtchip(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: ResellArtchipInput,
) {
  const priceCents = parseUsdToCents(input.priceUsd);
  return changeOwnChip(ctx, user, chipId, (tx, chip, now) =>
    listChip(tx, chip, { actorId: user.id, priceCents, now, resale: true }),
  );
}

/** GET /api/my-stats: chips minted and sold, and seller proceeds from the ledger. */
export async function getMyStats(ctx: ServiceContext, userId: number): Promise<MyStats> {
  const [minted, earnings, totals] = await Promise.all([
    countChipsCreatedBy(ctx.db, userId),
    sumSellerEarnings(ctx.db, userId),
    readAccountTotals(ctx.db, userId, 'seller'),
  ]);
  return {
    minted,
    sold: earnings.sold,
    revenueCents: earnings.earnedCents,
    // What the seller is still owed: earned less paid out (negative when they owe a direct-PayPal fee).
    proceedsPendingCents: totals.earnedCents - totals.paidOutCents,
  };
}
