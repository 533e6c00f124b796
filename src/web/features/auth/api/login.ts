import { useMutation } from '@tanstack/react-query';
import { AuthSessionSchema, type AuthSession, type LoginInput } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/login: a session token and the user; 403 EMAIL_NOT_VERIFIED for unverified accounts. */
export async function login(input: LoginInput): Promise<AuthSession> {
  return AuthSessionSchema.parse(await api('/api/auth/login', { method: 'POST', body: input }));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
