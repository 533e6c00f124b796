/** The marketplace's public figures and the Top Minters board. */
export { getMarketplaceStats, listTopMinters } from './marketplace-stats.service.ts';
