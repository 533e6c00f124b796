import { useMutation } from '@tanstack/react-query';
import { VerifyEmailResponseSchema, type VerifyEmailResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/auth/verify-email?token=: single use, so it is a mutation rather than a cached query. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return VerifyEmailResponseSchema.parse(
    await api(`/api/auth/verify-email?${new URLSearchParams({ token })}`),
  );
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
