import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EmailSubscriptionSchema,
  type EmailSubscription,
  type UpdateEmailSubscriptionInput,
} from '#shared/subscriptions.schemas.ts';

/** PUT /api/admin/email-subscriptions/:id {email, status}. */
async function updateSubscription(
  id: number,
  input: UpdateEmailSubscriptionInput,
): Promise<EmailSubscription> {
  return EmailSubscriptionSchema.parse(
    await api(`/api/admin/email-subscriptions/${id}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateEmailSubscriptionInput }) =>
      updateSubscription(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'subscriptions'] }),
  });
}
