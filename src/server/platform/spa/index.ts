/**
 * The spa feature's public face: the hook other features use to describe their pages to crawlers.
 */
export { type PageMeta, type PageMetaResolver, registerPageMeta } from './page-meta.ts';
export { type SpaOptions } from './spa.routes.ts';
export { type PageRendererModule } from './page-renderer.ts';
