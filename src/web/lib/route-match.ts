import type { ComponentType, ReactNode } from 'react';

/**
 * One route of the table (app/router.tsx): a `path` (`/gallery/:username`, `*`) or none for a layout,
 * and what it renders. React Router's RouteObject, reduced to what the app uses.
 */
export type RouteObject = {
  path?: string;
  element?: ReactNode;
  Component?: ComponentType;
  children?: RouteObject[];
  /** Anything the app attaches to a route (app/router.tsx marks server-rendered pages). */
  handle?: unknown;
};

export type Params = Readonly<Record<string, string | undefined>>;

/** A route on the way to the page, from the outermost layout to the page itself. */
export type RouteMatch = { route: RouteObject; params: Params };

type Branch = { routes: RouteObject[]; matcher: RegExp; paramNames: string[]; score: number };

const PARAM = /^:[\w-]+$/;

/**
 * React Router's ranking, so the same path picks the same route: each segment adds to the score
 * (static 10, `:param` 3, empty 1), a splat costs 2, and the higher score wins; ties keep table order.
 */
function scorePath(path: string): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/**
 * A path as a pattern, as React Router compiles it: case-insensitive, trailing slashes allowed,
 * `:name` one segment, a final `*` the rest (as the `*` param).
 */
function compilePath(path: string): { matcher: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        paramNames.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    paramNames.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { matcher: new RegExp(source, 'i'), paramNames };
}

/** Every route that can be a page, with its layouts, best first. A layout alone never matches. */
function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = ''): Branch[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    const children = route.children ? flatten(route.children, chain, path) : [];
    if (route.path === undefined) return children;
    return [...children, { routes: chain, ...compilePath(path), score: scorePath(path) }];
  });
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/') || parent === '') return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    // A stable sort: equal scores keep the order of the table.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  return branches;
}

/** Percent-decodes each segment (a malformed one stays as it is); an encoded `/` stays encoded. */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The routes a pathname renders, layouts first and the page last, or null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname);
  for (const branch of branchesOf(routes)) {
    const found = branch.matcher.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.paramNames.forEach((name, i) => {
      params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/');
    });
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
