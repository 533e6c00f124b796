import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '#server/lib/auth-user.ts';
import * as auth from '#server/modules/auth/index.ts';
import { setSessionCookie } from '#server/modules/auth/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';
import { AdminLoginResponseSchema, AuthSessionSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';
import {
  PasskeyAuthenticationInputSchema,
  PasskeyAuthenticationOptionsInputSchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyRegistrationInputSchema,
  PasskeyRemoveInputSchema,
  PasskeyRenameInputSchema,
  PasskeySchema,
} from '#shared/passkeys.schemas.ts';

/**
 * Passkeys (issue 29, decision 075): registering, listing, renaming and removing the signed-in
 * account's, and signing in with one (usernameless: the browser offers the passkeys it holds for this
 * site), which sets the session cookie exactly as the log-in does. The relying party is PUBLIC_URL's.
 * Admins have the same under /api/admin/auth/passkeys, on the admin session and its cookie.
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const party = auth.relyingParty(app.config.publicUrl);
  const secondFactor = () => ({ now: app.clock(), totpSecrets: auth.totpSecretBoxFor(app.config, app.log) });
  const context = (request: FastifyRequest) => ({
    now: app.clock(),
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
    party,
  });

  const areas = [
    { prefix: '/api/auth/passkeys', auth: 'user' as const },
    { prefix: '/api/admin/auth/passkeys', auth: 'admin' as const },
  ];
  for (const area of areas) {
    app.get(
      area.prefix,
      { config: { auth: area.auth }, schema: { response: { 200: PasskeyListSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return auth.listPasskeys(app.db, currentUser(request).id);
      },
    );

    app.post(
      `${area.prefix}/registration/options`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 10) },
        schema: { response: { 200: PasskeyOptionsSchema } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return auth.startPasskeyRegistration(app.db, currentUser(request).id, context(request));
      },
    );

    app.post(
      `${area.prefix}/registration`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 10) },
        schema: { body: PasskeyRegistrationInputSchema, response: { 201: PasskeySchema } },
      },
      async (request, reply) => {
        const passkey = await auth.finishPasskeyRegistration(
          app.db,
          currentUser(request).id,
          request.body,
          context(request),
        );
        return reply.code(201).send(passkey);
      },
    );

    app.patch(
      `${area.prefix}/:id`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 20) },
        schema: {
          params: PasskeyIdParamsSchema,
          body: PasskeyRenameInputSchema,
          response: { 200: PasskeySchema },
        },
      },
      async (request) =>
        auth.renamePasskey(app.db, currentUser(request).id, request.params.id, request.body.name),
    );

    app.delete(
      `${area.prefix}/:id`,
      {
        config: { auth: area.auth, rateLimit: limitPerMinute(app.config, 5) },
        schema: {
          params: PasskeyIdParamsSchema,
          body: PasskeyRemoveInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) =>
        auth.removePasskey(app.db, currentUser(request).id, request.params.id, request.body, secondFactor()),
    );

    app.post(
      `${area.prefix}/authentication/options`,
      {
        config: { auth: 'public', rateLimit: limitPerMinute(app.config, 20) },
        schema: { body: PasskeyAuthenticationOptionsInputSchema, response: { 200: PasskeyOptionsSchema } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return auth.startPasskeySignIn(app.db, request.body, area.auth, context(request));
      },
    );
  }

  app.post(
    '/api/auth/passkeys/authentication',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: PasskeyAuthenticationInputSchema, response: { 200: AuthSessionSchema } },
    },
    async (request, reply) => {
      const session = await auth.loginWithPasskey(app.db, request.body, context(request));
      setSessionCookie(request, reply, 'user', session.token, auth.SESSION_TTL_MS.user);
      return session;
    },
  );

  app.post(
    '/api/admin/auth/passkeys/authentication',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: PasskeyAuthenticationInputSchema, response: { 200: AdminLoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await auth.loginAdminWithPasskey(app.db, request.body, context(request));
      setSessionCookie(request, reply, 'admin', answer.token, auth.SESSION_TTL_MS.admin);
      return answer;
    },
  );
};
