import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/forgot-password: mails a set-password link (the answer is the same for any e-mail). */
async function forgotPassword(email: string): Promise<MessageResponse> {
  return MessageResponseSchema.parse(
    await api('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  );
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
