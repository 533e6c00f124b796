/**
 * The creator/owner dashboard of /my-artchip: the user's chips with their dashboard status, the paid
 * mints not made yet, and the user's figures (chips minted and sold, proceeds from the ledger).
 */
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  countChipsCreatedBy,
  currentTokenPriceUsd,
  listChipsOfUser,
  ownerIdOf,
  toChipDto,
  saleContext,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import { readAccountTotals, sumSellerEarnings } from '#server/modules/ledger/index.ts';
import { listPaidMintsAwaitingChip } from '#server/modules/orders/index.ts';
import type { MyArtchipItem, MyStats } from '#shared/orders.schemas.ts';

/** The spec §4 user-view status of a chip for this user. */
function userStatus(chip: ChipRow, userId: number): MyArtchipItem['userStatus'] {
  if (ownerIdOf(chip) !== userId) return 'Sold';
  if (chip.status === 'removed') return 'Taken Down';
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
  const read = { tokenPriceUsd, viewer: user, now: ctx.clock(), sale: saleContext(ctx) };
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
      imageUrl: artchip.imageUrl,
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
    royaltiesCents: earnings.royaltiesCents,
  };
}
