import { useMutation } from '@tanstack/react-query';
import { AdminLoginResponseSchema, type AdminLoginResponse, type LoginInput } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/admin/auth/login: an admin session token and who signed in. */
export async function loginAdmin(input: LoginInput): Promise<AdminLoginResponse> {
  return AdminLoginResponseSchema.parse(await api('/api/admin/auth/login', { method: 'POST', body: input }));
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
