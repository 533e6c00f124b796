import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatorParamsSchema,
  CreatorProfileSchema,
  UpdateCreatorProfileInputSchema,
} from '#shared/creators.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { updateCreatorProfile } from '#server/modules/users/index.ts';
import { getCreatorProfile, toCreatorProfile } from '#server/views/creators/index.ts';

/**
 * Creator profiles (issue 13): anyone reads a member's public profile, served from the public cache
 * like the gallery it heads (a CDN may keep it a few seconds); a member edits their own bio and links.
 */
export const creatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/creators/:username',
    {
      // A profile changes with its account's row (any public name change drops `list`) and its chips.
      config: { publicCache: { sMaxAge: 5, tags: () => ['list'] } },
      schema: { params: CreatorParamsSchema, response: { 200: CreatorProfileSchema } },
    },
    async (request) => getCreatorProfile(app, request.params.username),
  );

  app.put(
    '/api/users/creator-profile',
    {
      config: { auth: 'user' },
      schema: { body: UpdateCreatorProfileInputSchema, response: { 200: CreatorProfileSchema } },
    },
    async (request) => {
      // The users module writes; the view answers with the profile as everyone reads it.
      const user = await updateCreatorProfile(app.db, currentUser(request).id, request.body);
      return toCreatorProfile(app, user);
    },
  );
};
