import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { media } from '#server/modules/media/media.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { ALLOCATION_KINDS, CASH_KINDS } from '#shared/ledger.schemas.ts';
import { paymentEvents } from '#server/modules/payments/payments.table.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { shippingAddresses } from '#server/modules/users/users.table.ts';
import type { CheckoutRequestInput } from '#shared/checkout-request.schemas.ts';

/** A media row as POST /api/media would record it (content-addressed URL); returns the row. */
export async function insertMedia(db: Db, uploaderId: number | null = null) {
  const hash = crypto.randomBytes(32).toString('hex');
  const [row] = await db
    .insert(media)
    .values({
      hash,
      uploaderId,
      mime: 'image/png',
      width: 800,
      height: 800,
      originalUrl: `/media/${hash}.png`,
      variants: [{ width: 640, url: `/media/${crypto.randomBytes(32).toString('hex')}.webp` }],
    })
    .returning();
  return row!;
}

/** A saved shipping address of the user (US unless overridden). */
export async function insertAddress(
  db: Db,
  userId: number,
  overrides: Partial<typeof shippingAddresses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(shippingAddresses)
    .values({
      userId,
      name: 'Ada Buyer',
      addressLine1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A purchase checkout body kept in the vault, paid by card; override any field. */
export function purchaseBody(
  artchipId: number,
  overrides: Partial<CheckoutRequestInput> = {},
): CheckoutRequestInput {
  return { orderType: 'purchase', artchipId, paymentMethod: 'card', shippingOption: 'store', ...overrides };
}

/** A custom mint checkout body paid with the token; imageUrl must be an uploaded media URL. */
export function mintBody(
  imageUrl: string | undefined,
  overrides: Partial<CheckoutRequestInput> = {},
): CheckoutRequestInput {
  return {
    orderType: 'mint',
    paymentMethod: 'artchip',
    shippingOption: 'store',
    mintData: { isSurprize: imageUrl === undefined, title: 'My Mint', description: 'A test mint', imageUrl },
    ...overrides,
  };
}

export type OrderOverrides = Partial<typeof orders.$inferInsert> & { buyerId: number };

/** Inserts an order directly (a $15 custom mint, unpaid, demo, by default). */
export async function insertOrder(db: Db, overrides: OrderOverrides) {
  const [row] = await db
    .insert(orders)
    .values({
      orderType: 'mint',
      paymentMethod: 'artchip',
      paymentProvider: 'demo',
      shippingOption: 'store',
      basePriceCents: 1500,
      totalCents: 1500,
      mintTitle: 'Factory mint',
      ...overrides,
    })
    .returning();
  return row!;
}

/** Everything a sale books, for assertions. */
export async function readOrderBooks(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.orderId, orderId))
    .orderBy(ledgerLines.id);
  return {
    order: order!,
    /** What the order's money was allocated to (fee, proceeds, shipping, commissions, refund due). */
    ledger: lines.filter((l) => (ALLOCATION_KINDS as readonly string[]).includes(l.kind)),
    /** Money in and back out (payment, refund). */
    cash: lines.filter((l) => (CASH_KINDS as readonly string[]).includes(l.kind)),
    lines,
    events: await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    commissions: await db.select().from(commissions).where(eq(commissions.orderId, orderId)),
  };
}

/** Inserts an offer directly (pending, 7 days, $20 by default). */
export async function insertOffer(
  db: Db,
  overrides: Partial<typeof offers.$inferInsert> & { chipId: number; buyerId: number; ownerId: number },
) {
  const [row] = await db
    .insert(offers)
    .values({
      amountCents: 2000,
      status: 'pending',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      ...overrides,
    })
    .returning();
  return row!;
}
