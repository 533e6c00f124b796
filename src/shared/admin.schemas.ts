/**
 * Wire shapes of the admin back office (/api/admin/*): stats, customers, orders, chips, email list,
 * messages, mail log and audit log. Spec §3 entities, §5 validation messages.
 */
import { z } from 'zod';
import {
  CHIP_STATUSES,
  CHIP_SHAPES,
  ChipCropSchema,
  ChipSchema,
  HttpUrlOrEmptySchema,
  UNIT_ID_PATTERN,
  TITLE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
} from './chips.schemas.ts';
import { AdminOrderSchema, ORDER_STATUSES, PAYMENT_STATUSES } from './orders.schemas.ts';
import type { SubscriptionStatus } from './subscriptions.schemas.ts';
import { MAX_ID } from './input.ts';

/** Largest page any admin list returns; lists are keyset-paginated by id, newest first. */
const ADMIN_PAGE_SIZE = 50;
const ADMIN_MAX_PAGE_SIZE = 100;

/** An opaque "older than this id" cursor plus a bounded page size. */
const pageQuery = {
  cursor: z.coerce.number({ error: 'Invalid cursor' }).int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
};

/** A page of items; nextCursor is the id to pass as `cursor` for the next page, or null at the end. */
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });
}

/** A numeric path id (`/api/admin/customers/:id`). */
export const AdminIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int().positive().max(MAX_ID),
});

// ---------------------------------------------------------------- Overview

/** GET /api/admin/stats: the Overview tab's stat cards. */
export const AdminStatsSchema = z.object({
  /** Every chip that exists, the demo catalogue's included. */
  totalChips: z.number().int(),
  /** Chips available (listed) in the marketplace, the demo catalogue's included. */
  availableChips: z.number().int(),
  /** How many of totalChips are the demo catalogue's. */
  demoChips: z.number().int(),
  /** How many of availableChips are the demo catalogue's. */
  demoAvailableChips: z.number().int(),
  /**
   * Live payments are configured while demo-catalogue chips are still listed: nobody can buy them
   * (PRODUCT.md), and the Overview tells the admin to remove the demo catalogue.
   */
  demoCatalogueNotForSale: z.boolean(),
  /** Paid surprize mint orders the admin still has to make (pending or processing). */
  activeSurprizeOrders: z.number().int(),
  ordersByStatus: z.record(z.string(), z.number().int()),
  /**
   * The platform's income, from the ledger: sale, mint and transfer fees (with discounts and markups),
   * less affiliate commissions and refunds; demo accounts' orders excluded. Not gross sales.
   */
  revenueCents: z.number().int(),
  /** Owed and not yet paid out: sellers' and affiliates' together (the two figures below). */
  pendingPayoutsCents: z.number().int(),
  /** Sellers' balances owed (proceeds, held ones included, less payouts); demo accounts excluded. */
  pendingSellerPayoutsCents: z.number().int(),
  /** Affiliate commissions booked and not yet paid out. */
  pendingAffiliatePayoutsCents: z.number().int(),
  totalCustomers: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

// ---------------------------------------------------------------- Customers

export const CustomerListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ...pageQuery,
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

/** Spec §3 admin customer (list row). */
const AdminCustomerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  totalMinted: z.number().int(),
  totalPurchased: z.number().int(),
  totalSpentCents: z.number().int(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;
export const AdminCustomerPageSchema = pageOf(AdminCustomerSchema);
export type AdminCustomerPage = z.infer<typeof AdminCustomerPageSchema>;

const AdminCustomerAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
});

/** A chip in a customer's minted or purchased collection. */
const AdminCustomerChipSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  priceUsd: z.string().nullable(),
  status: z.string(),
  shippingOption: z.string(),
  creatorUsername: z.string(),
});

