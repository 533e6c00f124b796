/**
 * The spa platform's public face: the page renderer, compression, cache keys, and the page meta
 * resolvers' shape (features export theirs, routes.ts passes them to the spa routes).
 */
export { type PageMeta, type PageMetaResolver } from './page-meta.ts';
export { type PageRendererModule, type SpaOptions } from './page-renderer.ts';
export { registerPageCompression } from './page-compression.ts';
export { resolvePageMeta } from './page-meta.ts';
export { injectTransport, loadBuiltRenderer, readingTags } from './page-renderer.ts';
export { pageCacheKey } from './page-cache-key.ts';
