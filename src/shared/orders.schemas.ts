/**
 * Orders on the wire: the buyer's view (GET /api/orders/:id, GET /api/my-orders), the admin's mint
 * tools, and the creator/owner tools of /my-artchip (activate, pricing, availability, resell, ship,
 * statistics). Money is integer cents; USD inputs are decimal strings ("12.50").
 */
import { z } from 'zod';
import {
  CHIP_CUSTODIES,
  CHIP_SHAPES,
  ChipCropSchema,
  ChipSchema,
  HttpUrlOrEmptySchema,
  httpUrlOrEmptySchema,
} from './chips.schemas.ts';
import { PaymentMethodSchema } from './settings.schemas.ts';
import { parseUsdToCents } from './money.ts';
import { MAX_ID } from './checkout.schemas.ts';
import { BRAND } from './brand.ts';
import { ORDER_KINDS, TRANSFER_FEE_BASES } from './pricing.ts';

export { ORDER_KINDS };

/**
 * Order status (spec §4): pending → processing → completed → shipped, then delivered when the chip
 * reached its owner; cancelled when an unpaid hold lapses or its payment fails. Which moves each order
 * type allows lives in server/modules/orders/order-lifecycle.ts.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How a shipped order came to be delivered (issue 28, decision 064): the buyer's signed-in fresh tap
 * of the chip, the buyer's "I received it", the auto-delivery job `autoDeliveryDays` after shipping,
 * or an admin's Mark Delivered. The seller sees which.
 */
export const DELIVERY_CONFIRMATIONS = ['tap', 'buyer', 'auto', 'admin'] as const;
export type DeliveryConfirmation = (typeof DELIVERY_CONFIRMATIONS)[number];

/** How each delivery was confirmed, in words (the seller's sales, the buyer's order). */
export const DELIVERY_CONFIRMATION_LABELS: Record<DeliveryConfirmation, string> = {
  tap: 'confirmed by the buyer’s tap',
  buyer: 'confirmed by the buyer',
  auto: 'confirmed automatically',
  admin: 'marked by our team',
};

/** Answered (409) when the buyer confirms receipt of an order that has not shipped. */
export const ORDER_NOT_SHIPPED_MESSAGE = 'This order has not shipped yet, so it cannot be marked received.';

/** Answered (409) when the buyer confirms receipt of a cancelled order. */
export const ORDER_CANCELLED_NOT_RECEIVABLE_MESSAGE =
  'This order was cancelled, so there is nothing to receive.';

/** What an order's timeline records: its placing, payment, each status move, and the mint's chip. */
export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'payment_failed',
  'cancelled',
  'processing',
  'completed',
  'shipped',
  'delivered',
  'media_uploaded',
  'artchip_created',
  'refund_requested',
  'refunded',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** The admin's moves on an order; the server answers which its state allows. */
const AdminOrderActionsSchema = z.object({
  markProcessing: z.boolean(),
  markCompleted: z.boolean(),
  markShipped: z.boolean(),
  markDelivered: z.boolean(),
  createArtchip: z.boolean(),
  uploadMedia: z.boolean(),
  /** A paid order whose fulfilment can still be undone may be refunded (with a reason). */
  refund: z.boolean(),
});
export type AdminOrderActions = z.infer<typeof AdminOrderActionsSchema>;

/** Payment status (spec §4): pending → processing → completed | failed; completed → refunded. */
export const PAYMENT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;

/**
 * Whether an order belongs to its buyer's account yet: a guest checkout made with the e-mail of an
 * existing account waits ('pending') until the address's owner confirms it from the e-mailed link
 * (PRODUCT.md: a guest checkout never writes into an existing account until its owner confirms).
 */
export const BUYER_CONFIRMATIONS = ['not_needed', 'pending', 'confirmed'] as const;

/** POST /api/orders/:id/confirm-buyer: the token from the order confirmation e-mail. */
export const ConfirmBuyerBodySchema = z.object({ token: z.string().min(1).max(200) });

/** What the confirmation link says when it is wrong, used or the order is not waiting for it. */
export const CONFIRM_BUYER_INVALID_MESSAGE = 'This confirmation link is invalid or has already been used.';

/** The answer of a confirmed order. */
export const ConfirmBuyerResponseSchema = z.object({ orderId: z.number().int(), confirmed: z.literal(true) });
export type ConfirmBuyerResponse = z.infer<typeof ConfirmBuyerResponseSchema>;

/** Which provider handles an order's payment. */
export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'paypal', 'solana'] as const;

/** Highest USD price a user may set (fits integer cents comfortably). */
const MAX_PRICE_CENTS = 100_000_000;

