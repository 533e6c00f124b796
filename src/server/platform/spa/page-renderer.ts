import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '#web/entry-server.tsx';
import type { ApiTransport } from '#web/lib/api-client.ts';
import type { PageMetaResolver } from './page-meta.ts';

/** What dist/ssr/entry-server.js (Vite's build of src/web/entry-server.tsx) exports. */
export type PageRendererModule = {
  createPageRenderer: (transport: ApiTransport) => PageRenderer;
  SSR_STATE_ID: string;
  /** Whether a page of the app answers the path (unknown paths get the Not Found page, with a 404). */
  isKnownPage?: (pathname: string) => boolean;
};

const SSR_ENTRY = fileURLToPath(new URL('../../../../dist/ssr/entry-server.js', import.meta.url));

/** The built renderer, or null before a build (pages are then rendered in the browser only). */
export async function loadBuiltRenderer(): Promise<PageRendererModule | null> {
  if (!fs.existsSync(SSR_ENTRY)) return null;
  return (await import(pathToFileURL(SSR_ENTRY).href)) as PageRendererModule;
}

const NULL_BODY_STATUSES = new Set([204, 304]);

/** The request header asking the public cache what an answer depends on (plugins/public-cache.ts). */
const CACHE_TAGS_HEADER = 'x-cache-tags';
/** Anything may change the answer: its route says nothing of what it depends on. */
const ANY_CHANGE = '*';

/** What the render in progress has read so far: the tags of every answer it read. */
const renderReads = new AsyncLocalStorage<Set<string>>();

/**
 * Runs a page's render and says what the page depends on (decision 078): the union of what the answers
 * it read depend on, or anything (`*`) when it read none, so a write drops only the pages it changes.
 */
export async function readingTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await renderReads.run(tags, render);
  return { result, tags: tags.size > 0 ? [...tags] : [ANY_CHANGE] };
}

/**
 * Pages read the API in-process, as a signed-out visitor: no session or cookie is ever forwarded,
 * and only reads are allowed. Cached public answers are served from the public cache.
 */
export function injectTransport(app: FastifyInstance): ApiTransport {
  return async (path, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`The page renderer only reads (${method} ${path})`);
    const res = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json', [CACHE_TAGS_HEADER]: '1' },
    });
    const tags = renderReads.getStore();
    if (tags) {
      const said = res.headers[CACHE_TAGS_HEADER];
      for (const tag of typeof said === 'string' && said !== '' ? said.split(' ') : [ANY_CHANGE])
        tags.add(tag);
    }
    const body = NULL_BODY_STATUSES.has(res.statusCode) ? null : new Uint8Array(res.rawPayload);
    return new Response(body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
    });
  };
}

/** Where the built web app and its page renderer come from (the spa routes serve them). */
export type SpaOptions = {
  /** The server renderer of public pages; by default the build's (dist/ssr), null to render none. */
  pageRenderer?: PageRendererModule | null;
  /** The built web app's folder (dist/web by default). */
  webDist?: string;
  /** The features' page meta, tried in order; pages none of them knows get the site's meta. */
  pageMeta?: readonly PageMetaResolver[];
};
