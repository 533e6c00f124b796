/**
 * Affiliates: level 1 earns 10% and level 2 5% of the minting fees of the users they referred
 * (spec §6, §9). Commissions are pending until an admin pays the affiliate out (in the token).
 */
import { z } from 'zod';

const COMMISSION_STATUSES = ['pending', 'paid'] as const;

/** Spec §3 commission, money in cents; commissionRate is a percentage string ("10.00"). */
const CommissionSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  affiliateUserId: z.number().int(),
  affiliateUsername: z.string(),
  sourceUserId: z.number().int(),
  sourceUsername: z.string(),
  commissionLevel: z.number().int(),
  baseAmountCents: z.number().int(),
  commissionRate: z.string(),
  commissionAmountCents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  payoutId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Commission = z.infer<typeof CommissionSchema>;

export const CommissionListSchema = z.array(CommissionSchema);

/** GET /api/affiliates/me: the dashboard's Affiliates tab. */
export const AffiliateSummarySchema = z.object({
  affiliateCode: z.string(),
  /** `${publicUrl}/?ref=${affiliateCode}` */
  link: z.string(),
  /** Users who signed up with this code (level 1). */
  referralCount: z.number().int(),
  pendingCents: z.number().int(),
  paidCents: z.number().int(),
  totalCents: z.number().int(),
  commissions: CommissionListSchema,
});
export type AffiliateSummary = z.infer<typeof AffiliateSummarySchema>;

/** Spec §3 affiliate stats row for the admin's Affiliates tab, money in cents. */
const AffiliateStatsSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  affiliateCode: z.string(),
  referralCount: z.number().int(),
  pendingCommissionsCents: z.number().int(),
  paidCommissionsCents: z.number().int(),
  totalCommissionsCents: z.number().int(),
  commissionCount: z.number().int(),
});
export type AffiliateStats = z.infer<typeof AffiliateStatsSchema>;

export const AffiliateStatsListSchema = z.array(AffiliateStatsSchema);

/** Spec §3 affiliate summary for the admin: totals and the commissions. */
export const AdminAffiliateSummarySchema = z.object({
  totalCommissionsCents: z.number().int(),
  totalPayoutsCents: z.number().int(),
  activeAffiliates: z.number().int(),
  commissions: CommissionListSchema,
});
export type AdminAffiliateSummary = z.infer<typeof AdminAffiliateSummarySchema>;

/** POST /api/admin/affiliate-payout/:userId body: an optional on-chain or bank reference. */
export const AffiliatePayoutInputSchema = z.object({
  txReference: z.string().trim().max(200, 'Reference must be 200 characters or less').optional(),
});

/** A payout: every pending commission of one affiliate, paid at once. */
export const PayoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  amountCents: z.number().int(),
  commissionCount: z.number().int(),
  txReference: z.string().nullable(),
  adminId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;
