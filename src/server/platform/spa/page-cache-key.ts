/**
 * Which page URLs the public cache keeps (decision 037). A page's HTML is made from its whole URL: the
 * header's Log in link carries the path and query back (`?next=`), and the Buy Now and Make Offer
 * forms carry the query as hidden fields (src/web/lib/url-action.tsx). So a page is kept under its
 * URL as it came, and only when every parameter is one a page reads or carries: anything else is
 * answered (rendered) but not kept, so made-up parameters cannot fill the cache.
 */

/** Where a visitor came from: an affiliate code (layout.tsx keeps one of this form) and campaign tags. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,20}$/;
const CAMPAIGN_PARAMS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
];
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

/** The key a page is kept under (its URL as it came), or null when a parameter is not one it reads. */
export function pageCacheKey(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pathname = url.slice(0, at).replace(/(.)\/+$/, '$1');
  const reads = PAGE_PARAMS[pathname] ?? [];
  const params = [...new URLSearchParams(url.slice(at + 1))];
  const known = params.every(([name, value], index) => {
    if (reads.includes(name) || CAMPAIGN_PARAMS.includes(name)) return true;
    if (name === 'ref') return REFERRAL_CODE.test(value);
    if (name === 'action') return URL_ACTION.test(value);
    return pathname === '/uid' && index === 0 && value === '';
  });
  return known ? url : null;
}
