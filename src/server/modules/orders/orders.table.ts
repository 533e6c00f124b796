import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  BUYER_CONFIRMATIONS,
  DELIVERY_CONFIRMATIONS,
  ORDER_EVENT_TYPES,
  ORDER_KINDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
} from '#shared/orders.schemas.ts';
import { PAYMENT_METHODS } from '#shared/settings.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { chipHandovers } from '#server/modules/chips/handovers.table.ts';

export type ShippingAddressSnapshot = {
  name: string;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export const orders = pgTable(
  'orders',
  {
    ...baseColumns,
    /** mint, purchase, shipping (sending a vaulted chip to its owner) or transfer (to someone else). */
    orderType: text().$type<(typeof ORDER_KINDS)[number]>().notNull(),
    buyerId: integer()
      .notNull()
      .references(() => users.id),
    chipId: integer().references(() => chips.id),
    sellerId: integer().references(() => users.id),
    offerId: integer(),
    /** Only order-lifecycle.ts changes it. */
    status: text().$type<(typeof ORDER_STATUSES)[number]>().notNull().default('pending'),
    paymentStatus: text().$type<(typeof PAYMENT_STATUSES)[number]>().notNull().default('pending'),
    paymentMethod: text().$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    paymentProvider: text().$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    /** Provider-side id: PaymentIntent id, PayPal order id, Solana Pay reference. */
    providerRef: text(),
    shippingOption: text().$type<'ship' | 'store'>().notNull(),
    shippingAddress: jsonb().$type<ShippingAddressSnapshot | null>(),
    basePriceCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    markupCents: integer().notNull().default(0),
    shippingCents: integer().notNull().default(0),
    /** Shipping protection (decision 066): insurance and signature on delivery, part of totalCents. */
    insuranceCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** Token amount quoted at checkout (decimal string, 6 places). */
    artchipAmount: text(),
    tokenPriceUsd: text(),
    quoteExpiresAt: tstz(),
    isSurprize: boolean().notNull().default(false),
    mintTitle: text(),
    mintDescription: text(),
    mintAssociatedUrl: text(),
    originalImageUrl: text(),
    adminMedia: jsonb().$type<Record<string, string | null>>(),
    carrier: text(),
    trackingNumber: text(),
    paidAt: tstz(),
    shippedAt: tstz(),
    /** A shipped order's delivery (decision 064): when, and how it was confirmed. Only order-lifecycle.ts sets them. */
    deliveredAt: tstz(),
    deliveredBy: text().$type<(typeof DELIVERY_CONFIRMATIONS)[number]>(),
    /** Set for guest checkouts so /checkout-success can hand out a set-password token once. */
    isNewAccount: boolean().notNull().default(false),
    /** When /checkout-success handed out the guest's set-password token; it is handed out once. */
    setPasswordHandedOutAt: tstz(),
    /**
     * Hash of the one-time token a guest checkout hands to the browser that placed the order; only
     * that browser may claim the new account from /checkout-success (issue 14, finding 1).
     */
    guestTokenHash: text(),
    /**
     * A guest checkout with the e-mail of an existing account is 'pending' until the address's owner
     * confirms it from the e-mailed link; until then it is not among the account's orders.
     */
    buyerConfirmation: text().$type<(typeof BUYER_CONFIRMATIONS)[number]>().notNull().default('not_needed'),
    /** Hash of the token the confirmation e-mail carries (set when the payment completes). */
    buyerConfirmTokenHash: text(),
    /**
     * Hash of the client network (IPv4 address or IPv6 /64, lib/client-network.ts) that placed a guest
     * or signed-in purchase, to bound its open holds.
     */
    clientKey: text(),
    paymentFlagged: text(),
    /** A transfer: who receives the chip, as the owner named them (a username, or an e-mail). */
    transferRecipient: text(),
    /** A transfer: the receiving account, when it existed as the order was placed (else made on payment). */
    transferToUserId: integer().references(() => users.id),
    /** A transfer by tap (issue 15): the handover whose fee this order pays (the owner's or the claimant's). */
    handoverId: integer().references(() => chipHandovers.id),
  },
  (t) => [
    index('orders_buyer_id_idx').on(t.buyerId, t.createdAt),
    index('orders_chip_id_idx').on(t.chipId),
    index('orders_seller_id_idx').on(t.sellerId),
    index('orders_offer_id_idx').on(t.offerId),
    index('orders_status_idx').on(t.status, t.paymentStatus),
    index('orders_client_key_idx').on(t.clientKey, t.createdAt),
    uniqueIndex('orders_provider_ref_uq').on(t.paymentProvider, t.providerRef),
    checkOneOf('orders_order_type_ck', t.orderType, ORDER_KINDS),
    checkOneOf('orders_status_ck', t.status, ORDER_STATUSES),
    checkOneOf('orders_payment_status_ck', t.paymentStatus, PAYMENT_STATUSES),
    checkOneOf('orders_payment_method_ck', t.paymentMethod, PAYMENT_METHODS),
    checkOneOf('orders_payment_provider_ck', t.paymentProvider, PAYMENT_PROVIDERS),
    checkOneOf('orders_shipping_option_ck', t.shippingOption, ['ship', 'store']),
    checkOneOf('orders_buyer_confirmation_ck', t.buyerConfirmation, BUYER_CONFIRMATIONS),
    check(
      'orders_transfer_ck',
      sql`(${t.orderType} = 'transfer') = (${t.transferRecipient} is not null or ${t.handoverId} is not null) and (${t.orderType} <> 'transfer' or ${t.chipId} is not null)`,
    ),
    index('orders_handover_id_idx').on(t.handoverId),
    checkOneOf('orders_delivered_by_ck', t.deliveredBy, DELIVERY_CONFIRMATIONS),
    // A delivered order always says how, and when (a later refund may cancel it; they stay).
    check(
      'orders_delivered_ck',
      sql`${t.status} <> 'delivered' or (${t.deliveredBy} is not null and ${t.deliveredAt} is not null)`,
    ),
    // The auto-delivery job's sweep: shipped orders, oldest shipment first.
    index('orders_shipped_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = 'shipped'`),
    check('orders_insurance_cents_ck', sql`${t.insuranceCents} >= 0`),
  ],
);

/** Each order's timeline: every move of its lifecycle, with who made it (null: the system). */
export const orderEvents = pgTable(
  'order_events',
  {
    ...baseColumns,
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text().$type<(typeof ORDER_EVENT_TYPES)[number]>().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('order_events_order_id_idx').on(t.orderId, t.createdAt),
    index('order_events_actor_idx').on(t.actorUserId),
    checkOneOf('order_events_type_ck', t.type, ORDER_EVENT_TYPES),
  ],
);