/** Spec §4 note shown while a payment is pending. */
export const PAYMENT_PENDING_NOTE = 'Your payment is still processing.';

/** Spec §4 note shown when a payment failed. */
export const PAYMENT_FAILED_NOTE = 'Payment failed. Please contact support.';

/** An unpaid order Pay now replaced with a newer one (issue 27): never "still processing". */
export const ORDER_REPLACED_NOTE =
  'Replaced by a newer order, which is the one to pay. Nothing was charged for this one.';

/** An order cancelled before it was paid (its payment failed or its hold lapsed). */
export const ORDER_CANCELLED_UNPAID_NOTE = 'Cancelled before it was paid. Nothing was charged.';

const OrderKindSchema = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof OrderKindSchema>;
const OrderStatusSchema = z.enum(ORDER_STATUSES);
const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** A shipping address copied onto the order when it was placed. */
const OrderShippingAddressSchema = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

/** Order (user view), spec §3 plus the status notes and shipping details. */
export const OrderSchema = z.object({
  id: z.number().int(),
  orderType: OrderKindSchema,
  status: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  /** Spec §4 note for pending ('still processing') and failed ('contact support') payments. */
  statusNote: z.string().nullable(),
  /** card (shown as credit card), paypal or artchip (the token). */
  paymentMethod: PaymentMethodSchema,
  paymentProvider: PaymentProviderSchema,
  artchipAmount: z.string().nullable(),
  basePriceCents: z.number().int(),
  discountCents: z.number().int(),
  markupCents: z.number().int(),
  shippingCents: z.number().int(),
  /** Shipping protection: insurance and signature on delivery (decision 066); 0 when not insured. */
  insuranceCents: z.number().int(),
  totalCents: z.number().int(),
  shippingOption: z.enum(['ship', 'store']),
  shippingAddress: OrderShippingAddressSchema.nullable(),
  /** The bought chip's title, or the mint's title. */
  artchipTitle: z.string().nullable(),
  artchipId: z.number().int().nullable(),
  artchipImageUrl: z.string().nullable(),
  /** Link parts of the chip page /artchip/{creatorUsername}/{artchipSlug}, when there is a chip. */
  creatorUsername: z.string().nullable(),
  artchipSlug: z.string().nullable(),
  isSurprize: z.boolean(),
  offerId: z.number().int().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  quoteExpiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** When a shipped order was delivered, and how (decision 064); null until then. */
  deliveredAt: z.string().nullable(),
  deliveredBy: z.enum(DELIVERY_CONFIRMATIONS).nullable(),
  /** True while POST /api/orders/:id/received will deliver it: shipped, on its way to this buyer. */
  canConfirmReceived: z.boolean(),
  createdAt: z.string(),
  /** A transfer order: who receives the chip, as its owner named them (a username or an e-mail). */
  transferTo: z.string().nullable(),
  /** An offline transfer whose fee is not paid yet: its sender may cancel it (DELETE /api/artchip/:id/transfer). */
  canCancelTransfer: z.boolean(),
  /**
   * True when POST /api/orders/:id/pay will work now: an unpaid, failed or lapsed mint or purchase
   * (its chip still buyable) that no newer order replaced. My Orders shows 'Pay now' then.
   */
  canPayNow: z.boolean(),
});

/** An order as its buyer sees it. */
export type Order = z.infer<typeof OrderSchema>;

/**
 * One of a seller's paid sales (GET /api/my-sales): what sold, for how much, where it stands and, once
 * delivered, how that was confirmed (decision 064). Nothing of the buyer's address.
 */
const SaleSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  artchipId: z.number().int().nullable(),
  artchipTitle: z.string().nullable(),
  /** The sale price in cents (without shipping, markups or discounts). */
  priceCents: z.number().int(),
  shippingOption: z.enum(['ship', 'store']),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  deliveredBy: z.enum(DELIVERY_CONFIRMATIONS).nullable(),
});
export type Sale = z.infer<typeof SaleSchema>;

/** GET /api/my-sales: the seller's paid sales, newest first. */
export const SaleListSchema = z.array(SaleSchema);

/** Path of the owner tools under /api/artchip/:id. */
export const ArtchipIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});

/** GET /api/my-orders: the user's orders, newest first. */
export const OrderListSchema = z.array(OrderSchema);

export const OrderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_ID),
});

/** POST /api/orders/:id/complete (demo payments only): the order after completion. */
export const CompleteOrderResponseSchema = z.object({ order: OrderSchema });

/** Surprize-mint media state (spec §4): 'Needs Media' until an image is uploaded. */
const MEDIA_STATES = ['Needs Media', 'Media Uploaded'] as const;

