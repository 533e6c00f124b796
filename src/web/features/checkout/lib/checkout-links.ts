import { ROUTES } from '#shared/brand.ts';
import { parseUsdToCents } from '#shared/money.ts';

/** The query the payment pages pass on to /checkout-success. */
export type CheckoutSuccessLink = { orderId: number; email?: string | null; isNewAccount?: boolean };

/** /checkout-success?orderId=&email=&newAccount= */
export function checkoutSuccessPath({ orderId, email, isNewAccount }: CheckoutSuccessLink): string {
  const query = new URLSearchParams({ orderId: String(orderId) });
  if (email) query.set('email', email);
  query.set('newAccount', String(Boolean(isNewAccount)));
  return `${ROUTES.checkoutSuccess}?${query}`;
}

/** A positive integer id from a query value, or null. */
export function parseOrderId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A USD amount from a query value ("15.00") in cents, or null when missing or malformed. */
export function parseAmountCents(value: string | null): number | null {
  if (!value || !/^\d{1,9}(?:\.\d{1,2})?$/.test(value)) return null;
  return parseUsdToCents(value);
}
