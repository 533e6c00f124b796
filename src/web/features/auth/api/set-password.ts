import { useMutation } from '@tanstack/react-query';
import { AuthSessionSchema, type AuthSession, type SetPasswordInput } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/set-password: sets the password with a one-time token and returns a session. */
async function setPassword(input: SetPasswordInput): Promise<AuthSession> {
  return AuthSessionSchema.parse(await api('/api/auth/set-password', { method: 'POST', body: input }));
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
