import { useMutation } from '@tanstack/react-query';
import { SignupResponseSchema, type SignupInput, type SignupResponse } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/signup: creates the account and mails its verification link. */
async function signup(input: SignupInput): Promise<SignupResponse> {
  return SignupResponseSchema.parse(await api('/api/auth/signup', { method: 'POST', body: input }));
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
