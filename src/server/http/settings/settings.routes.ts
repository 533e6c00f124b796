import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SiteInfoSchema,
  SiteSettingsSchema,
  UpdateSiteSettingsInputSchema,
} from '#shared/settings.schemas.ts';
import { LegalPageParamsSchema, LegalPageSchema, UpdateLegalPageInputSchema } from '#shared/legal.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  getLegalPage,
  getSiteInfo,
  getSiteSettings,
  updateLegalPage,
  updateSiteSettings,
} from '#server/modules/settings/index.ts';

/** Settings answers change with the site_settings row alone (decision 078); site info with none. */
const SETTINGS_TAGS = ['settings'] as const;
const SETTINGS_CACHE = { sMaxAge: 30, tags: () => SETTINGS_TAGS };

/** Site settings (public read, admin write, plus /api/admin aliases) and the public site info. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readSchema = { response: { 200: SiteSettingsSchema } };
  const writeSchema = { body: UpdateSiteSettingsInputSchema, response: { 200: SiteSettingsSchema } };

  // Public: checkout and the FAQ quote fees from it.
  app.get('/api/site-settings', { config: { publicCache: SETTINGS_CACHE }, schema: readSchema }, async () =>
    getSiteSettings(app),
  );
  app.put('/api/site-settings', { config: { auth: 'admin' }, schema: writeSchema }, async (request) =>
    updateSiteSettings(app, currentUser(request).id, request.body),
  );

  // Aliases for the admin application.
  app.get(
    '/api/admin/site-settings',
    { config: { auth: 'admin' }, schema: readSchema },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getSiteSettings(app);
    },
  );
  app.put('/api/admin/site-settings', { config: { auth: 'admin' }, schema: writeSchema }, async (request) =>
    updateSiteSettings(app, currentUser(request).id, request.body),
  );

  // The Privacy Policy and Terms of Service: public pages read them, an admin edits them.
  app.get(
    '/api/legal/:page',
    {
      config: { publicCache: { sMaxAge: 60, tags: () => SETTINGS_TAGS } },
      schema: { params: LegalPageParamsSchema, response: { 200: LegalPageSchema } },
    },
    async (request) => getLegalPage(app, request.params.page),
  );
  app.put(
    '/api/admin/legal/:page',
    {
      config: { auth: 'admin' },
      schema: {
        params: LegalPageParamsSchema,
        body: UpdateLegalPageInputSchema,
        response: { 200: LegalPageSchema },
      },
    },
    async (request) => updateLegalPage(app, currentUser(request).id, request.params.page, request.body),
  );

  app.get(
    '/api/site-info',
    {
      config: { publicCache: { maxAge: 300, sMaxAge: 300, tags: () => SETTINGS_TAGS } },
      schema: { response: { 200: SiteInfoSchema } },
    },
    async () => getSiteInfo(app),
  );
};
