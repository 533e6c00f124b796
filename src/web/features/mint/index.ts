/**
 * What other features may use from the mint feature; the rest of this folder is private to it (eslint:
 * web feature boundaries).
 */
export { MintButton } from './components/mint-button.tsx';
/** The mint dialogs as their own chunk (render inside Suspense), for places with their own mint button. */
export { LazyMintFlow } from './components/lazy-mint-flow.ts';
