import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MediaUploadResultSchema } from '#shared/media.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  assertUploadAllowed,
  processUpload,
  toMediaUploadResult,
  readImageField,
  getMediaStorage,
  MEDIA_CACHE_CONTROL,
  MEDIA_NAME_PATTERN,
} from '#server/modules/media/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** Image uploads (POST /api/media) and the content-addressed files they produce (GET /media/:name). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/media',
    {
      config: {
        auth: 'user',
        bodyTypes: ['multipart/form-data'],
        rateLimit: limitPerMinute(app.config, 30),
      },
      schema: { response: { 201: MediaUploadResultSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await assertUploadAllowed(app, { userId: user.id, clientIp: request.ip });
      const { bytes } = await readImageField(request);
      const row = await processUpload(app, bytes, { uploaderId: user.id, chargePixels: true });
      return reply.status(201).send(toMediaUploadResult(row));
    },
  );

  app.get(
    '/media/:name',
    { schema: { params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const { name } = request.params;
      if (!MEDIA_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND', 'Image not found');
      // The name is the hash of the bytes, so it is a strong validator that never changes.
      const etag = `"${name.split('.')[0]}"`;
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
        return reply.status(304).header('cache-control', MEDIA_CACHE_CONTROL).header('etag', etag).send();
      }
      const stored = await getMediaStorage(app).get(name);
      if (!stored) throw new AppError('NOT_FOUND', 'Image not found');
      void reply.header('cache-control', MEDIA_CACHE_CONTROL).header('etag', etag).type(stored.contentType);
      if (stored.size !== undefined) void reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
};
