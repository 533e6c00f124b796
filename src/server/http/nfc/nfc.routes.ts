import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import { AppError } from '#server/lib/app-error.ts';
import { getChipByNfcUid } from '#server/modules/chips/index.ts';
import { NfcUidParamsSchema } from '#shared/chips.schemas.ts';
import type { PageMetaResolver } from '#server/platform/spa/index.ts';
import { BRAND, CHIP_API, pageTitle, ROUTES } from '#shared/brand.ts';
import {
  ChipIdParamsSchema,
  isSunTapQuery,
  NfcProvisioningSchema,
  NfcTagEnvelopeSchema,
  NfcTagSchema,
  NfcTapListSchema,
  ProductionSheetQuerySchema,
  ProvisionNfcTagInputSchema,
  SetNfcTagInputSchema,
  TapQuerySchema,
  TapResultSchema,
} from '#shared/nfc.schemas.ts';
import {
  nfcKeyringFor,
  getChipNfcTag,
  listChipTaps,
  provisionNfcTag,
  resetNfcCounter,
  setNfcTag,
  getChipQrPng,
  getChipQrSvg,
  renderProductionSheet,
  getTapHistory,
  verifyTap,
} from '#server/modules/nfc/index.ts';
import { TapHistorySchema } from '#shared/handovers.schemas.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

const ADMIN_CHIP = `/api/admin/${BRAND.slug}/:id`;
// QR codes only change with the chip's page URL; an hour keeps print runs fast without pinning an old slug.
const QR_CACHE_CONTROL = 'public, max-age=3600';

/** A public chip's QR may be kept by anyone; an unpublished one is seen only by those who manage it. */
const qrCacheControl = (isPublic: boolean) => (isPublic ? QR_CACHE_CONTROL : 'private, no-store');

