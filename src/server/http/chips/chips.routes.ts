import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHIP_API } from '#shared/brand.ts';
import { getMarketplaceStats, listTopMinters } from '#server/views/marketplace-stats/index.ts';
import {
  ChipEventSchema,
  ChipIdParamsSchema,
  ChipPageSchema,
  ChipSchema,
  ChipSlugParamsSchema,
  GalleryQuerySchema,
  GallerySchema,
  LeaderboardEntrySchema,
  MarketplaceQuerySchema,
  MarketplaceStatsSchema,
  NfcUidParamsSchema,
  UnitIdParamsSchema,
} from '#shared/chips.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { MessageOwnerInputSchema, ReportChipInputSchema } from '#shared/handovers.schemas.ts';
import { assertUploadAllowed, processUpload, readImageField } from '#server/modules/media/index.ts';
import {
  addChipImage,
  assertCanAddChipMedia,
  getChipById,
  getChipByNfcUid,
  getChipBySlug,
  getChipByUnitId,
  listChipEvents,
  listFeaturedChips,
  listGallery,
  listMarketplace,
  messageChipOwner,
  reportChipByOwner,
} from '#server/modules/chips/index.ts';
import { CACHE, privateUnless } from './chips.http.ts';
import { limitPerMinute, limitPerHour } from '#server/platform/rate-limit/index.ts';

const GalleryParamsSchema = z.object({ username: z.string().min(1).max(100) });

/**
 * The public catalogue (spec §7). Static segments (/featured, /stats, /gallery, /unit, /by-uid) win
 * over parameters in Fastify's router, and :id only matches digits, so /:username/:slug never
 * swallows them and a slug like "events" still reaches its chip.
 */
export const chipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CHIP_API,
    {
      config: { publicCache: CACHE.list },
      schema: { querystring: MarketplaceQuerySchema, response: { 200: ChipPageSchema } },
    },
    async (request) => {
      const page = await listMarketplace(app, request.query);
      return page;
    },
  );

  app.get(
    `${CHIP_API}/featured`,
    { config: { publicCache: CACHE.list }, schema: { response: { 200: z.array(ChipSchema) } } },
    async () => {
      const chips = await listFeaturedChips(app);
      return chips;
    },
  );

  app.get(
    `${CHIP_API}/stats`,
    { config: { publicCache: CACHE.stats }, schema: { response: { 200: MarketplaceStatsSchema } } },
    async () => {
      const figures = await getMarketplaceStats(app);
      return figures;
    },
  );

  app.get(
    `${CHIP_API}/gallery/:username`,
    {
      config: { publicCache: CACHE.list },
      schema: {
        params: GalleryParamsSchema,
        querystring: GalleryQuerySchema,
        response: { 200: GallerySchema },
      },
    },
    async (request) => {
      const gallery = await listGallery(app, { ...request.params, ...request.query });
      return gallery;
    },
  );

  app.get(
    `${CHIP_API}/unit/:uid`,
    {
      config: { auth: 'optional', publicCache: CACHE.detail },
      schema: { params: UnitIdParamsSchema, response: { 200: ChipSchema } },
    },
    async (request, reply) => {
      const view = await getChipByUnitId(app, { unitId: request.params.uid, viewer: request.user });
      return privateUnless(reply, view.isPublic, view.chip);
    },
  );

  app.get(
    `${CHIP_API}/by-uid/:uid`,
    {
      config: { auth: 'optional', publicCache: CACHE.detail },
      schema: { params: NfcUidParamsSchema, response: { 200: ChipSchema } },
    },
    async (request, reply) => {
      const view = await getChipByNfcUid(app, { nfcUid: request.params.uid, viewer: request.user });
      return privateUnless(reply, view.isPublic, view.chip);
    },
  );

  app.get(
    `${CHIP_API}/:id(^\\d+$)/events`,
    {
      config: { auth: 'optional', publicCache: CACHE.detail },
      schema: { params: ChipIdParamsSchema, response: { 200: z.array(ChipEventSchema) } },
    },
    async (request, reply) => {
      const { events, isPublic } = await listChipEvents(app, { id: request.params.id, viewer: request.user });
      return privateUnless(reply, isPublic, events);
    },
  );

  app.get(
    `${CHIP_API}/:id(^\\d+$)`,
    {
      config: { auth: 'optional', publicCache: CACHE.detail },
      schema: { params: ChipIdParamsSchema, response: { 200: ChipSchema } },
    },
    async (request, reply) => {
      const view = await getChipById(app, { id: request.params.id, viewer: request.user });
      return privateUnless(reply, view.isPublic, view.chip);
    },
  );

  app.get(
    `${CHIP_API}/:username/:slug`,
    {
      config: { auth: 'optional', publicCache: CACHE.detail },
      schema: { params: ChipSlugParamsSchema, response: { 200: ChipSchema } },
    },
    async (request, reply) => {
      const view = await getChipBySlug(app, { ...request.params, viewer: request.user });
      return privateUnless(reply, view.isPublic, view.chip);
    },
  );

  app.post(
    `${CHIP_API}/:id/upload-media`,
    {
      config: {
        auth: 'user',
        bodyTypes: ['multipart/form-data'],
        rateLimit: limitPerMinute(app.config, 30),
      },
      schema: { params: ChipIdParamsSchema, response: { 200: ChipSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      // Permission first, so a stranger's upload is refused before any image work.
      await assertCanAddChipMedia(app, request.params.id, user);
      await assertUploadAllowed(app, { userId: user.id, clientIp: request.ip });
      const { bytes } = await readImageField(request);
      const image = await processUpload(app, bytes, { uploaderId: user.id, chargePixels: true });
      return addChipImage(app, { chipId: request.params.id, user, image });
    },
  );

  app.get(
    '/api/top-minters',
    { config: { publicCache: CACHE.list }, schema: { response: { 200: z.array(LeaderboardEntrySchema) } } },
    async () => {
      const entries = await listTopMinters(app);
      return entries;
    },
  );

  app.post(
    `${CHIP_API}/:id/report`,
    {
      config: { auth: 'user' },
      schema: { params: ChipIdParamsSchema, body: ReportChipInputSchema, response: { 200: ChipSchema } },
    },
    async (request) => reportChipByOwner(app, currentUser(request), request.params.id, request.body.status),
  );

  app.post(
    `${CHIP_API}/:id/message-owner`,
    {
      // Anyone holding a reported chip may write, so the route is open and tightly limited.
      config: {
        auth: 'optional',
        rateLimit: limitPerHour(app.config, 5),
      },
      schema: {
        params: ChipIdParamsSchema,
        body: MessageOwnerInputSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => messageChipOwner(app, request.user, request.params.id, request.body),
  );
};
