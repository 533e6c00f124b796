/**
 * What the owner's paid moves on their own chip (ship to me, transfer) share: the payment method they
 * pay with, and answering the placed order like a checkout (a zero total completes at once).
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import type { OrderSummary } from '#shared/pricing.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { OrderRow } from '#server/modules/orders/index.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ownerIdOf, type ChipRow } from '#server/modules/chips/index.ts';
import { completeOrderPayment } from '#server/flows/settlement/index.ts';
import { paymentOptionsFor, type PaymentProvider } from '#server/modules/payments/index.ts';
import { requirePaymentProvider, toSummaryDto, type PricingContext } from './checkout.service.ts';
import { startOrderPayment } from './start-payment.ts';

/** The method asked for, else the first purchase method a provider takes; a clear 422 if not offered. */
export function ownerOrderProvider(
  ctx: ServiceContext,
  pricing: PricingContext,
  requested: PaymentMethod | undefined,
): { method: PaymentMethod; provider: PaymentProvider } {
  const method =
    requested ?? paymentOptionsFor(ctx, pricing.settings.paymentMethods.purchase)[0]?.method ?? 'card';
  return { method, provider: requirePaymentProvider(ctx, pricing.settings, 'purchase', method) };
}

/** The owner's chip, or NOT_FOUND for anyone else (an owner's tools never reveal that a chip exists). */
export function requireOwnChip(chip: ChipRow | null, user: AuthUser): ChipRow {
  if (!chip || ownerIdOf(chip) !== user.id) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  return chip;
}

/** Answers a committed owner's order like a checkout: nothing to charge completes it now. */
export async function answerOwnerOrder(
  ctx: ServiceContext,
  args: {
    order: OrderRow;
    provider: PaymentProvider;
    user: AuthUser;
    title: string;
    summary: OrderSummary;
    pricing: PricingContext;
    expiresAt: Date;
  },
): Promise<CheckoutResponse> {
  const { order, provider, user } = args;
  const response = {
    orderId: order.id,
    newAccount: false,
    email: user.email,
    paymentMode: provider.mode,
    summary: toSummaryDto(args.summary, args.pricing, args.expiresAt),
  };
  if (order.totalCents === 0) {
    await completeOrderPayment(ctx, {
      orderId: order.id,
      provider: provider.name,
      eventKey: `free:${order.id}`,
      amountCents: 0,
      currency: 'USD',
    });
    return { ...response, redirectUrl: `/checkout-success?orderId=${order.id}` };
  }
  const payment = await startOrderPayment(ctx, order, provider, {
    buyerEmail: user.email,
    title: args.title,
  });
  return { ...response, ...payment };
}
