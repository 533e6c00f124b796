/**
 * What other features may use from the offers feature; the rest of this folder is private to it (eslint:
 * web feature boundaries). Both are lazy, each its own chunk: a static export here would load the panel
 * (and the checkout it opens) into every chip page, which imports this file for the offer form.
 * Render them inside Suspense.
 */
import { lazy } from 'react';

/** The offer form, loaded when a user first opens it. */
export const LazyMakeOfferDialog = lazy(async () => ({
  default: (await import('./components/make-offer-dialog.tsx')).MakeOfferDialog,
}));

/** The offers received and sent, with their answers and the checkout of an accepted offer. */
export const LazyOffersPanel = lazy(async () => ({
  default: (await import('./components/offers-panel.tsx')).OffersPanel,
}));
