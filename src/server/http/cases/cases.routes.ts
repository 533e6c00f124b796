import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCaseDetailSchema,
  AdminCaseListSchema,
  AdminCasesQuerySchema,
  AnswerCaseInputSchema,
  CaseDecisionInputSchema,
  CaseIdParamsSchema,
  CaseListSchema,
  CaseSchema,
  MAX_CASE_PHOTOS,
  MyCasesSchema,
  OpenCaseFieldsSchema,
  OpenCaseInputSchema,
} from '#shared/cases.schemas.ts';
import { OrderIdParamsSchema } from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { parseFields, readMultipart } from '#server/lib/multipart.ts';
import { assertUploadAllowed } from '#server/modules/media/index.ts';
import {
  answerCase,
  getAdminCase,
  getOrderCases,
  listAdminCases,
  listMyCases,
} from '#server/modules/cases/index.ts';
import { decideCase, openCase, type CasePhotos } from '#server/flows/buyer-protection/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

const TOO_MANY_PHOTOS = `Add at most ${MAX_CASE_PHOTOS} photos`;

/** Buyer protection (issue 28, decision 070): open and read cases, the seller's answer, the admins' queue and decision. */
export const casesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:id/cases',
    {
      config: { auth: 'user', bodyTypes: ['multipart/form-data'], rateLimit: limitPerMinute(app.config, 10) },
      schema: { params: OrderIdParamsSchema, response: { 201: CaseSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      let input: {
        kind: (typeof OpenCaseInputSchema)['_output']['kind'];
        description: string;
        photos: CasePhotos;
      };
      if (request.isMultipart()) {
        // The web's form: kind and description, and up to 4 image files named `photos`.
        const form = await readMultipart(request);
        const fields = parseFields(OpenCaseFieldsSchema, {
          kind: form.fields.kind,
          description: form.fields.description,
        });
        const files = form.files.filter((f) => f.field === 'photos');
        if (files.length > MAX_CASE_PHOTOS) {
          throw new AppError('VALIDATION_FAILED', TOO_MANY_PHOTOS, {
            fieldErrors: { photos: [TOO_MANY_PHOTOS] },
          });
        }
        if (files.length > 0) await assertUploadAllowed(app, { userId: user.id, clientIp: request.ip });
        input = { ...fields, photos: { files: files.map((f) => f.buffer) } };
      } else {
        // JSON for outside tools: photos are ids of images uploaded to POST /api/media.
        const body = parseFields(OpenCaseInputSchema, request.body ?? {});
        input = { kind: body.kind, description: body.description, photos: { mediaIds: body.photos ?? [] } };
      }
      return reply.status(201).send(await openCase(app, user, request.params.id, input));
    },
  );

  app.get(
    '/api/orders/:id/cases',
    { config: { auth: 'user' }, schema: { params: OrderIdParamsSchema, response: { 200: CaseListSchema } } },
    async (request) => ({ items: await getOrderCases(app, currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/my-cases',
    { config: { auth: 'user' }, schema: { response: { 200: MyCasesSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listMyCases(app, currentUser(request));
    },
  );

  app.post(
    '/api/cases/:id/answer',
    {
      config: { auth: 'user' },
      schema: { params: CaseIdParamsSchema, body: AnswerCaseInputSchema, response: { 200: CaseSchema } },
    },
    async (request) => answerCase(app, currentUser(request), request.params.id, request.body.message),
  );

  app.get(
    '/api/admin/cases',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminCasesQuerySchema, response: { 200: AdminCaseListSchema } },
    },
    async (request) => ({ items: await listAdminCases(app, request.query.status) }),
  );

  app.get(
    '/api/admin/cases/:id',
    {
      config: { auth: 'admin' },
      schema: { params: CaseIdParamsSchema, response: { 200: AdminCaseDetailSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getAdminCase(app, request.params.id);
    },
  );

  app.post(
    '/api/admin/cases/:id/decision',
    {
      config: { auth: 'admin' },
      schema: { params: CaseIdParamsSchema, body: CaseDecisionInputSchema, response: { 200: CaseSchema } },
    },
    async (request) => decideCase(app, currentUser(request), request.params.id, request.body),
  );
};
