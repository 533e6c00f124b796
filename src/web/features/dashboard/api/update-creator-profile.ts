import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreatorProfileSchema,
  type CreatorProfile,
  type UpdateCreatorProfileInput,
} from '#shared/creators.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { creatorProfileQueryOptions } from '#web/features/chips/index.ts';

/** PUT /api/users/creator-profile: returns the public profile as everyone now sees it. */
async function updateCreatorProfile(input: UpdateCreatorProfileInput): Promise<CreatorProfile> {
  return CreatorProfileSchema.parse(await api('/api/users/creator-profile', { method: 'PUT', body: input }));
}

/** Saves the bio and links; the gallery's profile shows the new ones at once. */
export function useUpdateCreatorProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCreatorProfile,
    onSuccess: (profile) =>
      client.setQueryData(creatorProfileQueryOptions(profile.username).queryKey, profile),
  });
}
