import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/admin/email-subscriptions/:id. */
async function deleteSubscription(id: number): Promise<void> {
  await api(`/api/admin/email-subscriptions/${id}`, { method: 'DELETE' });
}

export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'subscriptions'] }),
  });
}
