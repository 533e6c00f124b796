/**
 * Where the app is and how it moves: the browser's history, a list in memory (component tests) or a
 * fixed location (the server renderer). The router (router.tsx) renders from `location` and is told
 * of every change.
 */

/** `key` is 'default' for the entry the app started on, and new for each navigation. */
export type Location = { pathname: string; search: string; hash: string; key: string };

export type History = {
  readonly location: Location;
  push: (href: string) => void;
  replace: (href: string) => void;
  go: (delta: number) => void;
  /** Calls `listener` after every change of location; returns the unsubscribe. */
  listen: (listener: (location: Location) => void) => () => void;
};

/** Splits an absolute href (`/a?b#c`) into a location. */
function parseHref(href: string, key = 'default'): Location {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

export function hrefOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function createListeners() {
  const listeners = new Set<(location: Location) => void>();
  return {
    listen: (listener: (location: Location) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: (location: Location) => {
      for (const listener of listeners) listener(location);
    },
  };
}

/**
 * The browser's history. Each entry's state is `{ key }`, the shape React Router wrote, so entries
 * made before and after an upgrade read the same.
 */
export function createBrowserHistory(): History {
  const listeners = createListeners();
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as { key?: unknown } | null;
    return { pathname, search, hash, key: typeof state?.key === 'string' ? state.key : 'default' };
  };
  let location = read();
  const change = (href: string, replace: boolean) => {
    const key = createKey();
    try {
      if (replace) window.history.replaceState({ key }, '', href);
      else window.history.pushState({ key }, '', href);
    } catch {
      // Safari limits pushState to 100 calls in 30 s: load the page instead.
      window.location[replace ? 'replace' : 'assign'](href);
      return;
    }
    location = read();
    listeners.notify(location);
  };
  window.addEventListener('popstate', () => {
    location = read();
    listeners.notify(location);
  });
  return {
    get location() {
      return location;
    },
    push: (href) => change(href, false),
    replace: (href) => change(href, true),
    go: (delta) => window.history.go(delta),
    listen: listeners.listen,
  };
}

/** History kept in memory, for component tests: starts at the last of `entries`. */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const listeners = createListeners();
  const stack = entries.map((href, i) => parseHref(href, i === 0 ? 'default' : createKey()));
  let index = stack.length - 1;
  const move = (next: number) => {
    index = Math.min(Math.max(next, 0), stack.length - 1);
    listeners.notify(stack[index]!);
  };
  return {
    get location() {
      return stack[index]!;
    },
    push: (href) => {
      stack.splice(index + 1, stack.length, parseHref(href, createKey()));
      move(index + 1);
    },
    replace: (href) => {
      stack[index] = parseHref(href, createKey());
      move(index);
    },
    go: (delta) => move(index + delta),
    listen: listeners.listen,
  };
}

/** A page rendered on the server stays where it is: navigating there is a bug. */
export function createStaticHistory(href: string): History {
  const refuse = () => {
    throw new Error('A page rendered on the server cannot navigate');
  };
  return {
    location: parseHref(href),
    push: refuse,
    replace: refuse,
    go: refuse,
    listen: () => () => {},
  };
}
