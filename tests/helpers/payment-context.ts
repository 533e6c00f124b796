import { pino } from 'pino';
import type { Db } from '#server/db/client.ts';
import type { PaymentContext, PaymentOrder } from '#server/modules/payments/payment-provider.ts';

/** A PaymentContext for adapter calls that never read the database (refunds, cancellations). */
export function paymentContextWithoutDb(): PaymentContext {
  return { db: undefined as unknown as Db, log: pino({ level: 'silent' }), publicUrl: 'http://127.0.0.1' };
}

/** What a payment adapter is told about an order: a $-priced purchase of a chip, unless overridden. */
export function testPaymentOrder(
  overrides: Partial<PaymentOrder> & Pick<PaymentOrder, 'id' | 'totalCents' | 'paymentMethod'>,
): PaymentOrder {
  return {
    orderType: 'purchase',
    currency: 'USD',
    artchipAmount: null,
    tokenPriceUsd: null,
    quoteExpiresAt: new Date(),
    description: 'Artchip: Sunset',
    buyerEmail: 'buyer@example.com',
    chipId: null,
    sellerPaypalEmail: null,
    ...overrides,
  };
}
