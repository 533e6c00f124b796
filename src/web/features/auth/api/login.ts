import { useMutation } from '@tanstack/react-query';
import { LoginResponseSchema, type LoginInput, type LoginResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/auth/login: a session token and the user, or while the log-in backs off the code step
 * (decision 036); 403 EMAIL_NOT_VERIFIED for unverified accounts.
 */
async function login(input: LoginInput): Promise<LoginResponse> {
  return LoginResponseSchema.parse(
    await api('/api/auth/login', { method: 'POST', body: input, checksCredentials: true }),
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
