import { use, type ComponentType } from 'react';

type PageModule<P> = { default: ComponentType<P> };

/** A page in its own chunk, loaded on first render or ahead of it with `preload()`. */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> };

const pages: LazyPage<never>[] = [];

/**
 * React.lazy, with one difference: a page whose chunk has been loaded renders at once. (React.lazy
 * suspends on first render even then, and a server render that suspends streams the page in pieces
 * held together by inline scripts, which the Content-Security-Policy forbids.) Each feature's pages.ts
 * declares its pages with it.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = module.default;
    }));
  function Page(props: P) {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  const page = Object.assign(Page, { preload });
  pages.push(page as LazyPage<never>);
  return page;
}

/** Loads every page's chunk: the server renderer does it once at start, so no render suspends. */
export async function preloadAllPages(): Promise<void> {
  await Promise.all(pages.map((page) => page.preload()));
}
