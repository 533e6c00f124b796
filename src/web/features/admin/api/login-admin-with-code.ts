import { useMutation } from '@tanstack/react-query';
import {
  AdminSessionOrTwoFactorSchema,
  type AdminSessionOrTwoFactor,
  type LoginCodeInput,
} from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/admin/auth/login/code: the mailed code completes the admin log-in. */
async function loginAdminWithCode(input: LoginCodeInput): Promise<AdminSessionOrTwoFactor> {
  return AdminSessionOrTwoFactorSchema.parse(
    await api('/api/admin/auth/login/code', { method: 'POST', body: input, checksCredentials: true }),
  );
}

export function useLoginAdminWithCode() {
  return useMutation({ mutationFn: loginAdminWithCode });
}
