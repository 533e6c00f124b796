/**
 * The creator/owner tools of /my-artchip: the user's chips with a derived status, activation,
 * pricing, availability, resale of vaulted chips, shipping requests and sales statistics.
 */
import type { FastifyInstance } from 'fastify';
import { BRAND } from '#shared/brand.ts';
import {
  CHIP_RESERVED_MESSAGE,
  SELECT_ADDRESS_MESSAGE,
  type CheckoutResponse,
} from '#shared/checkout.schemas.ts';
import type { Chip, ChipEventType } from '#shared/chips.schemas.ts';
import { parseUsdToCents } from '#shared/money.ts';
import {
  PAYPAL_EMAIL_REQUIRED_MESSAGE,
  type ActivateArtchipInput,
  type ArtchipAvailabilityInput,
  type MyArtchipItem,
  type MyStats,
  type ResellArtchipInput,
  type ShipArtchipInput,
  type UpdateArtchipPricingInput,
} from '#shared/orders.schemas.ts';
import { computeOrderSummary } from '#shared/pricing.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/plugins/auth.ts';
import { currentTokenPriceUsd, recordChipEvent, toChipDto } from '#server/features/chips/chips.service.ts';
import { findAccountById, listShippingAddresses } from '#server/features/users/users.service.ts';
import {
  loadPricingContext,
  requirePaymentProvider,
  shippingCountryOf,
  toSummaryDto,
} from '#server/features/checkout/checkout.service.ts';
import { startOrderPayment } from '#server/features/checkout/start-payment.ts';
import { completeOrderPayment } from '#server/features/payments/payments.service.ts';
import { getPaymentRegistry } from '#server/features/payments/payments.registry.ts';
import {
  countChipsCreatedBy,
  findChipWithUsers,
  listChipsOfUser,
  lockChipRow,
  ownerIdOf,
  updateChipRow,
  type ChipRow,
} from './chip-sale.repo.ts';
import { insertOrder, listPaidMintsAwaitingChip, sumSellerProceeds } from './orders.repo.ts';

const CHIP_NOT_FOUND = `${BRAND.name} not found`;
const NOT_OWNER = `Only the owner can change this ${BRAND.name}.`;
const HOLD_MINUTES = 15;

function isListed(chip: ChipRow): boolean {
  return chip.isActive && chip.isForSale && chip.isAvailable && chip.status === 'active';
}

function isHeld(chip: ChipRow, now: Date): boolean {
  return chip.reservedByOrderId !== null && chip.reservedUntil !== null && chip.reservedUntil > now;
}

/** The spec §4 user-view status of a chip for this user. */
function userStatus(chip: ChipRow, userId: number): MyArtchipItem['userStatus'] {
  if (ownerIdOf(chip) !== userId) return 'Sold';
  if (chip.status === 'pending') return 'Pending';
  if (isListed(chip)) return 'Live in Marketplace';
  if (chip.creatorId !== userId || chip.status === 'sold')
    return chip.shippingOption === 'store' ? 'In Vault' : 'Owned';
  return 'Inactive';
}

