import { VerifyEmailResponseSchema, type VerifyEmailResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/auth/verify-email?token=: single use, so the page calls it once and nothing caches it. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return VerifyEmailResponseSchema.parse(
    await api(`/api/auth/verify-email?${new URLSearchParams({ token })}`),
  );
}
