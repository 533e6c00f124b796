import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema, type MessageResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/send-verification: mails a new verification link (the answer is the same for any e-mail). */
async function sendVerification(email: string): Promise<MessageResponse> {
  return MessageResponseSchema.parse(
    await api('/api/auth/send-verification', { method: 'POST', body: { email } }),
  );
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
