/**
 * What other features may use from the orders feature (orders, and the owner tools of /my-artchip); the
 * rest of this folder is private to it (eslint: web feature boundaries). Its pages are in pages.ts,
 * for the router.
 */
import { lazy } from 'react';
export { useMyStats } from './api/get-my-stats.ts';
export { MyArtchipCollection } from './components/my-artchip-collection.tsx';

/**
 * The owner's moves on one chip (Activate, Pricing, availability, resale, Ship to me), exactly as
 * chip.actions allows. Lazy, its own chunk: chip pages load it only for the chip's owner. Render it
 * inside Suspense.
 */
export const LazyChipOwnerActions = lazy(async () => ({
  default: (await import('./components/chip-owner-actions.tsx')).ChipOwnerActions,
}));

/**
 * 'Hand over' (issue 15): the owner's handover dialog. Given the token of the owner's own fresh tap
 * (TapResult.handoverTap, decision 038) it opens a handover from that tap; without one it shows the live
 * handover and says how to start one. Lazy, like the owner's actions. Render it inside Suspense.
 */
export const LazyHandoverDialog = lazy(async () => ({
  default: (await import('./components/handover-dialog.tsx')).HandoverDialog,
}));
