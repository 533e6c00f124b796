import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND, pageTitle, ROUTES } from '#shared/brand.ts';
import { avifSrcSetOf, CHIP_DETAIL_IMAGE_SIZES, UNIT_ID_PATTERN } from '#shared/chips.schemas.ts';
import { noCreatorMessage } from '#shared/creators.schemas.ts';
import { centsToUsdString } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { PageMeta } from '#server/platform/spa/index.ts';
import {
  countCreatorPublicChips,
  countListedChips,
  findChipBySlug,
  findChipByUnitId,
  findMaxChipId,
  findUserByUsername,
  listGalleryUsernames,
  listListedChipPaths,
  type ChipWithUsers,
  isChipPublic,
} from '#server/modules/chips/index.ts';

/** The sitemap protocol allows 50,000 URLs per file; past this many chips /sitemap.xml becomes an index. */
export const SITEMAP_CHUNK = 40_000;
const SITEMAP_CACHE = 'public, max-age=600';

const CHIP_PAGE = new RegExp(`^/${BRAND.slug}/([^/]+)/([^/]+)/?$`);
const GALLERY_PAGE = /^\/gallery\/([^/]+)\/?$/;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function notFoundMeta(path: string): PageMeta {
  return {
    title: pageTitle(`${BRAND.name} Not Found`),
    description: `The ${BRAND.name} you're looking for doesn't exist or has been removed.`,
    canonicalPath: path,
    status: 404,
    noindex: true,
  };
}

/**
 * A chip not yet public (pending activation) answers 200 with nothing about it: its owner opens it
 * signed in, and the page loads it for them; crawlers are told to stay away (issue 10 #4).
 */
function hiddenChipMeta(path: string): PageMeta {
  return { title: pageTitle(BRAND.name), description: '', canonicalPath: path, noindex: true };
}

function chipMeta(found: ChipWithUsers): PageMeta {
  const { chip, creatorUsername } = found;
  const price = chip.priceCents === null ? '' : ` $${centsToUsdString(chip.priceCents)}.`;
  const summary = chip.description?.trim() || `A ${chip.shape} ${BRAND.name} by @${creatorUsername}.${price}`;
  return {
    title: pageTitle(`${chip.title} by @${creatorUsername}`),
    description: summary.length > 200 ? `${summary.slice(0, 197)}...` : summary,
    canonicalPath: ROUTES.chip(creatorUsername, chip.slug),
    // The chip as it will be made (its placed disc, a PNG: link previews handle it more widely than
    // WebP); before it is made, the re-encoded original.
    image: chip.discShareUrl ?? chip.originalImageUrl ?? chip.imageUrl ?? undefined,
    type: 'product',
    preloadImage: chipPagePreload(chip.discUrl ? chip.discVariants : chip.imageVariants),
  };
}

/** The chip page's picture as its img will ask for it (ChipImage): AVIF when every width has one. */
function chipPagePreload(variants: ChipWithUsers['chip']['imageVariants']): PageMeta['preloadImage'] {
  if (variants.length === 0) return undefined;
  const avif = avifSrcSetOf(variants);
  if (avif) return { srcSet: avif, sizes: CHIP_DETAIL_IMAGE_SIZES, type: 'image/avif' };
  const webp = [...variants].sort((a, b) => a.width - b.width).map((v) => `${v.url} ${v.width}w`);
  return { srcSet: webp.join(', '), sizes: CHIP_DETAIL_IMAGE_SIZES };
}

/** Meta tags for shared links to chip pages, galleries and /uid (routes.ts passes it to the spa routes). */
export async function catalogueMeta(app: FastifyInstance, url: URL): Promise<PageMeta | null> {
  const chipMatch = CHIP_PAGE.exec(url.pathname);
  if (chipMatch) {
    const username = decodeSegment(chipMatch[1]!);
    const slug = decodeSegment(chipMatch[2]!);
    const found = username && slug ? await findChipBySlug(app.db, username, slug) : null;
    if (!found) return notFoundMeta(url.pathname);
    return isChipPublic(found.chip) ? chipMeta(found) : hiddenChipMeta(url.pathname);
  }
  const galleryMatch = GALLERY_PAGE.exec(url.pathname);
  if (galleryMatch) {
    const username = decodeSegment(galleryMatch[1]!);
    const user = username ? await findUserByUsername(app.db, username) : null;
    if (!user) {
      return {
        ...notFoundMeta(url.pathname),
        title: pageTitle(noCreatorMessage(username ?? '')),
        description: `Nobody on ${BRAND.name} has this username.`,
      };
    }
    const count = await countCreatorPublicChips(app.db, user.id);
    return {
      title: pageTitle(`@${user.username}'s gallery`),
      description: `${count} ${count === 1 ? BRAND.name : BRAND.plural} by @${user.username}.`,
      canonicalPath: ROUTES.gallery(user.username),
      image: user.profileImageUrl ?? undefined,
      type: 'profile',
    };
  }
  if (url.pathname === ROUTES.uid || url.pathname === `${ROUTES.uid}/`) {
    // Spec: the unit ID is the uid parameter, or the whole query string when that is absent.
    const uid = (url.searchParams.get('uid') ?? decodeSegment(url.search.replace(/^\?/, '')) ?? '').trim();
    if (!UNIT_ID_PATTERN.test(uid)) {
      return {
        title: pageTitle(`Invalid ${BRAND.name} ID`),
        description: '',
        canonicalPath: ROUTES.uid,
        noindex: true,
      };
    }
    const found = await findChipByUnitId(app.db, uid);
    return found && isChipPublic(found.chip) ? chipMeta(found) : notFoundMeta(ROUTES.uid);
  }
  return null;
}

