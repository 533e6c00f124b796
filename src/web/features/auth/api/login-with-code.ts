import { useMutation } from '@tanstack/react-query';
import { AuthSessionSchema, type AuthSession, type LoginCodeInput } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/login/code: the mailed code completes the log-in. */
async function loginWithCode(input: LoginCodeInput): Promise<AuthSession> {
  return AuthSessionSchema.parse(
    await api('/api/auth/login/code', { method: 'POST', body: input, checksCredentials: true }),
  );
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