// Tap links are one-time: keep them out of search results. The shell never verifies the tap (only the page's
// script does), so a link preview fetching the HTML cannot use it up. routes.ts passes it to the spa routes.
export const tapPageMeta: PageMetaResolver = async (app, url) => {
  if (url.pathname === '/' && isSunTapQuery(url.searchParams)) {
    return {
      title: pageTitle('Verify your chip'),
      description: `Checking that this ${BRAND.name} is genuine.`,
      canonicalPath: '/',
      noindex: true,
    };
  }
  // A legacy NFC link (`/?UID=…`): a UID no public chip has is not found, with a 404 (issue 27).
  const legacyUid =
    url.pathname === '/' ? (url.searchParams.get('UID') ?? url.searchParams.get('uid')) : null;
  if (legacyUid !== null) {
    const uid = legacyUid.trim();
    const chip = NfcUidParamsSchema.safeParse({ uid }).success
      ? await getChipByNfcUid(app, { nfcUid: uid, viewer: null }).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
          throw err;
        })
      : null;
    return chip
      ? {
          title: pageTitle(chip.chip.title),
          description: `A ${BRAND.name} by @${chip.chip.creatorUsername}.`,
          canonicalPath: ROUTES.chip(chip.chip.creatorUsername, chip.chip.slug),
          noindex: true,
        }
      : {
          title: pageTitle(`${BRAND.name} Not Found`),
          description: `No ${BRAND.name} has this NFC tag.`,
          canonicalPath: '/',
          status: 404,
          noindex: true,
        };
  }
  // A claim link carries a tap's one-time token (issue 15): never indexed either.
  if (url.pathname === ROUTES.claim) {
    return {
      title: pageTitle(`Claim this ${BRAND.name}`),
      description: `Claim a ${BRAND.name} handed over to you.`,
      canonicalPath: ROUTES.claim,
      noindex: true,
    };
  }
  return null;
};
/** SUN tap verification, QR codes, and the admin NFC production tools (issue 7). */
export const nfcRoutes: FastifyPluginAsyncZod = async (app) => {
  // Created at start-up so a missing NFC_MASTER_KEY is reported in the first log lines.
  const keyring = nfcKeyringFor(app.config, app.log);

  app.get(
    `${CHIP_API}/tap`,
    {
      config: { auth: 'optional', rateLimit: limitPerMinute(app.config, 60) },
      schema: { querystring: TapQuerySchema, response: { 200: TapResultSchema } },
    },
    async (request, reply) => {
      // A tap answer depends on server state that the tap itself changes: never cache or replay it.
      void reply.header('cache-control', 'no-store');
      // The MAC covers the raw query text, so the parsed (decoded) query must not be used.
      return verifyTap(app, {
        rawUrl: request.raw.url ?? '',
        keyring,
        viewer: request.user,
        log: request.log,
      });
    },
  );

  app.get(
    `${CHIP_API}/:id/tap-history`,
    {
      config: { auth: 'optional' },
      schema: { params: ChipIdParamsSchema, response: { 200: TapHistorySchema } },
    },
    async (request, reply) => {
      // Changes with every tap, which the public cache does not hear about.
      void reply.header('cache-control', 'no-store');
      return getTapHistory(app, request.params.id, request.user);
    },
  );

  app.get(
    `${CHIP_API}/:id/qr.svg`,
    { config: { auth: 'optional' }, schema: { params: ChipIdParamsSchema } },
    async (request, reply) => {
      const { svg, isPublic } = await getChipQrSvg(app.db, {
        chipId: request.params.id,
        publicUrl: app.config.publicUrl,
        viewer: request.user,
      });
      return reply.type('image/svg+xml').header('cache-control', qrCacheControl(isPublic)).send(svg);
    },
  );

  app.get(
    `${CHIP_API}/:id/qr.png`,
    { config: { auth: 'optional' }, schema: { params: ChipIdParamsSchema } },
    async (request, reply) => {
      const { png, isPublic } = await getChipQrPng(app.db, {
        chipId: request.params.id,
        publicUrl: app.config.publicUrl,
        viewer: request.user,
      });
      return reply.type('image/png').header('cache-control', qrCacheControl(isPublic)).send(png);
    },
  );

  app.get(
    `${ADMIN_CHIP}/nfc-tag`,
    {
      config: { auth: 'admin' },
      schema: { params: ChipIdParamsSchema, response: { 200: NfcTagEnvelopeSchema } },
    },
    async (request) => ({ tag: await getChipNfcTag(app.db, request.params.id) }),
  );

  app.post(
    `${ADMIN_CHIP}/nfc-tag`,
    {
      config: { auth: 'admin' },
      schema: { params: ChipIdParamsSchema, body: SetNfcTagInputSchema, response: { 200: NfcTagSchema } },
    },
    async (request) =>
      setNfcTag(app.db, {
        chipId: request.params.id,
        adminId: currentUser(request).id,
        keyring,
        input: request.body,
      }),
  );

  app.post(
    `${ADMIN_CHIP}/nfc-tag/provision`,
    {
      config: { auth: 'admin' },
      schema: {
        params: ChipIdParamsSchema,
        body: ProvisionNfcTagInputSchema,
        response: { 200: NfcProvisioningSchema },
      },
    },
    async (request) =>
      provisionNfcTag(app.db, {
        chipId: request.params.id,
        adminId: currentUser(request).id,
        keyring,
        publicUrl: app.config.publicUrl,
        input: request.body,
      }),
  );

  app.post(
    `${ADMIN_CHIP}/nfc-tag/reset-counter`,
    { config: { auth: 'admin' }, schema: { params: ChipIdParamsSchema, response: { 200: NfcTagSchema } } },
    async (request) =>
      resetNfcCounter(app.db, { chipId: request.params.id, adminId: currentUser(request).id }),
  );

  app.get(
    `${ADMIN_CHIP}/taps`,
    {
      config: { auth: 'admin' },
      schema: { params: ChipIdParamsSchema, response: { 200: NfcTapListSchema } },
    },
    async (request) => ({ items: await listChipTaps(app.db, request.params.id) }),
  );

  app.get(
    '/api/admin/production-sheet',
    { config: { auth: 'admin' }, schema: { querystring: ProductionSheetQuerySchema } },
    async (request, reply) => {
      const html = await renderProductionSheet(app.db, {
        query: request.query,
        publicUrl: app.config.publicUrl,
        mediaOrigin: requestOrigin(request) ?? app.config.publicUrl,
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
};

/** The origin the request was addressed to (its protocol and Host), or null when that is no valid origin. */
function requestOrigin(request: { protocol: string; host: string }): string | null {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
