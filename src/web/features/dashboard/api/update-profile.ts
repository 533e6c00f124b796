import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSchema, type UpdateProfileInput, type User } from '#shared/users.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { AUTH_USER_QUERY_KEY } from '#web/lib/auth.tsx';

/** PUT /api/users/profile: returns the updated user. */
async function updateProfile(input: UpdateProfileInput): Promise<User> {
  return UserSchema.parse(await api('/api/users/profile', { method: 'PUT', body: input }));
}

/** Updates the profile and the signed-in user everywhere (header, dashboard). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => client.setQueryData(AUTH_USER_QUERY_KEY, user),
  });
}
