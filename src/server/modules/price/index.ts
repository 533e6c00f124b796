/**
 * The price feature's public face: other features reach it only through these (a lint rule
 * enforces it).
 */
export { getTokenPriceUsd, refreshLiveTokenPrice } from './price.service.ts';
export { getCoinPrice } from './price.service.ts';
