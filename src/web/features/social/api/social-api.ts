/**
 * Follows, watches, saved searches and notifications (issue 31): the calls and their React Query
 * hooks. Answers are typed, not parsed: the bell and the hearts load on public pages, whose first
 * script must stay small (decision 014), and these are the viewer's own answers.
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { CHIP_API } from '#shared/brand.ts';
import type {
  FollowedCreator,
  FollowState,
  NotificationPage,
  NotificationPreferences,
  SavedSearch,
  UpdateNotificationPreferences,
  WatchedChip,
  WatchState,
} from '#shared/notifications.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';

const KEYS = {
  watches: ['social', 'watches'] as const,
  follows: ['social', 'follows'] as const,
  unread: ['social', 'unread'] as const,
  notifications: ['social', 'notifications'] as const,
  preferences: ['social', 'preferences'] as const,
  savedSearches: ['social', 'saved-searches'] as const,
};

/** The chips the signed-in viewer watches: one request answers every heart on a page. */
export function useMyWatches() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: KEYS.watches,
    queryFn: async ({ signal }) => (await api<{ items: WatchedChip[] }>('/api/watches', { signal })).items,
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

/** The creators the signed-in viewer follows. */
export function useMyFollows() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: KEYS.follows,
    queryFn: async ({ signal }) =>
      (await api<{ items: FollowedCreator[] }>('/api/follows', { signal })).items,
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}

export function useSetWatch(chipId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) =>
      api<WatchState>(`${CHIP_API}/${chipId}/watch`, { method: watching ? 'PUT' : 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.watches }),
  });
}

export function useSetFollow(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      api<FollowState>(`/api/creators/${encodeURIComponent(username)}/follow`, {
        method: following ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.follows }),
  });
}

/** The bell's count: unread notifications, asked again every minute while the page is open. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.unread,
    queryFn: async ({ signal }) =>
      (await api<NotificationPage>('/api/notifications?limit=1', { signal })).unreadCount,
    enabled,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

const notificationsQuery = infiniteQueryOptions({
  queryKey: KEYS.notifications,
  queryFn: ({ pageParam, signal }) =>
    api<NotificationPage>(
      `/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      {
        signal,
      },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** The notification centre, newest first, page by page. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQuery, enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) =>
      api<{ updated: number; unreadCount: number }>('/api/notifications/read', {
        method: 'POST',
        body: input,
      }),
    onSuccess: (answer) => {
      client.setQueryData(KEYS.unread, answer.unreadCount);
      return client.invalidateQueries({ queryKey: KEYS.notifications });
    },
  });
}

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.preferences,
    queryFn: ({ signal }) => api<NotificationPreferences>('/api/notification-preferences', { signal }),
    enabled,
  });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferences) =>
      api<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: input }),
    onSuccess: (answer) => client.setQueryData(KEYS.preferences, answer),
  });
}

export function useSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.savedSearches,
    queryFn: async ({ signal }) =>
      (await api<{ items: SavedSearch[] }>('/api/saved-searches', { signal })).items,
    enabled,
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) =>
      api<SavedSearch>('/api/saved-searches', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.savedSearches }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/saved-searches/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.savedSearches }),
  });
}
