/**
 * What the rest of the web app may use from the price feature; the rest of this folder is private to
 * it (eslint: web feature boundaries). The price itself is read through #web/lib/api/get-token-price.ts.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export { PriceTickerLoading } from './components/price-ticker-loading.tsx';
/** In a chunk of its own, out of every page's first script; the server renders it in place. */
export const PriceTicker = lazyPage(() => import('./components/price-ticker.tsx'));
