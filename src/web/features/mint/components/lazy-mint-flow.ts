import { lazy } from 'react';

/** The mint dialogs (upload, checkout) are their own chunk, loaded on first use; render inside Suspense. */
export const LazyMintFlow = lazy(async () => ({ default: (await import('./mint-flow.tsx')).MintFlow }));
