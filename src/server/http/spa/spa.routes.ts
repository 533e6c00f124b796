import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pageTitle } from '#shared/brand.ts';
import { isSafeText } from '#shared/input.ts';
import { isSunTapQuery } from '#shared/nfc.schemas.ts';
import { withoutTrackingParams } from '#shared/tracking-params.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  injectTransport,
  loadBuiltRenderer,
  readingTags,
  registerPageCompression,
  resolvePageMeta,
  type PageMeta,
  type SpaOptions,
} from '#server/platform/spa/index.ts';
import { pageCacheKey } from '#server/platform/spa/index.ts';
import { hasSignedInMarker } from '#server/modules/auth/index.ts';
import { tagAnswer } from '#server/plugins/public-cache.ts';

const WEB_DIST = fileURLToPath(new URL('../../../../dist/web', import.meta.url));

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * No page's address holds a NUL byte or a lone surrogate: such a path is not found before any page
 * lookup sends it to the database, which refuses it (issue 25, finding 7: /artchip/%00/y was a 500).
 */
function isPagePath(pathname: string): boolean {
  try {
    return isSafeText(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

/** `/` as a visitor's landing page (not a tap or a legacy NFC link, which are pages of their own). */
function isHomeLanding(url: URL): boolean {
  return (
    url.pathname === '/' &&
    !isSunTapQuery(url.searchParams) &&
    !url.searchParams.has('UID') &&
    !url.searchParams.has('uid')
  );
}

/**
 * A browser whose signed-in marker says a session exists (the session cookie itself goes to /api only):
 * its `/` is its home, which the browser renders, so the server sends the shell without the visitor's
 * landing page (issue 27: a signed-in visitor never sees Log in / Sign up first). The landing stays
 * rendered and cached for everyone else; Vary: Cookie keeps a CDN from mixing the two.
 */
function isSignedInHome(request: FastifyRequest): boolean {
  const url = new URL(request.url, 'http://page');
  return isHomeLanding(url) && hasSignedInMarker(request);
}

/** Writes the page's title, description, canonical URL, Open Graph and Twitter tags into the SPA shell. */
function renderShell(template: string, meta: PageMeta, publicUrl: string): string {
  const canonical = `${publicUrl}${meta.canonicalPath}`;
  const image = meta.image
    ? meta.image.startsWith('http')
      ? meta.image
      : `${publicUrl}${meta.image}`
    : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:site_name" content="Artchip">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}">`);
  }
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  if (meta.preloadImage) {
    const { srcSet, sizes, type } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}"${type ? ` type="${type}"` : ''}>`,
    );
  }
  return template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('</head>', `${tags.join('\n    ')}\n  </head>`);
}

const ROOT = '<div id="root"></div>';

/** Puts a server-rendered page into the shell: its markup in the root, its query cache beside it. */
function fillRoot(shell: string, html: string, state: string, stateId: string): string {
  const at = shell.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no empty <div id="root"></div>');
  const filled = `<div id="root">${html}</div><script type="application/json" id="${stateId}">${state}</script>`;
  return shell.slice(0, at) + filled + shell.slice(at + ROOT.length);
}

/**
 * Serves the built web app: hashed assets with immutable caching (and precompressed), and index.html
 * (with meta, compressed) for every page; public pages come rendered, with the data they were
 * rendered from (entry-server.tsx).
 */
export const spaRoutes: FastifyPluginAsync<SpaOptions> = async (app, options) => {
  registerPageCompression(app);
  const webDist = options.webDist ?? WEB_DIST;
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  const rendererModule =
    options.pageRenderer === undefined ? await loadBuiltRenderer() : options.pageRenderer;
  const renderer = rendererModule?.createPageRenderer(injectTransport(app));

  /**
   * The shell with the page rendered into it, or the shell alone for the browser to render (no
   * renderer, a page it leaves to the browser, or a render that failed).
   */
  async function renderInto(shell: string, url: URL): Promise<string> {
    if (!renderer || !rendererModule) return shell;
    try {
      const page = await renderer.render(url);
      return page ? fillRoot(shell, page.html, page.state, rendererModule.SSR_STATE_ID) : shell;
    } catch (err) {
      app.log.warn({ err, url: url.pathname }, 'server rendering failed; the browser renders the page');
      return shell;
    }
  }

  // Pages read the same for everyone (sessions never ride on a page request): the public cache keeps
  // them (those whose parameters a page reads: page-cache-key.ts), and a CDN may too for a minute,
  // serving them stale while it refreshes.
  const publicCache = {
    sMaxAge: 60,
    key: pageCacheKey,
    personal: isSignedInHome,
    varyCookie: (request: FastifyRequest) => isHomeLanding(new URL(request.url, 'http://page')),
  };
  app.get('/*', { config: { publicCache } }, async (request, reply) => {
    // Rendered without where the visitor came from (decision 078): the page reads no `ref` or `utm_*`,
    // so an affiliate link's page is the plain page's, and the public cache keeps one for both.
    const url = new URL(withoutTrackingParams(request.url), app.config.publicUrl);
    if (/^\/(api|paypal|media)(\/|$)/.test(url.pathname)) {
      throw new AppError('NOT_FOUND', `Route GET ${url.pathname} not found`);
    }
    if (!isPagePath(url.pathname)) throw new AppError('NOT_FOUND', 'Page not found');
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    // An address no page answers is the Not Found page, with a 404 (issue 27), never a 200.
    const isUnknown = rendererModule?.isKnownPage ? !rendererModule.isKnownPage(url.pathname) : false;
    const meta: PageMeta = isUnknown
      ? {
          title: pageTitle('Page not found'),
          description: 'The page you are looking for does not exist or has moved.',
          canonicalPath: url.pathname,
          status: 404,
          noindex: true,
        }
      : await resolvePageMeta(options.pageMeta ?? [], app, url);
    const shell = renderShell(template, meta, app.config.publicUrl);
    let html = shell;
    if (!isSignedInHome(request)) {
      // The page depends on what its render read (decision 078): a write drops only the pages it changes.
      const rendered = await readingTags(() => renderInto(shell, url));
      html = rendered.result;
      // A shell (nothing rendered) carries only the head's meta, read outside the render: anything.
      tagAnswer(request, html === shell ? ['*'] : rendered.tags);
    }
    return (
      reply
        .status(meta.status ?? 200)
        // A tap's URL is used once: its page is never kept (and never rendered here, see verify-tap.ts).
        .header('cache-control', isSunTapQuery(url.searchParams) ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    );
  });
};
