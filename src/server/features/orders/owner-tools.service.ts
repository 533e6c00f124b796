import type { FastifyInstance } from 'fastify';
import { BRAND } from '#shared/brand.ts';
import { SELECT_ADDRESS_MESSAGE, type CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { Chip } from '#shared/chips.schemas.ts';
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
  refuseShipToMe,
  toChipDto,
  type ChipRow,
} from '#server/features/chips/index.ts';
import { findAccountById, listShippingAddresses } from '#server/features/users/index.ts';
import {
  loadPricingContext,
  requirePaymentProvider,
  shippingCountryOf,
  startOrderPayment,
  toSummaryDto,
} from '#server/features/checkout/index.ts';
import { completeOrderPayment, getPaymentRegistry } from '#server/features/payments/index.ts';
import { placeOrder } from './order-lifecycle.ts';
import { listPaidMintsAwaitingChip, sumSellerProceeds } from './orders.repo.ts';

const CHIP_NOT_FOUND = `${BRAND.name} not found`;
const HOLD_MINUTES = 15;

/** The spec §4 user-view status of a chip for this user. */
function userStatus(chip: ChipRow, userId: number): MyArtchipItem['userStatus'] {
  if (ownerIdOf(chip) !== userId) return 'Sold';
  if (chip.status === 'pending') return 'Pending';
  if (chip.status === 'active') return 'Live in Marketplace';
  if (chip.status === 'inactive') return 'Inactive';
  return chip.custody === 'in_vault' ? 'In Vault' : 'Owned';
}

/** GET /api/my-artchip: chips the user created or owns, plus paid mints not made yet, newest first. */
export async function listMyArtchips(app: FastifyInstance, user: AuthUser): Promise<MyArtchipItem[]> {
  const [tokenPriceUsd, rows, mints] = await Promise.all([
    currentTokenPriceUsd(app),
    listChipsOfUser(app.db, user.id),
    listPaidMintsAwaitingChip(app.db, user.id),
  ]);
  const ctx = { tokenPriceUsd, viewer: user, now: app.clock() };
  const chips: MyArtchipItem[] = rows.map((row) => {
    const { chip } = row;
    const artchip = toChipDto(row, ctx);
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
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  change: (tx: Db, chip: ChipRow, now: Date) => Promise<unknown>,
): Promise<Chip> {
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, chipId);
    const isParty = chip && (ownerIdOf(chip) === user.id || chip.creatorId === user.id);
    // A chip that is neither yours nor public reads as missing.
    if (!chip || (!isParty && !isChipPublic(chip))) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND);
    await change(tx, chip, now);
  });
  return getChipDto(app, chipId, user);
}

/** PATCH /api/artchip/:id/activate: the owner of a pending chip prices it and lists it. */
export function activateArtchip(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ActivateArtchipInput,
) {
  const priceCents = parseUsdToCents(input.price);
  return changeOwnChip(app, user, chipId, (tx, chip) =>
    activateChip(tx, chip, {
      actorId: user.id,
      priceCents,
      ...(input.description !== undefined ? { description: input.description || null } : {}),
    }),
  );
}

/** PATCH /api/artchip/:id/pricing: the owner of an activated chip sets its USD price and direct PayPal. */
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
  return changeOwnChip(app, user, chipId, (tx, chip) =>
    priceChip(tx, chip, { actorId: user.id, priceCents, paypalEnabled: input.paypalEnabled }),
  );
}

/**
 * PATCH /api/artchip/:id/availability: the owner takes a listed chip off the market, or lists an
 * unlisted one again at its price. Unticking never makes a chip read as sold.
 */
export function setArtchipAvailability(
  app: FastifyInstance,
  user: AuthUser,
  chipId: number,
  input: ArtchipAvailabilityInput,
) {
  return changeOwnChip(app, user, chipId, async (tx, chip, now) => {
    if ((chip.status === 'active') === input.isAvailable && ownerIdOf(chip) === user.id) return;
    if (input.isAvailable) await listChip(tx, chip, { actorId: user.id, now });
    else await delistChip(tx, chip, { actorId: user.id, now });
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
  return changeOwnChip(app, user, chipId, (tx, chip, now) =>
    listChip(tx, chip, { actorId: user.id, priceCents, now, resale: true }),
  );
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
    const chip = await lockChipForChange(tx, chipId);
    if (!chip || ownerIdOf(chip) !== user.id) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND);
    const refusal = refuseShipToMe(chip, user.id, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    const order = await placeOrder(tx, {
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
