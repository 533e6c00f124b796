import { useMutation } from '@tanstack/react-query';
import {
  SessionOrTwoFactorSchema,
  type SessionOrTwoFactor,
  type SetPasswordInput,
} from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/set-password: sets the password with a one-time token and returns a session. */
async function setPassword(input: SetPasswordInput): Promise<SessionOrTwoFactor> {
  return SessionOrTwoFactorSchema.parse(await api('/api/auth/set-password', { method: 'POST', body: input }));
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