const PUBLIC_PAGES = [
  ROUTES.home,
  ROUTES.marketplace,
  ROUTES.token,
  ROUTES.topMinters,
  ROUTES.contact,
  ROUTES.faq,
  ROUTES.privacy,
  ROUTES.terms,
];

/** Paths crawlers should leave alone: the API, accounts, checkout and admin screens. */
const DISALLOWED = [
  '/api/',
  ROUTES.admin,
  ROUTES.secretAdmin,
  ROUTES.siteAdminLogin,
  ROUTES.adminLogin,
  ROUTES.dashboard,
  ROUTES.myOrders,
  ROUTES.checkoutSuccess,
  ROUTES.confirmOrder,
  ROUTES.paymentProcessing,
  ROUTES.paypalProcessing,
  ROUTES.stripeProcessing,
  ROUTES.setPassword,
  ROUTES.verifyEmail,
  ROUTES.checkEmail,
];

function xmlEscape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function urlEntry(loc: string, lastmod?: Date, image?: string | null): string {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
  const picture = image ? `<image:image><image:loc>${xmlEscape(image)}</image:loc></image:image>` : '';
  return `<url><loc>${xmlEscape(loc)}</loc>${mod}${picture}</url>`;
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${entries.join('\n')}\n</urlset>\n`;
}

/** An absolute URL of a stored image (a '/media/…' path, or already a bucket's URL). */
function absoluteImage(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('http') ? url : `${publicUrl}${url}`;
}

async function pageEntries(app: FastifyInstance): Promise<string[]> {
  const base = app.config.publicUrl;
  const galleries = await listGalleryUsernames(app.db, SITEMAP_CHUNK);
  return [
    ...PUBLIC_PAGES.map((p) => urlEntry(`${base}${p}`)),
    ...galleries.map((u) => urlEntry(`${base}${ROUTES.gallery(u)}`)),
  ];
}

async function chipEntries(app: FastifyInstance, minId: number, maxId: number): Promise<string[]> {
  const base = app.config.publicUrl;
  const rows = await listListedChipPaths(app.db, minId, maxId);
  // Each chip's picture as made (its placed disc), so image search shows the chip, not the artwork.
  return rows.map((r) =>
    urlEntry(`${base}${ROUTES.chip(r.username, r.slug)}`, r.updatedAt, absoluteImage(base, r.image)),
  );
}

/** robots.txt and the sitemap. */
export const chipsSeoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), ''];
    lines.push(`Sitemap: ${app.config.publicUrl}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    void reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE);
    const listed = await countListedChips(app.db);
    if (listed <= SITEMAP_CHUNK) {
      const maxId = await findMaxChipId(app.db);
      return reply.send(urlset([...(await pageEntries(app)), ...(await chipEntries(app, 0, maxId))]));
    }
    // Large catalogues: an index of the pages file and chip files by id range (each ≤ SITEMAP_CHUNK ids).
    const base = app.config.publicUrl;
    const chunks = Math.ceil((await findMaxChipId(app.db)) / SITEMAP_CHUNK);
    const files = [`${base}/sitemaps/pages.xml`];
    for (let n = 1; n <= chunks; n++) files.push(`${base}/sitemaps/chips-${n}.xml`);
    const body = files.map((f) => `<sitemap><loc>${xmlEscape(f)}</loc></sitemap>`).join('\n');
    return reply.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
    );
  });

  app.get(
    '/sitemaps/:file',
    { schema: { params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const { file } = request.params;
      const chunk = /^chips-([1-9]\d{0,5})\.xml$/.exec(file);
      if (file !== 'pages.xml' && !chunk) throw new AppError('NOT_FOUND', 'Sitemap not found');
      const n = Number(chunk?.[1] ?? 0);
      // A page past the last chip id is not found (its id range would also pass the integer column).
      if (chunk && n > Math.max(1, Math.ceil((await findMaxChipId(app.db)) / SITEMAP_CHUNK)))
        throw new AppError('NOT_FOUND', 'Sitemap not found');
      const entries =
        file === 'pages.xml'
          ? await pageEntries(app)
          : await chipEntries(app, (n - 1) * SITEMAP_CHUNK, n * SITEMAP_CHUNK);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', SITEMAP_CACHE)
        .send(urlset(entries));
    },
  );
};
