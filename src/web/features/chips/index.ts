/**
 * What other features may use from the chips feature; the rest of this folder is private to it (eslint:
 * web feature boundaries). Its pages are in pages.ts, for the router.
 */
export { creatorProfileQueryOptions } from './api/get-creator-profile.ts';
export { useFeaturedChips } from './api/get-featured-chips.ts';
export { CHIP_CARD_SIZES, ChipCardSkeleton } from './components/chip-card.tsx';
export { ChipGrid } from './components/chip-grid.tsx';
export { ChipImage } from './components/chip-image.tsx';
export { DemoBanner } from './components/demo-banner.tsx';
export { ReportedNotice } from './components/reported-notice.tsx';
export { LiveAuctionLink } from './components/live-auction-link.tsx';
export { MarketplaceStatsPanel } from './components/marketplace-stats.tsx';
export { formatLongDate, formatPriceUsd } from './lib/chip-format.ts';
export { BuyButton } from './components/buy-button.tsx';
export { MakeOfferButton } from './components/make-offer-button.tsx';
export { ChipPeople } from './components/chip-people.tsx';
export { soldForCents } from './components/chip-price.tsx';
