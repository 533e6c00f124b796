/**
 * POST /api/artchip/:id/ship: the owner of a vaulted chip pays for its shipment, like a checkout
 * (a 'shipping' order at the shipping rate, insured above the threshold on the chip's highest sale, as
 * a purchase shipped is on its price: decision 066). Paid, the chip leaves the vault (payments applies it).
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { ShipArtchipInput } from '#shared/orders.schemas.ts';
import { computeOrderSummary } from '#shared/pricing.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { lockChipForChange, refuseShipToMe } from '#server/modules/chips/index.ts';
import { placeOrder } from '#server/modules/orders/index.ts';
import { listShippingAddresses } from '#server/modules/users/index.ts';
import { loadPricingContext } from './checkout.service.ts';
import { answerOwnerOrder, ownerOrderProvider, requireOwnChip } from './owner-orders.ts';
import { savedAddressSnapshot } from './place-order.ts';

const HOLD_MINUTES = 15;

export async function requestArtchipShipping(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: ShipArtchipInput,
): Promise<CheckoutResponse> {
  const now = ctx.clock();
  const pricing = await loadPricingContext(ctx);
  const { method, provider } = ownerOrderProvider(ctx, pricing, input.paymentMethod);
  const address = savedAddressSnapshot(await listShippingAddresses(ctx.db, user.id), input.shippingAddressId);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60 * 1000);
  const { order, title, summary } = await ctx.db.transaction(async (tx) => {
    const chip = requireOwnChip(await lockChipForChange(tx, chipId), user);
    const refusal = refuseShipToMe(chip, user.id, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    // Shipping only, insured (decision 066) on the chip's value: the highest price it was paid.
    const summary = computeOrderSummary({
      orderType: 'purchase',
      chip: { priceCents: 0, paypalEnabled: false },
      settings: pricing.settings,
      paymentMethod: method,
      shippingOption: 'ship',
      country: address.country,
      tokenPriceUsd: pricing.tokenPriceUsd,
      insuredValueCents: chip.highestPriceCents,
    });
    const order = await placeOrder(tx, {
      orderType: 'shipping',
      buyerId: user.id,
      chipId: chip.id,
      paymentMethod: method,
      paymentProvider: provider.name,
      shippingOption: 'ship',
      shippingAddress: address,
      ...summary,
      tokenPriceUsd: pricing.tokenPriceUsd,
      quoteExpiresAt: expiresAt,
    });
    return { order, title: chip.title, summary };
  });
  return answerOwnerOrder(ctx, { order, provider, user, title, summary, pricing, expiresAt });
}
