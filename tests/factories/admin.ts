import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { contactMessages } from '#server/modules/contact/contact.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { shippingAddresses } from '#server/modules/users/users.table.ts';

/**
 * Rows the admin back office reads, for tables whose own factories do not exist yet: orders (a paid
 * mint by default), contact messages, outbox mail, commissions and shipping addresses.
 */
export async function insertOrderRow(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> & { buyerId: number },
) {
  const [row] = await db
    .insert(orders)
    .values({
      orderType: 'mint',
      status: 'pending',
      paymentStatus: 'completed',
      paymentMethod: 'artchip',
      paymentProvider: 'demo',
      shippingOption: 'store',
      basePriceCents: 1500,
      totalCents: 1500,
      mintTitle: 'My mint',
      mintDescription: 'A mint for a test',
      originalImageUrl: `/media/${'c'.repeat(64)}.png`,
      paidAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertContactMessageRow(
  db: Db,
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question', ...overrides })
    .returning();
  return row!;
}

export async function insertMailRow(db: Db, overrides: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: 'bob@example.com',
      subject: 'Welcome',
      text: 'Hi',
      html: '<p>Hi</p>',
      template: 'welcome',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertCommissionRow(
  db: Db,
  values: { orderId: number; affiliateUserId: number; sourceUserId: number } & Partial<
    typeof commissions.$inferInsert
  >,
) {
  const [row] = await db
    .insert(commissions)
    .values({ level: 1, baseAmountCents: 1500, rateBasisPoints: 1000, amountCents: 150, ...values })
    .returning();
  // The ledger lines the real booking writes with it (the affiliate earns it from the platform's fee).
  const at = `order:${row!.orderId}:affiliate_commission:${row!.level}`;
  const reason = `Level ${row!.level} commission on order #${row!.orderId}`;
  await db.insert(ledgerLines).values([
    {
      entryKey: at,
      orderId: row!.orderId,
      account: 'affiliate',
      kind: 'affiliate_commission',
      userId: row!.affiliateUserId,
      amountCents: row!.amountCents,
      reason,
    },
    {
      entryKey: `${at}:platform`,
      orderId: row!.orderId,
      account: 'platform',
      kind: 'affiliate_commission',
      amountCents: -row!.amountCents,
      reason,
    },
  ]);
  return row!;
}

export async function insertAddressRow(
  db: Db,
  userId: number,
  overrides: Partial<typeof shippingAddresses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(shippingAddresses)
    .values({
      userId,
      name: 'Home',
      addressLine1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      phone: '555-0100',
      isDefault: true,
      ...overrides,
    })
    .returning();
  return row!;
}