/** GET /api/admin/customers/:id: the row plus contact, addresses and collections. */
export const AdminCustomerDetailSchema = AdminCustomerSchema.extend({
  phone: z.string().nullable(),
  paypalEmail: z.string().nullable(),
  affiliateCode: z.string(),
  referredBy: z.number().int().nullable(),
  isEmailVerified: z.boolean(),
  role: z.string(),
  /** Decision 071: when the owner's "this wasn't me" froze their payouts; null while not frozen. */
  payoutsFrozenAt: z.string().nullable(),
  shippingAddresses: z.array(AdminCustomerAddressSchema),
  mintedArtchips: z.array(AdminCustomerChipSchema),
  purchasedArtchips: z.array(AdminCustomerChipSchema),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

export const CUSTOMER_USERNAME_MAX_LENGTH = 50;
export const AFFILIATE_CODE_MAX_LENGTH = 20;

const optionalEmailOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address');

/** POST /api/admin/customers and PUT /api/admin/customers/:id body (spec §5 customer form). */
export const CustomerInputSchema = z.object({
  email: z.string({ error: 'Invalid email address' }).trim().pipe(z.email('Invalid email address')),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(CUSTOMER_USERNAME_MAX_LENGTH, 'Username must be 50 characters or less'),
  firstName: z.string().trim().max(100).optional().default(''),
  lastName: z.string().trim().max(100).optional().default(''),
  profileImageUrl: HttpUrlOrEmptySchema.optional().default(''),
  isEmailVerified: z.boolean().default(false),
  affiliateCode: z
    .string()
    .trim()
    .max(AFFILIATE_CODE_MAX_LENGTH, 'Affiliate code must be 20 characters or less')
    .optional()
    .default(''),
  // Spec §5: an empty input becomes null.
  referredBy: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Referred By must be a number' })
      .int('Referred By must be a number')
      .positive()
      .max(MAX_ID, 'Referred By must be a number')
      .nullable(),
  ),
  paypalEmail: optionalEmailOrEmpty.optional().default(''),
});
export type CustomerInput = z.output<typeof CustomerInputSchema>;
export type CustomerFormValues = z.input<typeof CustomerInputSchema>;

// ---------------------------------------------------------------- Orders

export const ADMIN_ORDER_TYPES = ['mint', 'purchase', 'shipping', 'transfer', 'all'] as const;

export const OrderListQuerySchema = z.object({
  type: z.enum(ADMIN_ORDER_TYPES).default('mint'),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  ...pageQuery,
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** A page of admin orders (the row shape is the commerce module's AdminOrderSchema). */
export const AdminOrderPageSchema = pageOf(AdminOrderSchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

// ---------------------------------------------------------------- Chips

/** What an admin may set: pending is "not listed yet" (public), removed is a takedown (decision 062). */
const ADMIN_CHIP_STATUSES = ['active', 'pending', 'inactive', 'removed'] as const;

export const AdminChipListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(CHIP_STATUSES).optional(),
  maker: z.enum(['company', 'customer']).optional(),
  isSurprize: z.enum(['true', 'false']).optional(),
  isAvailable: z.enum(['true', 'false']).optional(),
  /** Only chips their owners reported lost or stolen (issue 15). */
  reported: z.enum(['true', 'false']).optional(),
  ...pageQuery,
});
export type AdminChipListQuery = z.infer<typeof AdminChipListQuerySchema>;

/** A chip as the admin sees it: every field, with who made and who holds it. */
export const AdminChipSchema = ChipSchema.pick({
  id: true,
  title: true,
  slug: true,
  description: true,
  priceUsd: true,
  imageUrl: true,
  originalImageUrl: true,
  adminImageUrl: true,
  additionalImageUrls: true,
  unitId: true,
  nfcUid: true,
  isAvailable: true,
  isActive: true,
  isForSale: true,
  isSurprize: true,
  creatorId: true,
  creatorUsername: true,
  ownerUsername: true,
  associatedUrl: true,
  tiktokUrl: true,
  youtubeUrl: true,
  instagramUrl: true,
  xUrl: true,
  createdAt: true,
  reportStatus: true,
}).extend({
  /** 'Company' for company-made chips (creator 1), otherwise 'Customer'. */
  maker: z.enum(['Company', 'Customer']),
  // Admins see raw values, including any a later status adds.
  status: z.string(),
  shape: z.string(),
  shippingOption: z.string(),
});
export type AdminChip = z.infer<typeof AdminChipSchema>;
export const AdminChipPageSchema = pageOf(AdminChipSchema);
export type AdminChipPage = z.infer<typeof AdminChipPageSchema>;

/** Spec §5: a chip for sale needs a price (create, and an edit that would clear a listed chip's). */
export const PRICE_REQUIRED_MESSAGE = 'Price is required';

const usdOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v), 'Enter a price like 12.50');

const boolField = z.union([z.boolean(), z.enum(['true', 'false', 'on', ''])]);

/** Reads a form boolean ('true', 'on', true) the same way on both sides. */
export function isTruthyField(value: boolean | string | undefined): boolean {
  return value === true || value === 'true' || value === 'on';
}

/**
 * POST /api/admin/artchip (multipart text fields; image and additionalImage0..n are files).
 * Company-made unless isCustomerMinting: then the chip is made for creatorUsername, who prices and
 * activates it, so the price is optional.
 */
export const AdminChipCreateSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(TITLE_MAX_LENGTH, 'Title must be less than 100 characters'),
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, 'Description must be less than 500 characters')
      .optional()
      .default(''),
    price: usdOrEmpty.optional().default(''),
    discountPercent: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100),
        'Discount must be between 0 and 100',
      )
      .optional()
      .default(''),
    customUrlPath: z
      .string({ error: 'Custom URL path is required' })
      .trim()
      .min(1, 'Custom URL path is required')
      .max(100, 'Custom URL path must be 100 characters or less')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and dashes'),
    associatedUrl: HttpUrlOrEmptySchema.optional().default(''),
    tiktokUrl: HttpUrlOrEmptySchema.optional().default(''),
    youtubeUrl: HttpUrlOrEmptySchema.optional().default(''),
    instagramUrl: HttpUrlOrEmptySchema.optional().default(''),
    xUrl: HttpUrlOrEmptySchema.optional().default(''),
    shape: z.enum(['round', 'square']).optional().default('round'),
    isCustomerMinting: boolField.optional().default(false),
    creatorUsername: z.string().trim().max(50).optional().default(''),
  })
  .superRefine((v, ctx) => {
    const customer = isTruthyField(v.isCustomerMinting);
    if (!customer && v.price === '')
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_REQUIRED_MESSAGE });
    if (customer && v.creatorUsername === '') {
      ctx.addIssue({ code: 'custom', path: ['creatorUsername'], message: 'Customer username is required' });
    }
  });
