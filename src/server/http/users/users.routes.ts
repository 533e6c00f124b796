import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#server/lib/auth-user.ts';
import { changePassword } from '#server/modules/auth/index.ts';
import { MessageResponseSchema } from '#shared/auth.schemas.ts';
import { ChangePasswordInputSchema, UpdateProfileInputSchema, UserSchema } from '#shared/users.schemas.ts';
import {
  ShippingAddressIdParamsSchema,
  ShippingAddressInputSchema,
  ShippingAddressSchema,
} from '#shared/addresses.schemas.ts';
import * as users from '#server/modules/users/index.ts';
import { changeProfile } from '#server/flows/payout-destination/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** The signed-in user, their profile, password and shipping addresses (spec §7). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user',
    { config: { auth: 'user' }, schema: { response: { 200: UserSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return users.getUser(app.db, currentUser(request).id);
    },
  );

  app.put(
    '/api/users/profile',
    {
      // A new PayPal e-mail needs the current password (decision 071): guesses are limited too.
      config: { auth: 'user', rateLimit: limitPerMinute(app.config, 20) },
      schema: { body: UpdateProfileInputSchema, response: { 200: UserSchema } },
    },
    async (request) =>
      changeProfile(app, { userId: currentUser(request).id, client: request.ip }, request.body),
  );

  app.post(
    '/api/users/change-password',
    {
      config: { auth: 'user', rateLimit: limitPerMinute(app.config, 5) },
      schema: { body: ChangePasswordInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return changePassword(app.db, { userId: user.id, sessionId: user.sessionId, input: request.body });
    },
  );

  app.get(
    '/api/shipping-addresses',
    { config: { auth: 'user' }, schema: { response: { 200: z.array(ShippingAddressSchema) } } },
    async (request) => users.listShippingAddresses(app.db, currentUser(request).id),
  );

  app.post(
    '/api/shipping-addresses',
    {
      config: { auth: 'user' },
      schema: { body: ShippingAddressInputSchema, response: { 201: ShippingAddressSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await users.createShippingAddress(app.db, currentUser(request).id, request.body)),
  );

  app.put(
    '/api/shipping-addresses/:id',
    {
      config: { auth: 'user' },
      schema: {
        params: ShippingAddressIdParamsSchema,
        body: ShippingAddressInputSchema,
        response: { 200: ShippingAddressSchema },
      },
    },
    async (request) =>
      users.updateShippingAddress(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/shipping-addresses/:id',
    { config: { auth: 'user' }, schema: { params: ShippingAddressIdParamsSchema } },
    async (request, reply) => {
      await users.deleteShippingAddress(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};
