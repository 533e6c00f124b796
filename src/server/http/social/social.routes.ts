import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHIP_API } from '#shared/brand.ts';
import { ArtchipIdParamsSchema } from '#shared/orders.schemas.ts';
import {
  CreateSavedSearchSchema,
  FollowedCreatorListSchema,
  FollowStateSchema,
  MarkNotificationsReadSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationPreferencesSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  UnsubscribeQuerySchema,
  UpdateNotificationPreferencesSchema,
  UsernameParamsSchema,
  WatchedChipListSchema,
  WatchStateSchema,
} from '#shared/notifications.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  followCreator,
  listFollowedCreators,
  listWatchedChips,
  unfollowCreator,
  unwatchChip,
  watchChip,
} from '#server/flows/social/index.ts';
import {
  createSavedSearch,
  getNotificationPreferences,
  listNotifications,
  listSavedSearches,
  markNotificationsRead,
  removeSavedSearch,
  unsubscribeByToken,
  updateNotificationPreferences,
} from '#server/modules/notifications/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const UnsubscribedSchema = z.object({ kind: z.string(), channel: z.literal('off') });
const ReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

/**
 * Follows, watches, saved searches and notifications (issue 31, decision 079). Every route but the
 * one-click unsubscribe is the signed-in user's own; answers are private (no-store): public counts
 * travel on the public chip and gallery answers instead.
 */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { auth: 'user' } as const;
  const writes = { ...user, rateLimit: limitPerMinute(app.config, 60) };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request);

  // Mail providers post the one-click unsubscribe as a form ("List-Unsubscribe=One-Click").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.auth === 'user') void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.put(
    '/api/creators/:username/follow',
    { config: writes, schema: { params: UsernameParamsSchema, response: { 200: FollowStateSchema } } },
    async (request) => followCreator(app, me(request), request.params.username),
  );
  app.delete(
    '/api/creators/:username/follow',
    { config: writes, schema: { params: UsernameParamsSchema, response: { 200: FollowStateSchema } } },
    async (request) => unfollowCreator(app, me(request), request.params.username),
  );
  app.put(
    `${CHIP_API}/:id/watch`,
    { config: writes, schema: { params: ArtchipIdParamsSchema, response: { 200: WatchStateSchema } } },
    async (request) => watchChip(app, me(request), request.params.id),
  );
  app.delete(
    `${CHIP_API}/:id/watch`,
    { config: writes, schema: { params: ArtchipIdParamsSchema, response: { 200: WatchStateSchema } } },
    async (request) => unwatchChip(app, me(request), request.params.id),
  );

  app.get(
    '/api/follows',
    { config: user, schema: { response: { 200: FollowedCreatorListSchema } } },
    async (request) => ({
      items: await listFollowedCreators(app, me(request)),
    }),
  );
  app.get(
    '/api/watches',
    { config: user, schema: { response: { 200: WatchedChipListSchema } } },
    async (request) => ({
      items: await listWatchedChips(app, me(request)),
    }),
  );

  app.get(
    '/api/saved-searches',
    { config: user, schema: { response: { 200: SavedSearchListSchema } } },
    async (request) => ({ items: await listSavedSearches(app, me(request).id) }),
  );
  app.post(
    '/api/saved-searches',
    { config: writes, schema: { body: CreateSavedSearchSchema, response: { 200: SavedSearchSchema } } },
    async (request) => createSavedSearch(app, me(request).id, request.body),
  );
  app.delete(
    '/api/saved-searches/:id',
    { config: writes, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await removeSavedSearch(app, me(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/notifications',
    {
      config: user,
      schema: { querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
    },
    async (request) => listNotifications(app, me(request).id, request.query),
  );
  app.post(
    '/api/notifications/read',
    { config: writes, schema: { body: MarkNotificationsReadSchema, response: { 200: ReadResultSchema } } },
    async (request) => markNotificationsRead(app, me(request).id, request.body),
  );
  app.get(
    '/api/notification-preferences',
    { config: user, schema: { response: { 200: NotificationPreferencesSchema } } },
    async (request) => getNotificationPreferences(app, me(request).id),
  );
  app.put(
    '/api/notification-preferences',
    {
      config: writes,
      schema: { body: UpdateNotificationPreferencesSchema, response: { 200: NotificationPreferencesSchema } },
    },
    async (request) => updateNotificationPreferences(app, me(request).id, request.body),
  );

  // RFC 8058 one-click: posted by the recipient's mail provider, the signed token is the authority.
  app.post(
    '/api/notifications/unsubscribe',
    {
      config: {
        allowCrossOrigin: true,
        bodyTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        rateLimit: limitPerMinute(app.config, 120),
      },
      schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribedSchema } },
    },
    async (request) => unsubscribeByToken(app, request.query.token),
  );
  // A mail client without one-click opens the link: the preferences page, nothing changed.
  app.get('/api/notifications/unsubscribe', async (_request, reply) =>
    reply.redirect('/notifications/preferences', 303),
  );
};