/** Admin order (spec §3), plus what the orders tab needs. */
export const AdminOrderSchema = z.object({
  id: z.number().int(),
  orderType: OrderKindSchema,
  mintTitle: z.string().nullable(),
  mintDescription: z.string().nullable(),
  mintAssociatedUrl: z.string().nullable(),
  originalImageUrl: z.string().nullable(),
  isSurprize: z.boolean(),
  adminMedia: z.record(z.string(), z.string().nullable()).nullable(),
  /** Surprize mints only; null otherwise. */
  mediaState: z.enum(MEDIA_STATES).nullable(),
  buyerId: z.number().int(),
  username: z.string(),
  email: z.string(),
  orderStatus: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  paymentMethod: PaymentMethodSchema,
  totalCents: z.number().int(),
  shippingOption: z.enum(['ship', 'store']),
  shippingAddress: OrderShippingAddressSchema.nullable(),
  /** The chip the order bought, or the chip made from the mint. */
  artchipId: z.number().int().nullable(),
  /** That chip's title and a small image of it (null without a chip), so a row names what it is. */
  chipTitle: z.string().nullable(),
  chipImageUrl: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** How a delivered order was confirmed (by tap, the buyer's button, automatically, by an admin). */
  deliveredBy: z.enum(DELIVERY_CONFIRMATIONS).nullable(),
  /** True when 'Create Artchip' may be offered: a paid mint whose chip is not made yet. */
  canCreateArtchip: z.boolean(),
  /** Exactly the admin actions this order's state allows. */
  actions: AdminOrderActionsSchema,
  /**
   * Why this order cannot be cancelled and refunded now, in the words the refund route answers
   * (e.g. 'Shipped orders are refunded through a buyer protection case.'); null while it can.
   */
  refundRefusal: z.string().nullable(),
  createdAt: z.string(),
});

/** An order as the admin sees it. */
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** One step of an order's timeline: what happened, who did it (null: the system or a provider), when. */
const OrderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  actorUsername: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** A mint's design from the mint studio: the shape and, for a custom mint, where the image sits. */
export const MintDesignSchema = z.object({
  shape: z.enum(CHIP_SHAPES),
  crop: ChipCropSchema.nullable(),
});
export type MintDesign = z.infer<typeof MintDesignSchema>;

/**
 * GET /api/admin/orders/:id: one order with what the admin needs to act on it: the item (image,
 * title, unit number, shape), where it goes, the payment, the timeline, and the allowed actions.
 */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  item: z
    .object({
      artchipId: z.number().int(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      unitId: z.string().nullable(),
      shape: z.enum(CHIP_SHAPES),
      crop: ChipCropSchema.nullable(),
      imageWidth: z.number().int().nullable(),
      imageHeight: z.number().int().nullable(),
      /** Link parts of the chip page. */
      creatorUsername: z.string(),
      slug: z.string(),
      ownerUsername: z.string().nullable(),
      custody: z.enum(CHIP_CUSTODIES),
    })
    .nullable(),
  /** What the creator chose in the mint studio; null for orders that are not mints or predate it. */
  mintDesign: MintDesignSchema.nullable(),
  payment: z.object({
    method: PaymentMethodSchema,
    provider: PaymentProviderSchema,
    providerRef: z.string().nullable(),
    basePriceCents: z.number().int(),
    discountCents: z.number().int(),
    markupCents: z.number().int(),
    shippingCents: z.number().int(),
    insuranceCents: z.number().int(),
    totalCents: z.number().int(),
    artchipAmount: z.string().nullable(),
    paidAt: z.string().nullable(),
    flagged: z.string().nullable(),
  }),
  /**
   * What the admin packs and books with the carrier (decision 066); null when nothing ships. A chip
   * priced above insuredShippingThresholdUsd ships insured for its price, signed for on delivery.
   */
  packing: z
    .object({
      /** The value the shipment is declared and insured at: the chip's price on this order. */
      declaredValueCents: z.number().int(),
      isInsured: z.boolean(),
      requiresSignature: z.boolean(),
      insuranceCents: z.number().int(),
    })
    .nullable(),
  timeline: z.array(OrderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** PATCH /api/admin/orders/:id/status body; shipping needs the carrier and tracking number. */
export const UpdateOrderStatusInputSchema = z
  .object({
    status: z.enum(['processing', 'completed', 'shipped', 'delivered'], { error: 'Invalid status' }),
    carrier: z.string().trim().max(100).optional(),
    trackingNumber: z.string().trim().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status !== 'shipped') return;
    if (!input.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'Carrier is required' });
    if (!input.trackingNumber) {
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Tracking number is required' });
    }
  });

/** An admin's order status change. */
export type UpdateOrderStatusInput = z.infer<typeof UpdateOrderStatusInputSchema>;

/** The admin media form's video link, when it is not an http(s) URL (spec §5 style). */
const ADMIN_VIDEO_URL_MESSAGE = 'Video URL must be a valid URL';

/**
 * Text fields of POST /api/admin/orders/:id/create-artchip and /media (multipart). Files: image
 * (required for surprize mints unless media was uploaded), additionalImage0..n.
 */
export const CreateArtchipFieldsSchema = z.object({
  associatedUrl: HttpUrlOrEmptySchema.optional(),
  tiktokUrl: HttpUrlOrEmptySchema.optional(),
  youtubeUrl: HttpUrlOrEmptySchema.optional(),
  instagramUrl: HttpUrlOrEmptySchema.optional(),
  xUrl: HttpUrlOrEmptySchema.optional(),
  facebookUrl: HttpUrlOrEmptySchema.optional(),
  adminVideoUrl: httpUrlOrEmptySchema(ADMIN_VIDEO_URL_MESSAGE).optional(),
  shape: z.enum(CHIP_SHAPES, { error: 'Shape must be round or square' }).optional(),
});

/** The media fields an admin sends with a mint. */
export type CreateArtchipFields = z.infer<typeof CreateArtchipFieldsSchema>;

/** POST /api/admin/orders/:id/create-artchip answer. */
export const CreateArtchipResponseSchema = z.object({ order: AdminOrderSchema, artchip: ChipSchema });

/** POST /api/admin/orders/:id/media answer. */
export const OrderMediaResponseSchema = z.object({ order: AdminOrderSchema });

/** A positive USD price as a decimal string with at most 2 decimals; `required` is the spec's message. */
export function usdPriceSchema(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(/^\d{1,9}(?:\.\d{1,2})?$/, { error: 'Enter a price like 12.50', abort: true })
    .refine((value) => parseUsdToCents(value) > 0, { error: 'Price must be greater than 0', abort: true })
    .refine((value) => parseUsdToCents(value) <= MAX_PRICE_CENTS, 'Price must be at most 1000000.00');
}

/** PATCH /api/artchip/:id/activate (spec §5: price required; description optional). USD price. */
export const ActivateArtchipInputSchema = z.object({
  price: usdPriceSchema('Price is required'),
  description: z.string().trim().max(500, 'Description must be less than 500 characters').optional(),
});
export type ActivateArtchipInput = z.infer<typeof ActivateArtchipInputSchema>;

/** PATCH /api/artchip/:id/pricing (spec §5). paypalEnabled needs a PayPal e-mail in the profile. */
export const UpdateArtchipPricingInputSchema = z.object({
  priceUsd: usdPriceSchema('USD price is required'),
  paypalEnabled: z.boolean().default(false),
});
export type UpdateArtchipPricingInput = z.infer<typeof UpdateArtchipPricingInputSchema>;

/** Answered (422) when PayPal is enabled without a PayPal e-mail. */
export const PAYPAL_EMAIL_REQUIRED_MESSAGE = 'Add a PayPal email in your Profile to accept PayPal payments.';

/** PATCH /api/artchip/:id/availability. */
export const ArtchipAvailabilityInputSchema = z.object({
  isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
});
export type ArtchipAvailabilityInput = z.infer<typeof ArtchipAvailabilityInputSchema>;

/** POST /api/artchip/:id/resell: list a vaulted chip again. */
export const ResellArtchipInputSchema = z.object({ priceUsd: usdPriceSchema('USD price is required') });
export type ResellArtchipInput = z.infer<typeof ResellArtchipInputSchema>;

/** POST /api/artchip/:id/ship: ship a vaulted chip to its owner (an orderType 'shipping' order). */
export const ShipArtchipInputSchema = z.object({
  shippingAddressId: z.number({ error: 'Please select a shipping address' }).int().positive().max(MAX_ID),
  /** Defaults to the first method offered for purchases. */
  paymentMethod: PaymentMethodSchema.optional(),
});
export type ShipArtchipInput = z.infer<typeof ShipArtchipInputSchema>;

export const TRANSFER_RECIPIENT_REQUIRED_MESSAGE = 'Enter a username or an e-mail address';
export const TRANSFER_RECIPIENT_UNKNOWN_MESSAGE =
  'No one has this username. To invite someone new, enter their e-mail address.';
export const TRANSFER_TO_SELF_MESSAGE = `You already own this ${BRAND.name}.`;
/** Answered (409) for a payment of a transfer fee order that was cancelled first (started again or abandoned): refunded. */
export const TRANSFER_WITHDRAWN_MESSAGE =
  'This transfer was cancelled or started again before your payment completed, so the payment is refunded.';

/** Answered (409) to DELETE /api/artchip/:id/transfer when no transfer of the chip waits for its fee. */
export const NO_TRANSFER_TO_CANCEL_MESSAGE = `No transfer of this ${BRAND.name} is waiting for its fee.`;

/**
 * DELETE /api/artchip/:id/transfer: the owner cancels their transfer of the chip before its fee is paid;
 * its fee order is cancelled (a payment of it arriving later is refunded, decision 061).
 */
export const TransferCancellationSchema = z.object({
  cancelledOrderIds: z.array(z.number().int()),
});
export type TransferCancellation = z.infer<typeof TransferCancellationSchema>;

/**
 * POST /api/artchip/:id/transfer: the owner hands the chip to someone else, named by username or
 * e-mail (someone without an account is invited), and pays the transfer fee like a checkout.
 */
export const TransferArtchipInputSchema = z.object({
  recipient: z
    .string({ error: TRANSFER_RECIPIENT_REQUIRED_MESSAGE })
    .trim()
    .min(1, TRANSFER_RECIPIENT_REQUIRED_MESSAGE)
    .max(254, TRANSFER_RECIPIENT_UNKNOWN_MESSAGE)
    // eslint-disable-next-line no-control-regex -- control characters are never part of a name or address
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), TRANSFER_RECIPIENT_UNKNOWN_MESSAGE),
  /** Defaults to the first method offered for purchases. */
  paymentMethod: PaymentMethodSchema.optional(),
});
export type TransferArtchipInput = z.infer<typeof TransferArtchipInputSchema>;

