import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import * as auth from '#server/modules/auth/index.ts';
import { setSessionCookie } from '#server/modules/auth/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';
import { AdminLoginResponseSchema, AuthSessionSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';
import {
  RecoveryCodesSchema,
  TotpConfirmInputSchema,
  TotpDisableInputSchema,
  TotpSetupSchema,
  TwoFactorStatusSchema,
  TwoFactorVerifyInputSchema,
} from '#shared/two-factor.schemas.ts';

/**
 * Two-factor sign-in with an authenticator app (issue 29, decision 072): enrolment, turning it off
 * and the log-in's second step, for users (/api/auth/2fa/…) and admins (/api/admin/auth/2fa/…, on
 * the admin session and its cookie). Wrong codes are limited per challenge and per account in the
 * auth module, whoever sends them; these per-client limits only keep the traffic down.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const totpSecrets = () => auth.totpSecretBoxFor(app.config, app.log);
  const secondFactor = () => ({ now: app.clock(), totpSecrets: totpSecrets() });
  const areas = [
    { prefix: '/api/auth/2fa', auth: 'user' as const },
    { prefix: '/api/admin/auth/2fa', auth: 'admin' as const },
  ];
  for (const area of areas) {
    app.get(
      area.prefix,
      { config: { auth: area.auth }, schema: { response: { 200: TwoFactorStatusSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const user = currentUser(request);
        const required =
          area.auth === 'admin' &&
          (await auth.isAdminEnrolmentRequired(
            app.db,
            user.id,
            (await getSiteSettings(app)).requireAdminTwoFactor,
          ));
        return auth.twoFactorStatus(app.db, user.id, required);
      },
    );

    app.post(
      `${area.prefix}/totp`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 10) },
        schema: { response: { 200: TotpSetupSchema } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return auth.startTotpEnrolment(app.db, currentUser(request).id, totpSecrets());
      },
    );

    app.post(
      `${area.prefix}/totp/confirm`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 10) },
        schema: { body: TotpConfirmInputSchema, response: { 200: RecoveryCodesSchema } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return auth.confirmTotpEnrolment(app.db, currentUser(request).id, request.body.code, secondFactor());
      },
    );

    app.delete(
      `${area.prefix}/totp`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 5) },
        schema: { body: TotpDisableInputSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => auth.disableTotp(app.db, currentUser(request).id, request.body.currentPassword),
    );
  }

  app.post(
    '/api/auth/2fa/verify',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: TwoFactorVerifyInputSchema, response: { 200: AuthSessionSchema } },
    },
    async (request, reply) => {
      const session = await auth.loginWithSecondFactor(app.db, request.body, secondFactor());
      setSessionCookie(request, reply, 'user', session.token, auth.SESSION_TTL_MS.user);
      return session;
    },
  );

  app.post(
    '/api/admin/auth/2fa/verify',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: TwoFactorVerifyInputSchema, response: { 200: AdminLoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await auth.loginAdminWithSecondFactor(app.db, request.body, secondFactor());
      setSessionCookie(request, reply, 'admin', answer.token, auth.SESSION_TTL_MS.admin);
      return answer;
    },
  );
};