/** GET /api/my-artchip: chips the user created or owns, plus paid mints not made yet, newest first. */
export async function listMyArtchips(app: FastifyInstance, userId: number): Promise<MyArtchipItem[]> {
  const [tokenPriceUsd, rows, mints] = await Promise.all([
    currentTokenPriceUsd(app),
    listChipsOfUser(app.db, userId),
    listPaidMintsAwaitingChip(app.db, userId),
  ]);
  const chips: MyArtchipItem[] = rows.map(({ chip, creatorUsername, ownerUsername }) => {
    const isOwner = ownerIdOf(chip) === userId;
    const inVault = chip.shippingOption === 'store' && !isListed(chip);
    return {
      kind: 'chip',
      userStatus: userStatus(chip, userId),
      isCreator: chip.creatorId === userId,
      isOwner,
      canActivate: isOwner && chip.status === 'pending',
      canEditPricing: isOwner && chip.status === 'active',
      canResell: isOwner && chip.status === 'sold' && chip.shippingOption === 'store',
      canRequestShipping: isOwner && inVault && chip.status !== 'pending',
      title: chip.title,
      imageUrl: chip.imageUrl,
      orderId: chip.sourceOrderId,
      artchip: toChipDto(chip, creatorUsername, ownerUsername, tokenPriceUsd),
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

/** Runs a change on the caller's own chip under its row lock and answers the updated chip. */
async function changeOwnChip(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  change: (tx: Db, chip: ChipRow, now: Date) => Promise<void>,
): Promise<Chip> {
  const now = app.clock();
  const tokenPriceUsd = await currentTokenPriceUsd(app);
  await app.db.transaction(async (tx) => {
    const chip = await lockChipRow(tx, chipId);
    const isParty = chip && (ownerIdOf(chip) === user.id || chip.creatorId === user.id);
    // A chip that is neither yours nor public reads as missing.
    if (!chip || (!isParty && chip.status === 'pending')) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND);
    if (ownerIdOf(chip) !== user.id) throw new AppError('FORBIDDEN', NOT_OWNER);
    await change(tx, chip, now);
  });
  const row = (await findChipWithUsers(app.db, chipId))!;
  return toChipDto(row.chip, row.creatorUsername, row.ownerUsername, tokenPriceUsd);
}

async function event(
  tx: Db,
  chip: ChipRow,
  type: ChipEventType,
  userId: number,
  data: Record<string, unknown>,
) {
  await recordChipEvent(tx, { chipId: chip.id, type, actorUserId: userId, data });
}

/** PATCH /api/artchip/:id/activate: the owner of a pending chip prices it and lists it. */
export function activateArtchip(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ActivateArtchipInput,
) {
  const priceCents = parseUsdToCents(input.price);
  return changeOwnChip(app, user, chipId, async (tx, chip) => {
    if (chip.status !== 'pending')
      throw new AppError('CONFLICT', `Only pending ${BRAND.plural} can be activated.`);
    await updateChipRow(tx, chip.id, {
      status: 'active',
      isActive: true,
      isForSale: true,
      isAvailable: true,
      priceCents,
      highestPriceCents: Math.max(chip.highestPriceCents, priceCents),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
    });
    await event(tx, chip, 'listed', user.id, { priceCents });
  });
}

/** PATCH /api/artchip/:id/pricing: the owner of an active chip sets its USD price and direct PayPal. */
export async function updateArtchipPricing(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: UpdateArtchipPricingInput,
) {
  const priceCents = parseUsdToCents(input.priceUsd);
  if (input.paypalEnabled) {
    const account = await findAccountById(app.db, user.id);
    if (!account?.paypalEmail) {
      throw new AppError('UNPROCESSABLE', PAYPAL_EMAIL_REQUIRED_MESSAGE, {
        fieldErrors: { paypalEnabled: [PAYPAL_EMAIL_REQUIRED_MESSAGE] },
      });
    }
  }
  return changeOwnChip(app, user, chipId, async (tx, chip) => {
    if (chip.status !== 'active')
      throw new AppError('CONFLICT', `Only active ${BRAND.plural} can be priced.`);
    await updateChipRow(tx, chip.id, {
      priceCents,
      paypalEnabled: input.paypalEnabled,
      highestPriceCents: Math.max(chip.highestPriceCents, priceCents),
    });
    await event(tx, chip, 'priced', user.id, { priceCents, paypalEnabled: input.paypalEnabled });
  });
}

/** PATCH /api/artchip/:id/availability: the owner lists or unlists an active chip (not while it is being bought). */
export function setArtchipAvailability(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ArtchipAvailabilityInput,
) {
  return changeOwnChip(app, user, chipId, async (tx, chip, now) => {
    if (chip.status !== 'active')
      throw new AppError('CONFLICT', `Only active ${BRAND.plural} can be listed or unlisted.`);
    if (isHeld(chip, now)) throw new AppError('CONFLICT', CHIP_RESERVED_MESSAGE);
    if (chip.isAvailable === input.isAvailable) return;
    await updateChipRow(tx, chip.id, {
      isAvailable: input.isAvailable,
      isForSale: input.isAvailable || chip.isForSale,
    });
    await event(tx, chip, input.isAvailable ? 'listed' : 'unlisted', user.id, {});
  });
}

/** POST /api/artchip/:id/resell: the owner of a chip kept in our vault lists it again at a price. */
export function resellArtchip(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ResellArtchipInput,
) {
  const priceCents = parseUsdToCents(input.priceUsd);
  return changeOwnChip(app, user, chipId, async (tx, chip) => {
    if (chip.status !== 'sold' || chip.shippingOption !== 'store') {
      throw new AppError('CONFLICT', `Only ${BRAND.plural} kept in our vault can be resold here.`);
    }
    await updateChipRow(tx, chip.id, {
      status: 'active',
      isActive: true,
      isForSale: true,
      isAvailable: true,
      priceCents,
      paypalEnabled: false,
      highestPriceCents: Math.max(chip.highestPriceCents, priceCents),
    });
    await event(tx, chip, 'listed', user.id, { priceCents, resale: true });
  });
}

/**
 * POST /api/artchip/:id/ship: the owner asks for a vaulted chip to be shipped. Creates an orderType
 * 'shipping' order charged at the shipping rate and starts its payment like a checkout.
 */
export async function requestArtchipShipping(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ShipArtchipInput,
): Promise<CheckoutResponse> {
  const now = app.clock();
  const pricing = await loadPricingContext(app);
  const method =
    input.paymentMethod ??
    pricing.settings.paymentMethods.purchase.find((m) => getPaymentRegistry(app).providerFor(m) !== null) ??
    'card';
  const provider = requirePaymentProvider(app, pricing.settings, 'purchase', method);
  const address = (await listShippingAddresses(app.db, user.id)).find(
    (a) => a.id === input.shippingAddressId,
  );
  if (!address) {
    throw new AppError('VALIDATION_FAILED', SELECT_ADDRESS_MESSAGE, {
      fieldErrors: { shippingAddressId: [SELECT_ADDRESS_MESSAGE] },
    });
  }
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60 * 1000);
  const summary = computeOrderSummary({
    orderType: 'purchase',
    chip: { priceCents: 0, paypalEnabled: false },
    settings: pricing.settings,
    paymentMethod: method,
    shippingOption: 'ship',
    country: shippingCountryOf(address.country),
    tokenPriceUsd: pricing.tokenPriceUsd,
  });
  const { order, title } = await app.db.transaction(async (tx) => {
    const chip = await lockChipRow(tx, chipId);
    if (!chip || ownerIdOf(chip) !== user.id) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND);
    if (chip.shippingOption !== 'store' || chip.status === 'pending') {
      throw new AppError('CONFLICT', `Only ${BRAND.plural} kept in our vault can be shipped.`);
    }
    if (isListed(chip) || isHeld(chip, now)) {
      throw new AppError('CONFLICT', `Unlist this ${BRAND.name} before asking for it to be shipped.`);
    }
    const order = await insertOrder(tx, {
      orderType: 'shipping',
      buyerId: user.id,
      chipId: chip.id,
      paymentMethod: method,
      paymentProvider: provider.name,
      shippingOption: 'ship',
      shippingAddress: {
        name: address.name,
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2,
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
        country: address.country,
      },
      ...summary,
      tokenPriceUsd: pricing.tokenPriceUsd,
      quoteExpiresAt: expiresAt,
    });
    return { order, title: chip.title };
  });
  const response = {
    orderId: order.id,
    newAccount: false,
    email: user.email,
    paymentMode: provider.mode,
    summary: toSummaryDto(summary, pricing, expiresAt),
  };
  if (order.totalCents === 0) {
    // Free shipping (token payments with artchipFreeShipping): nothing to charge.
    await completeOrderPayment(app, {
      orderId: order.id,
      provider: provider.name,
      eventKey: `free:${order.id}`,
      amountCents: 0,
      currency: 'USD',
    });
    return { ...response, redirectUrl: `/checkout-success?orderId=${order.id}` };
  }
  const payment = await startOrderPayment(app, order, provider, { buyerEmail: user.email, title });
  return { ...response, ...payment };
}

/** GET /api/my-stats: chips minted and sold, and seller proceeds from the ledger. */
export async function getMyStats(app: FastifyInstance, userId: number): Promise<MyStats> {
  const [minted, proceeds] = await Promise.all([
    countChipsCreatedBy(app.db, userId),
    sumSellerProceeds(app.db, userId),
  ]);
  return {
    minted,
    sold: proceeds.sold,
    revenueCents: proceeds.revenueCents,
    proceedsPendingCents: proceeds.pendingCents,
  };
}
