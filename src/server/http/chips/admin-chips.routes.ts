import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND } from '#shared/brand.ts';
import { ChipPhotoSchema } from '#shared/chips.schemas.ts';
import { IMAGE_REQUIRED_MESSAGE } from '#shared/media.schemas.ts';
import {
  AdminChipCreateSchema,
  AdminChipListQuerySchema,
  AdminChipPageSchema,
  AdminChipSchema,
  AdminChipUpdateSchema,
  AdminIdParamsSchema,
  type AdminChipUpdateInput,
} from '#shared/admin.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { parseFields, readMultipart, splitImages, type UploadedFile } from '#server/lib/multipart.ts';
import { processUpload, readImageField } from '#server/modules/media/index.ts';
import {
  addChipPhoto,
  createAdminChip,
  getAdminChip,
  listAdminChips,
  updateAdminChip,
  type ChipImageChanges,
} from '#server/modules/chips/index.ts';

const admin = { auth: 'admin' } as const;
/** Create and edit take the images as multipart (edit also takes JSON when no image changes). */
const adminWithFiles = { auth: 'admin', bodyTypes: ['multipart/form-data'] } as const;
const BASE = `/api/admin/${BRAND.slug}`;

/**
 * One image after another: they queue for the image workers anyway, and a form's eleven images at
 * once would overflow the queue of a small machine (docs/decisions/026-image-worker-pool.md).
 */
async function storeAll(app: FastifyInstance, uploaderId: number, files: UploadedFile[]) {
  const rows = [];
  for (const f of files) rows.push(await processUpload(app, f.buffer, { uploaderId }));
  return rows;
}

/**
 * PATCH takes JSON, validated by the route's body schema like any other, or multipart when images
 * change (repeated keepAdditionalImageUrls fields), whose fields parseFields checks the same way.
 */
async function readChipUpdate(
  app: FastifyInstance,
  request: FastifyRequest,
  body: AdminChipUpdateInput | null | undefined,
  adminId: number,
) {
  if (!request.isMultipart()) return { input: body ?? {}, images: {} };
  const form = await readMultipart(request);
  const { keepAdditionalImageUrls, ...fields } = form.fields;
  const input = parseFields(AdminChipUpdateSchema, {
    ...fields,
    ...(keepAdditionalImageUrls === undefined
      ? {}
      : { keepAdditionalImageUrls: [keepAdditionalImageUrls].flat().filter(Boolean) }),
  });
  const { main, additional } = splitImages(form.files);
  const images: ChipImageChanges = {};
  if (main) {
    const [row] = await storeAll(app, adminId, [main]);
    images.main = { url: row!.originalUrl, variants: row!.variants, width: row!.width, height: row!.height };
  }
  if (additional.length)
    images.additional = (await storeAll(app, adminId, additional)).map((m) => m.originalUrl);
  return { input, images };
}

/** Every chip, for the Artchips tab: list with filters, create (multipart) and edit. */
export const adminChipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      config: admin,
      schema: { querystring: AdminChipListQuerySchema, response: { 200: AdminChipPageSchema } },
    },
    async (request) => listAdminChips(app.db, request.query),
  );

  app.get(
    `${BASE}/:id`,
    { config: admin, schema: { params: AdminIdParamsSchema, response: { 200: AdminChipSchema } } },
    async (request) => getAdminChip(app.db, request.params.id),
  );

  app.post(
    BASE,
    { config: adminWithFiles, schema: { response: { 201: AdminChipSchema } } },
    async (request, reply) => {
      const adminId = currentUser(request).id;
      if (!request.isMultipart())
        throw new AppError('VALIDATION_FAILED', 'Send the form as multipart/form-data');
      const form = await readMultipart(request);
      const input = parseFields(AdminChipCreateSchema, form.fields);
      const { main, additional } = splitImages(form.files);
      if (!main)
        throw new AppError('VALIDATION_FAILED', IMAGE_REQUIRED_MESSAGE, {
          fieldErrors: { image: [IMAGE_REQUIRED_MESSAGE] },
        });
      const [mainRow, ...additionalRows] = await storeAll(app, adminId, [main, ...additional]);
      const chip = await createAdminChip(app, adminId, input, { main: mainRow!, additional: additionalRows });
      return reply.status(201).send(chip);
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: adminWithFiles,
      schema: {
        params: AdminIdParamsSchema,
        // Nullish: a multipart request has no parsed body (its fields are read in readChipUpdate).
        body: AdminChipUpdateSchema.nullish(),
        response: { 200: AdminChipSchema },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const { input, images } = await readChipUpdate(app, request, request.body, adminId);
      return updateAdminChip(app, adminId, request.params.id, input, images);
    },
  );

  // A photograph of the real disc once made (multipart `image`): the chip page shows it first.
  app.post(
    `${BASE}/:id/photos`,
    {
      config: adminWithFiles,
      schema: {
        params: AdminIdParamsSchema,
        response: { 201: z.object({ photos: z.array(ChipPhotoSchema) }) },
      },
    },
    async (request, reply) => {
      const adminId = currentUser(request).id;
      // A chip that is not there is refused before any image work.
      await getAdminChip(app.db, request.params.id);
      const { bytes } = await readImageField(request);
      const image = await processUpload(app, bytes, { uploaderId: adminId });
      const photos = await addChipPhoto(app, { chipId: request.params.id, adminId, image });
      return reply.status(201).send({ photos });
    },
  );
};
