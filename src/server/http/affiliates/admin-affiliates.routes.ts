import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommissionListQuerySchema, PayoutParamsSchema } from '#shared/admin.schemas.ts';
import {
  AdminAffiliateSummarySchema,
  AffiliatePayoutInputSchema,
  AffiliateStatsListSchema,
  CommissionListSchema,
  PayoutSchema,
} from '#shared/affiliates.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { checkAffiliatePayable } from '#server/flows/payouts/index.ts';
import {
  getAdminAffiliateSummary,
  listAffiliateStats,
  listCommissions,
  payOutAffiliate,
} from '#server/modules/affiliates/index.ts';

const admin = { auth: 'admin' } as const;

/** The Affiliates tab, over the affiliates module's service (which audits the payout). */
export const adminAffiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/affiliate-stats',
    { config: admin, schema: { response: { 200: AffiliateStatsListSchema } } },
    async () => listAffiliateStats(app.db),
  );

  app.get(
    '/api/admin/affiliates',
    { config: admin, schema: { response: { 200: AdminAffiliateSummarySchema } } },
    async () => getAdminAffiliateSummary(app.db),
  );

  app.get(
    '/api/admin/affiliate-commissions',
    {
      config: admin,
      schema: { querystring: CommissionListQuerySchema, response: { 200: CommissionListSchema } },
    },
    async (request) => listCommissions(app.db, request.query.userId),
  );

  app.post(
    '/api/admin/affiliate-payout/:userId',
    {
      config: admin,
      schema: {
        params: PayoutParamsSchema,
        body: AffiliatePayoutInputSchema.optional(),
        response: { 200: PayoutSchema },
      },
    },
    async (request) => {
      // Frozen, or a PayPal e-mail still in its hold: refused with when (decision 071).
      await checkAffiliatePayable(app, request.params.userId);
      return payOutAffiliate(app.db, {
        userId: request.params.userId,
        adminId: currentUser(request).id,
        txReference: request.body?.txReference,
      });
    },
  );
};
