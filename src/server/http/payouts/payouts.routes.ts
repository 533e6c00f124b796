import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DestinationReportInputSchema,
  UnfreezePayoutsInputSchema,
  PayableBalanceListSchema,
  PayoutAccountInputSchema,
  PayoutAccountSchema,
  PayoutBatchInputSchema,
  PayoutBatchResultSchema,
  PayoutSchema,
  StripeOnboardingInputSchema,
  StripeOnboardingSchema,
  SellerBalanceSchema,
  SellerPayoutInputSchema,
  SellerPayoutParamsSchema,
} from '#shared/payouts.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  getSellerBalance,
  listPayableBalances,
  payOutMany,
  payOutSeller,
} from '#server/flows/payouts/index.ts';
import { refreshStripeReadiness } from '#server/modules/payouts/index.ts';
import {
  changePayoutAccount,
  reportDestinationChange,
  startGuardedStripeOnboarding,
  unfreezeAccountPayouts,
} from '#server/flows/payout-destination/index.ts';
import { MessageResponseSchema } from '#shared/auth.schemas.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** A seller's balance and payouts, and the admin's payouts screen. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-payouts',
    { config: { auth: 'user' }, schema: { response: { 200: SellerBalanceSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getSellerBalance(app, currentUser(request).id);
    },
  );

  app.get(
    '/api/admin/payouts',
    { config: { auth: 'admin' }, schema: { response: { 200: PayableBalanceListSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listPayableBalances(app);
    },
  );

  app.post(
    '/api/admin/payouts/sellers/:userId',
    {
      config: { auth: 'admin' },
      schema: {
        params: SellerPayoutParamsSchema,
        body: SellerPayoutInputSchema,
        response: { 201: PayoutSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await payOutSeller(app, {
          sellerId: request.params.userId,
          adminId: currentUser(request).id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/api/admin/payouts/batch',
    {
      config: { auth: 'admin' },
      schema: { body: PayoutBatchInputSchema, response: { 200: PayoutBatchResultSchema } },
    },
    async (request) => payOutMany(app, { adminId: currentUser(request).id, input: request.body }),
  );

  app.get(
    '/api/my-payout-account',
    { config: { auth: 'user' }, schema: { response: { 200: PayoutAccountSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Back from Stripe's onboarding, or any visit: the account's state is read again.
      return refreshStripeReadiness(app, currentUser(request).id);
    },
  );

  app.put(
    '/api/my-payout-account',
    {
      config: { auth: 'user' },
      schema: { body: PayoutAccountInputSchema, response: { 200: PayoutAccountSchema } },
    },
    async (request) =>
      changePayoutAccount(app, { userId: currentUser(request).id, client: request.ip }, request.body),
  );

  // Decision 071: the "this wasn't me" link of a destination change mail (the page at
  // ROUTES.payoutDestinationReport posts its token here): payouts freeze, every session ends.
  app.post(
    '/api/payout-destination/report',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: DestinationReportInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => reportDestinationChange(app, request.body.token),
  );

  app.post(
    '/api/admin/payouts/users/:userId/unfreeze',
    {
      config: { auth: 'admin' },
      schema: {
        params: SellerPayoutParamsSchema,
        body: UnfreezePayoutsInputSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) =>
      unfreezeAccountPayouts(app, {
        adminId: currentUser(request).id,
        userId: request.params.userId,
        note: request.body.note,
      }),
  );

  // Decision 077: Stripe's onboarding sets the bank account payouts go to, so it is guarded like
  // PUT /api/my-payout-account (the password or a second-factor code; the owner is mailed).
  app.post(
    '/api/my-payout-account/stripe-onboarding',
    {
      config: { auth: 'user' },
      schema: { body: StripeOnboardingInputSchema, response: { 200: StripeOnboardingSchema } },
    },
    async (request) =>
      startGuardedStripeOnboarding(
        app,
        { userId: currentUser(request).id, client: request.ip },
        request.body ?? {},
      ),
  );
};