export type AdminChipCreateInput = z.output<typeof AdminChipCreateSchema>;
export type AdminChipCreateForm = z.input<typeof AdminChipCreateSchema>;

/** A JSON field of a multipart form ('' is null); anything else is left for the schema to judge. */
function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** PATCH /api/admin/artchip/:id (JSON, or multipart when images change); only present fields change. */
export const AdminChipUpdateSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(TITLE_MAX_LENGTH, 'Title must be less than 100 characters')
    .optional(),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, 'Description must be less than 500 characters')
    .optional(),
  priceUsd: usdOrEmpty.optional(),
  status: z
    .enum(ADMIN_CHIP_STATUSES, { error: 'Status must be active, pending, inactive or removed' })
    .optional(),
  isActive: boolField.optional(),
  isAvailable: boolField.optional(),
  unitId: z
    .string()
    .trim()
    .refine((v) => v === '' || UNIT_ID_PATTERN.test(v), 'Unit ID must be 14 digits')
    .optional(),
  nfcUid: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9A-Fa-f]{8,20}$/.test(v), 'NFC UID must be 8 to 20 hex characters')
    .optional(),
  /** Keeps these of the current additional images (the rest are removed). */
  keepAdditionalImageUrls: z.array(z.string()).max(10).optional(),
  /** The design: a new shape, and where the artwork sits (null: centred); the pictures are made again. */
  shape: z.enum(CHIP_SHAPES, { error: 'Shape must be round or square' }).optional(),
  crop: z.preprocess(parseJsonField, ChipCropSchema.nullable()).optional(),
});
export type AdminChipUpdateInput = z.output<typeof AdminChipUpdateSchema>;
export type AdminChipUpdateForm = z.input<typeof AdminChipUpdateSchema>;

// ---------------------------------------------------------------- Email list

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  not_confirmed: 'Not Confirmed',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/**
 * One CSV cell: quoted, with a leading ' before = + - @ (and tab or CR) so a spreadsheet never runs
 * it as a formula (CSV injection).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

// ---------------------------------------------------------------- Messages, mail, audit

/** PATCH /api/admin/messages/:id body: an admin marks a message read or archives it. */
export const MessageStatusInputSchema = z.object({
  status: z.enum(['read', 'archived'], { error: 'Status must be read or archived' }),
});
export type MessageStatusInput = z.infer<typeof MessageStatusInputSchema>;

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;

export const MailListQuerySchema = z.object({
  status: z.enum(MAIL_STATES).optional(),
  ...pageQuery,
});

const MailLogEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof MailLogEntrySchema>;
export const MailLogPageSchema = pageOf(MailLogEntrySchema);

export const AuditListQuerySchema = z.object({
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(50).optional(),
  adminId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  ...pageQuery,
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  adminId: z.number().int().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

// ---------------------------------------------------------------- Affiliates

/** GET /api/admin/affiliate-commissions?userId= */
export const CommissionListQuerySchema = z.object({
  userId: z.coerce.number({ error: 'userId is required' }).int().positive().max(MAX_ID),
});

/** POST /api/admin/affiliate-payout/:userId params. */
export const PayoutParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(MAX_ID) });
