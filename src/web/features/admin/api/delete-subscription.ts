import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-session.ts';

/** DELETE /api/admin/email-subscriptions/:id. */
export async function deleteSubscription(id: number): Promise<void> {
  await adminApi(`/api/admin/email-subscriptions/${id}`, { method: 'DELETE' });
}

export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'subscriptions'] }),
  });
}
