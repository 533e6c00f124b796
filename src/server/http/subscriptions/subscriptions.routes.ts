import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUTES } from '#shared/brand.ts';
import {
  ConfirmSubscriptionInputSchema,
  EmailSignupInputSchema,
  EmailSignupResponseSchema,
  SubscriptionChangeResponseSchema,
  UnsubscribeBodySchema,
  UnsubscribeLinkQuerySchema,
  UnsubscribeQuerySchema,
} from '#shared/subscriptions.schemas.ts';
import {
  confirmEmailSubscription,
  signUpForEmailList,
  unsubscribeFromEmailList,
} from '#server/modules/subscriptions/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** The e-mail list: double opt-in sign-up, confirmation, and one-click unsubscribe (RFC 8058). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail providers send the one-click unsubscribe as a form post ("List-Unsubscribe=One-Click").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/api/email-signup',
    {
      config: { rateLimit: limitPerMinute(app.config, 5) },
      schema: { body: EmailSignupInputSchema, response: { 200: EmailSignupResponseSchema } },
    },
    async (request) => signUpForEmailList(app, request.body),
  );

  // Only a POST confirms: mail scanners prefetch the GET of the link, which just opens the page.
  app.post(
    '/api/email-signup/confirm',
    { schema: { body: ConfirmSubscriptionInputSchema, response: { 200: SubscriptionChangeResponseSchema } } },
    async (request) => confirmEmailSubscription(app, request.body),
  );

  // Not rate limited: one-click posts of many subscribers arrive from the same mail provider's servers.
  app.post(
    '/api/email-signup/unsubscribe',
    {
      // Posted by mail providers' servers as a form; its mailed token is the authority, not a session.
      config: {
        allowCrossOrigin: true,
        bodyTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
      },
      schema: {
        querystring: UnsubscribeQuerySchema,
        body: UnsubscribeBodySchema,
        response: { 200: SubscriptionChangeResponseSchema },
      },
    },
    async (request) => unsubscribeFromEmailList(app, { token: request.query.token ?? request.body?.token }),
  );

  // A mail client without one-click support opens the List-Unsubscribe URL: show the page, change nothing.
  app.get(
    '/api/email-signup/unsubscribe',
    { schema: { querystring: UnsubscribeLinkQuerySchema } },
    async (request, reply) => {
      const token = request.query.token;
      return reply.redirect(
        token ? `${ROUTES.emailUnsubscribe}?token=${encodeURIComponent(token)}` : ROUTES.emailUnsubscribe,
        303,
      );
    },
  );
};
