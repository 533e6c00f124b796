import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  AdminCustomerDetailSchema,
  AdminCustomerPageSchema,
  AdminIdParamsSchema,
  CustomerInputSchema,
  CustomerListQuerySchema,
} from '#shared/admin.schemas.ts';
import { getAdminCustomer, listAdminCustomers } from '#server/views/admin-customers/index.ts';
import { createAdminCustomer, updateAdminCustomer } from '#server/modules/users/index.ts';

const admin = { auth: 'admin' } as const;

/** The customer screens of the back office: list, detail, create and edit. */
export const adminCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers',
    {
      config: admin,
      schema: { querystring: CustomerListQuerySchema, response: { 200: AdminCustomerPageSchema } },
    },
    async (request) => listAdminCustomers(app.db, request.query),
  );

  app.get(
    '/api/admin/customers/:id',
    { config: admin, schema: { params: AdminIdParamsSchema, response: { 200: AdminCustomerDetailSchema } } },
    async (request) => getAdminCustomer(app.db, request.params.id),
  );

  app.post(
    '/api/admin/customers',
    { config: admin, schema: { body: CustomerInputSchema, response: { 201: AdminCustomerDetailSchema } } },
    async (request, reply) => {
      const id = await createAdminCustomer(app.db, currentUser(request).id, request.body);
      return reply.status(201).send(await getAdminCustomer(app.db, id));
    },
  );

  app.put(
    '/api/admin/customers/:id',
    {
      config: admin,
      schema: {
        params: AdminIdParamsSchema,
        body: CustomerInputSchema,
        response: { 200: AdminCustomerDetailSchema },
      },
    },
    async (request) => {
      await updateAdminCustomer(app.db, currentUser(request).id, request.params.id, request.body);
      return getAdminCustomer(app.db, request.params.id);
    },
  );
};