/** GET /api/artchip/:id/transfer-fee: what a transfer of the chip costs its owner now, and why. */
export const TransferFeeSchema = z.object({
  feeCents: z.number().int(),
  feeBaseCents: z.number().int(),
  feeBasis: z.enum(TRANSFER_FEE_BASES),
  /** The rule in words: "30% of this chip's highest price, $50.00". */
  rule: z.string(),
  /** A listed chip comes off the marketplace when its transfer is placed. */
  isListed: z.boolean(),
});
export type TransferFee = z.infer<typeof TransferFeeSchema>;

/** The chip user-view status of /my-artchip (spec §4). */
const MY_ARTCHIP_STATUSES = [
  'Pending Creation',
  'Pending',
  'Live in Marketplace',
  'Inactive',
  'Sold',
  'In Vault',
  /** Bought and shipped (or on its way) to you. */
  'Owned',
  /** Taken down by an admin: hidden from everyone but you (docs/decisions/062). */
  'Taken Down',
] as const;

/** One row of GET /api/my-artchip: a chip, or a paid mint whose chip is not made yet. */
const MyArtchipItemSchema = z.object({
  /** 'chip' rows have artchip; 'mint' rows are paid mint orders still waiting for the admin. */
  kind: z.enum(['chip', 'mint']),
  userStatus: z.enum(MY_ARTCHIP_STATUSES),
  /** creator: you minted it; owner: you bought it (or both when you still own your mint). */
  isCreator: z.boolean(),
  isOwner: z.boolean(),
  /** Actions the dashboard may offer. */
  canActivate: z.boolean(),
  canEditPricing: z.boolean(),
  canResell: z.boolean(),
  canRequestShipping: z.boolean(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  orderId: z.number().int().nullable(),
  artchip: ChipSchema.nullable(),
  createdAt: z.string(),
});
export type MyArtchipItem = z.infer<typeof MyArtchipItemSchema>;

export const MyArtchipListSchema = z.array(MyArtchipItemSchema);

/** GET /api/my-stats: figures from the ledger and chips. */
export const MyStatsSchema = z.object({
  minted: z.number().int(),
  sold: z.number().int(),
  /** Seller proceeds booked for the user's sales (pending + paid). */
  revenueCents: z.number().int(),
  /** Seller proceeds not yet paid out. */
  proceedsPendingCents: z.number().int(),
  /** Creator royalties standing on the resales, transfers and hand-overs of the user's chips (decision 081). */
  royaltiesCents: z.number().int(),
});
export type MyStats = z.infer<typeof MyStatsSchema>;

/** `?token=`: a demo order's one-time payment token, which lets a guest buyer follow and finish it. */
export const PaymentTokenQuerySchema = z.object({ token: z.string().min(1).max(200).optional() });
