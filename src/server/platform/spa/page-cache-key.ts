/**
 * Which page URLs the public cache keeps (decisions 037 and 078). A page's HTML is made from its URL:
 * the header's Log in link carries the path and query back (`?next=`), and the Buy Now and Make Offer
 * forms carry the query as hidden fields (src/web/lib/url-action.tsx). Both leave out the tracking
 * parameters (`ref`, `utm_*`: src/shared/tracking-params.ts), and the page is rendered without them,
 * so a page is kept under its URL without them: an affiliate link shares the plain page's entry (the
 * browser still reads `ref` from its address bar). It is kept only when every other parameter is one
 * a page reads: anything else is answered (rendered) but not kept, so made-up parameters cannot fill
 * the cache.
 */
import { withoutTrackingParams } from '#shared/tracking-params.ts';
/** A tap on Buy Now or Make Offer before hydration (url-action.tsx): `buy-12`, `offer-12`. */
const URL_ACTION = /^[a-z]+-\d{1,15}$/;

/** The parameters each server-rendered page reads (src/web/app/router.tsx's `handle: SSR` pages). */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  // A legacy NFC link (`/?UID=…`, home-page.tsx). A SUN tap's parameters are not kept: its page is private.
  '/': ['UID', 'uid'],
  // The marketplace's filters (FILTER_KEYS in src/web/features/chips/lib/marketplace-filters.ts).
  '/marketplace': ['q', 'shape', 'minPrice', 'maxPrice', 'creator', 'sort'],
  // A unit ID (unit-id.ts): `?uid=…`, or bare as the first parameter (`/uid?12345678901234`).
  '/uid': ['uid'],
};

/**
 * The key a page is kept under (its URL as it came, without tracking parameters: the URL it is rendered
 * from), or null when a parameter is not one it reads.
 */
export function pageCacheKey(url: string): string | null {
  const page = withoutTrackingParams(url);
  const at = page.indexOf('?');
  if (at < 0) return page;
  const pathname = page.slice(0, at).replace(/(.)\/+$/, '$1');
  const reads = PAGE_PARAMS[pathname] ?? [];
  const params = [...new URLSearchParams(page.slice(at + 1))];
  const known = params.every(([name, value], index) => {
    if (reads.includes(name)) return true;
    if (name === 'action') return URL_ACTION.test(value);
    return pathname === '/uid' && index === 0 && value === '';
  });
  return known ? page : null;
}
