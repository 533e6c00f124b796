import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/plugins/auth.ts';
import {
  AuthSessionSchema,
  CheckEmailResponseSchema,
  EmailInputSchema,
  LoginInputSchema,
  MessageResponseSchema,
  SetPasswordInputSchema,
  SignupInputSchema,
  SignupResponseSchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '#shared/auth.schemas.ts';
import * as auth from './auth.service.ts';

/** Sign-up, log-in/out, e-mail verification, password links and the e-mail check (spec §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Per-IP limit per minute, or none when RATE_LIMIT=false. */
  const perMinute = (max: number) => (app.config.rateLimit ? { max, timeWindow: '1 minute' } : false);
  const mailContext = () => ({ now: app.clock(), publicUrl: app.config.publicUrl });

  app.post(
    '/api/auth/signup',
    {
      config: { auth: 'public', rateLimit: perMinute(5) },
      schema: { body: SignupInputSchema, response: { 201: SignupResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(app.db, request.body, mailContext())),
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'public', rateLimit: perMinute(10) },
      schema: { body: LoginInputSchema, response: { 200: AuthSessionSchema } },
    },
    async (request) => auth.login(app.db, request.body, app.clock()),
  );

  app.post(
    '/api/auth/logout',
    { config: { auth: 'user' }, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => auth.endSession(app.db, currentUser(request).sessionId),
  );

  app.get(
    '/api/auth/verify-email',
    {
      config: { auth: 'public', rateLimit: perMinute(30) },
      schema: { querystring: VerifyEmailQuerySchema, response: { 200: VerifyEmailResponseSchema } },
    },
    async (request) => auth.verifyEmail(app.db, request.query.token, app.clock()),
  );

  app.post(
    '/api/auth/send-verification',
    {
      config: { auth: 'public', rateLimit: perMinute(3) },
      schema: { body: EmailInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => auth.sendVerification(app.db, request.body.email, mailContext()),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { auth: 'public', rateLimit: perMinute(3) },
      schema: { body: EmailInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => auth.forgotPassword(app.db, request.body.email, mailContext()),
  );

  app.post(
    '/api/auth/set-password',
    {
      config: { auth: 'public', rateLimit: perMinute(10) },
      schema: { body: SetPasswordInputSchema, response: { 200: AuthSessionSchema } },
    },
    async (request) => auth.setPassword(app.db, request.body, mailContext()),
  );

  // The legacy path (older checkout dialog) answers exactly like the current one (PRODUCT.md).
  for (const url of ['/api/auth/check-email', '/api/check-email']) {
    app.post(
      url,
      {
        config: { auth: 'public', rateLimit: perMinute(30) },
        schema: { body: EmailInputSchema, response: { 200: CheckEmailResponseSchema } },
      },
      async (request) => auth.checkEmail(app.db, request.body.email),
    );
  }

  // Spec §7: "the unauthorized path redirects to /api/login".
  app.get('/api/login', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.redirect('/login', 302),
  );
};
