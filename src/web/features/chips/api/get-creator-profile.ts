import { queryOptions, useQuery } from '@tanstack/react-query';
import { CreatorProfileSchema, type CreatorProfile } from '#shared/creators.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/creators/:username: a member's public profile and figures. */
async function getCreatorProfile(username: string, signal?: AbortSignal): Promise<CreatorProfile> {
  return CreatorProfileSchema.parse(await api(`/api/creators/${encodeURIComponent(username)}`, { signal }));
}

/** One key per username, whatever its case in the URL (usernames are unique case-insensitively). */
export function creatorProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['creators', 'profile', username.toLowerCase()],
    queryFn: ({ signal }) => getCreatorProfile(username, signal),
  });
}

export function useCreatorProfile(username: string) {
  return useQuery(creatorProfileQueryOptions(username));
}
