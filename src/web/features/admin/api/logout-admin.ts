import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAdminSession } from '../lib/admin-session.ts';

/** POST /api/admin/auth/logout revokes the session; admin data is cleared whatever the answer. */
async function logoutAdmin(): Promise<void> {
  try {
    await api('/api/admin/auth/logout', { method: 'POST' });
  } catch {
    // the session is forgotten locally anyway
  }
  clearAdminSession();
}

export function useLogoutAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    onSettled: () => client.removeQueries({ queryKey: ['admin'] }),
  });
}
