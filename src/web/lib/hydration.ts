import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is rendered on the server and while the browser hydrates that HTML, true after
 * (and at once for pages the browser renders alone). What differs between the two (the visitor's
 * time zone) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The time zone dates are shown in: UTC on the server and while hydrating, so the browser's first
 * render matches the server's HTML, then the visitor's own.
 */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}
