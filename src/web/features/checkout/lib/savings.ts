import { BRAND } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';

/**
 * What this order actually saved (the spec's prototype claimed a fixed $10.00): the token discount
 * and free shipping, when an order that ships was charged none. Null when nothing was saved.
 */
export function describeSavings(
  order: Pick<Order, 'discountCents' | 'shippingCents' | 'shippingOption' | 'paymentMethod'>,
): string | null {
  const hasDiscount = order.discountCents > 0;
  const hasFreeShipping = order.shippingOption === 'ship' && order.shippingCents === 0;
  if (hasDiscount && hasFreeShipping) {
    return `You saved ${formatUsd(order.discountCents)} by paying with ${BRAND.ticker}, plus free shipping.`;
  }
  if (hasDiscount) return `You saved ${formatUsd(order.discountCents)} by paying with ${BRAND.ticker}.`;
  if (hasFreeShipping) {
    return order.paymentMethod === 'artchip'
      ? `Shipping is free because you paid with ${BRAND.ticker}.`
      : 'Shipping is free on this order.';
  }
  return null;
}
