// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_USER_QUERY_KEY } from '#web/lib/auth.tsx';
import { clearSessionMarker } from '#web/lib/session-marker.ts';
import { hydrateFromServer, pageHydrated } from './ssr-state.ts';

const emptyState = { mutations: [], queries: [] };

function watchAuth(client: QueryClient, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: AUTH_USER_QUERY_KEY, queryFn, staleTime: 60_000 });
  return observer.subscribe(() => {});
}

describe('hydrateFromServer', () => {
  afterEach(() => clearSessionMarker());

  it('asks who is signed in only once the whole page has hydrated', async () => {
    document.cookie = 'artchip_signed_in=1; Path=/';
    const client = new QueryClient();
    hydrateFromServer(client, emptyState);
    const fetchUser = vi.fn(async () => ({ username: 'ada' }));
    const stop = watchAuth(client, fetchUser);

    expect(client.getQueryData(AUTH_USER_QUERY_KEY)).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();

    pageHydrated();
    await vi.waitFor(() => expect(client.getQueryData(AUTH_USER_QUERY_KEY)).toEqual({ username: 'ada' }));
    expect(fetchUser).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks nothing for a visitor without a stored session', async () => {
    const client = new QueryClient();
    hydrateFromServer(client, emptyState);
    const fetchUser = vi.fn(async () => null);
    const stop = watchAuth(client, fetchUser);
    pageHydrated();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchUser).not.toHaveBeenCalled();
    stop();
  });
});
