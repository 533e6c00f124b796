/**
 * The spa feature's public face: the hook other features use to describe their pages to crawlers.
 */
export { type PageMeta, type PageMetaResolver, registerPageMeta } from './page-meta.ts';
export { type PageRendererModule, type SpaOptions } from './page-renderer.ts';
export { registerPageCompression } from './page-compression.ts';
export { resolvePageMeta } from './page-meta.ts';
export { injectTransport, loadBuiltRenderer } from './page-renderer.ts';
export { pageCacheKey } from './page-cache-key.ts';
