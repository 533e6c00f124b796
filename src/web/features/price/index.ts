/**
 * What the rest of the web app may use from the price feature; the rest of this folder is private to
 * it (eslint: web feature boundaries). The price itself is read through #web/lib/api/get-token-price.ts.
 */
export { PriceTicker } from './components/price-ticker.tsx';
