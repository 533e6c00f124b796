import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import type { AccountRateLimit } from '#server/plugins/account-rate-limit.ts';
import {
  CheckEmailResponseSchema,
  EmailInputSchema,
  LoginCodeInputSchema,
  LoginInputSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  SessionOrTwoFactorSchema,
  SetPasswordInputSchema,
  SignupInputSchema,
  SignupResponseSchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '#shared/auth.schemas.ts';
import * as auth from '#server/modules/auth/index.ts';
import { clearSessionCookie, setSessionCookie } from '#server/modules/auth/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** Sign-up, log-in/out, e-mail verification, password links and the e-mail check (spec §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailContext = () => ({ now: app.clock(), publicUrl: app.config.publicUrl });
  /** Per account (the body's e-mail): `max` in `minutes`; off with the per-client limits. */
  const perAccount = (
    max: number,
    minutes: number,
    options: Pick<AccountRateLimit, 'perClient'> = {},
  ): AccountRateLimit | undefined =>
    app.config.rateLimit ? { max, windowMs: minutes * 60_000, ...options } : undefined;
  const userSessionMs = auth.SESSION_TTL_MS.user;

  app.post(
    '/api/auth/signup',
    {
      // Each sign-up mails the address: at most 5 an hour per e-mail, whoever asks.
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 5),
        accountRateLimit: perAccount(5, 60),
      },
      schema: { body: SignupInputSchema, response: { 201: SignupResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(app.db, request.body, mailContext())),
  );

  app.post(
    '/api/auth/login',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 10),
        // From each client on its own: a stranger cannot use up the owner's log-ins (decision 036).
        accountRateLimit: perAccount(10, 1, { perClient: true }),
      },
      schema: { body: LoginInputSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await auth.login(app.db, request.body, {
        now: app.clock(),
        backoff: app.config.rateLimit,
        client: request.ip,
        publicUrl: app.config.publicUrl,
      });
      if ('token' in answer) setSessionCookie(request, reply, 'user', answer.token, userSessionMs);
      return answer;
    },
  );

  app.post(
    '/api/auth/login/code',
    {
      // Each code takes a few tries and each account gets a few codes an hour (login-codes.service.ts).
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: LoginCodeInputSchema, response: { 200: SessionOrTwoFactorSchema } },
    },
    async (request, reply) => {
      const answer = await auth.loginWithCode(app.db, request.body, {
        now: app.clock(),
        client: request.ip,
      });
      if ('token' in answer) setSessionCookie(request, reply, 'user', answer.token, userSessionMs);
      return answer;
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { auth: 'user' }, schema: { response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const answer = await auth.endSession(app.db, currentUser(request).sessionId);
      clearSessionCookie(request, reply, 'user');
      return answer;
    },
  );

  app.get(
    '/api/auth/verify-email',
    {
      // 'optional': the browser's own session, if any, is never swapped for the link's account. It
      // writes: verifying ends every other session of the account.
      config: { auth: 'optional', writes: true, rateLimit: limitPerMinute(app.config, 30) },
      schema: { querystring: VerifyEmailQuerySchema, response: { 200: VerifyEmailResponseSchema } },
    },
    async (request, reply) => {
      const answer = await auth.verifyEmail(app.db, request.query.token, {
        now: app.clock(),
        viewerId: request.user?.id ?? null,
      });
      if (answer.outcome === 'signed_in')
        setSessionCookie(request, reply, 'user', answer.token, userSessionMs);
      return answer;
    },
  );

  app.post(
    '/api/auth/send-verification',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 3),
        accountRateLimit: perAccount(5, 60),
      },
      schema: { body: EmailInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => auth.sendVerification(app.db, request.body.email, mailContext()),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 3),
        accountRateLimit: perAccount(5, 60),
      },
      schema: { body: EmailInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => auth.forgotPassword(app.db, request.body.email, mailContext()),
  );

  app.post(
    '/api/auth/set-password',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 10),
        accountRateLimit: perAccount(10, 1),
      },
      schema: { body: SetPasswordInputSchema, response: { 200: SessionOrTwoFactorSchema } },
    },
    async (request, reply) => {
      const answer = await auth.setPassword(app.db, request.body, mailContext());
      if ('token' in answer) setSessionCookie(request, reply, 'user', answer.token, userSessionMs);
      return answer;
    },
  );

  // The legacy path (older checkout dialog) answers exactly like the current one (PRODUCT.md).
  for (const url of ['/api/auth/check-email', '/api/check-email']) {
    app.post(
      url,
      {
        // The answer must say whether the e-mail is registered (spec §3): limited per client and
        // per e-mail, as guest checkout is, which says the same (docs/decisions/024).
        config: {
          auth: 'public',
          rateLimit: limitPerMinute(app.config, 30),
          accountRateLimit: perAccount(10, 1),
        },
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
