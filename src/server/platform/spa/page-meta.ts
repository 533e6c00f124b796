import type { FastifyInstance } from 'fastify';
import { BRAND, pageTitle } from '#shared/brand.ts';

/** What the server writes into index.html's head for one page, so shared links preview properly. */
export type PageMeta = {
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | undefined;
  type?: 'website' | 'product' | 'profile';
  status?: number;
  noindex?: boolean;
  /**
   * The page's largest picture, preloaded from the head at high priority (its LCP): the `srcset` and
   * `sizes` its img uses, and `type` when the set is one format some browsers lack (AVIF).
   */
  preloadImage?: { srcSet: string; sizes: string; type?: 'image/avif' } | undefined;
};

/**
 * A resolver answers for the paths it knows (e.g. chip pages) and returns null for the rest. Features
 * export theirs; routes.ts hands the list to the spa routes (no registry: each app gets its list).
 */
export type PageMetaResolver = (app: FastifyInstance, url: URL) => Promise<PageMeta | null>;

const STATIC_TITLES: Record<string, string> = {
  '/marketplace': 'Marketplace',
  '/our-meme-coin': `${BRAND.ticker} token`,
  '/top-minters': 'Top minters',
  '/contact': 'Contact',
  '/faq': 'FAQ',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/landing': BRAND.name,
};

/** The first of `resolvers` that knows the page answers; any other page gets the site's meta. */
export async function resolvePageMeta(
  resolvers: readonly PageMetaResolver[],
  app: FastifyInstance,
  url: URL,
): Promise<PageMeta> {
  for (const resolver of resolvers) {
    const meta = await resolver(app, url);
    if (meta) return meta;
  }
  const known = STATIC_TITLES[url.pathname];
  return {
    title: pageTitle(known),
    description: `${BRAND.plural}: 54 mm discs of art sealed in resin, with an NFC tag that proves they are genuine. Mint, buy, collect.`,
    canonicalPath: url.pathname,
    type: 'website',
  };
}
