/**
 * The chip moves an owner makes from /my-artchip (price, list or unlist, resell), each through the
 * chip lifecycle under the chip's row lock. Asking for a shipment is a checkout
 * (flows/checkout/ship-request.service.ts); activating, which may refund a ship-to-me mint's
 * shipping, is flows/settlement/unused-shipping.service.ts.
 */
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { CHIP_NOT_FOUND_MESSAGE, type Chip } from '#shared/chips.schemas.ts';
import { parseUsdToCents } from '#shared/money.ts';
import {
  PAYPAL_EMAIL_REQUIRED_MESSAGE,
  type ArtchipAvailabilityInput,
  type ResellArtchipInput,
  type UpdateArtchipPricingInput,
} from '#shared/orders.schemas.ts';
import {
  delistChip,
  isChipPublic,
  listChip,
  lockChipForChange,
  ownerIdOf,
  priceChip,
} from './chip-lifecycle.ts';
import type { ChipRow } from './chips.repo.ts';
import { getChipDto } from './chips.service.ts';

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
