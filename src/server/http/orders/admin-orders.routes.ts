import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, FastifyInstance } from 'fastify';
import {
  CreateArtchipFieldsSchema,
  CreateArtchipResponseSchema,
  OrderIdParamsSchema,
  OrderMediaResponseSchema,
  UpdateOrderStatusInputSchema,
  AdminOrderDetailSchema,
  AdminOrderSchema,
} from '#shared/orders.schemas.ts';
import { AdminOrderPageSchema, OrderListQuerySchema } from '#shared/admin.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { uploadError } from '#server/lib/multipart.ts';
import { type MediaRow, processUpload } from '#server/modules/media/index.ts';
import {
  createArtchipFromOrder,
  getAdminOrderDetail,
  listAdminOrders,
  updateOrderStatus,
  uploadOrderMedia,
  type OrderMediaInput,
} from '#server/modules/orders/index.ts';

const MAX_ADDITIONAL_IMAGES = 10;

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: { [field]: [message] } });
}

/**
 * Reads the media form (multipart: image, additionalImage0..n and the link fields; or JSON with only
 * the link fields). Every image goes through the one upload pipeline (bytes checked, re-encoded).
 */
async function readMediaForm(
  app: FastifyInstance,
  request: FastifyRequest,
  adminId: number,
): Promise<OrderMediaInput> {
  const fields: Record<string, string> = {};
  let image: MediaRow | null = null;
  const additional: { name: string; media: MediaRow }[] = [];
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname === 'image') {
          image = await processUpload(app, part.file, { uploaderId: adminId });
        } else if (/^additionalImages?\d*$/.test(part.fieldname)) {
          if (additional.length >= MAX_ADDITIONAL_IMAGES)
            throw fieldError('additionalImages', 'At most 10 additional images');
          additional.push({
            name: part.fieldname,
            media: await processUpload(app, part.file, { uploaderId: adminId }),
          });
        } else {
          part.file.resume();
        }
      }
    } catch (err) {
      throw uploadError(err);
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  const parsed = CreateArtchipFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(issue.path.join('.') || '_', issue.message);
  }
  additional.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return { image, additionalImages: additional.map((a) => a.media), fields: parsed.data };
}

/**
 * The admin's orders: the Orders tab's list, one order's detail with its timeline, and the actions
 * (make the chip of a paid mint, upload surprize media, move the status on).
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { auth: 'admin' } as const;
  // The media form: multipart with images, or JSON with only the link fields.
  const adminWithFiles = { auth: 'admin', bodyTypes: ['multipart/form-data'] } as const;

  app.get(
    '/api/admin/orders',
    {
      config: admin,
      schema: { querystring: OrderListQuerySchema, response: { 200: AdminOrderPageSchema } },
    },
    async (request) => listAdminOrders(app.db, request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    { config: admin, schema: { params: OrderIdParamsSchema, response: { 200: AdminOrderDetailSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getAdminOrderDetail(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/create-artchip',
    {
      config: adminWithFiles,
      schema: { params: OrderIdParamsSchema, response: { 200: CreateArtchipResponseSchema } },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      return createArtchipFromOrder(
        app,
        adminId,
        request.params.id,
        await readMediaForm(app, request, adminId),
      );
    },
  );

  app.post(
    '/api/admin/orders/:id/media',
    {
      config: adminWithFiles,
      schema: { params: OrderIdParamsSchema, response: { 200: OrderMediaResponseSchema } },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const media = await readMediaForm(app, request, adminId);
      return { order: await uploadOrderMedia(app, adminId, request.params.id, media) };
    },
  );

  app.patch(
    '/api/admin/orders/:id/status',
    {
      config: admin,
      schema: {
        params: OrderIdParamsSchema,
        body: UpdateOrderStatusInputSchema,
        response: { 200: AdminOrderSchema },
      },
    },
    async (request) => updateOrderStatus(app, currentUser(request).id, request.params.id, request.body),
  );
};
