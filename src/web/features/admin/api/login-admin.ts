import { useMutation } from '@tanstack/react-query';
import { AdminLoginAnswerSchema, type AdminLoginAnswer, type LoginInput } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/admin/auth/login: an admin session token and who signed in, or the code step (decision 036). */
async function loginAdmin(input: LoginInput): Promise<AdminLoginAnswer> {
  return AdminLoginAnswerSchema.parse(
    await api('/api/admin/auth/login', { method: 'POST', body: input, checksCredentials: true }),
  );
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
