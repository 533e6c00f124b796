import { useMutation } from '@tanstack/react-query';
import {
  SessionOrTwoFactorSchema,
  type LoginCodeInput,
  type SessionOrTwoFactor,
} from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/login/code: the mailed code completes the log-in (or leads to the second factor's step). */
async function loginWithCode(input: LoginCodeInput): Promise<SessionOrTwoFactor> {
  return SessionOrTwoFactorSchema.parse(
    await api('/api/auth/login/code', { method: 'POST', body: input, checksCredentials: true }),
  );
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
