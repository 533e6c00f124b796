import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from '#shared/auth.schemas.ts';
import type { ChangePasswordInput } from '#shared/users.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/users/change-password: the user's other sessions end; this one stays. */
async function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return MessageResponseSchema.parse(
    await api('/api/users/change-password', { method: 'POST', body: input }),
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
