import { useMutation } from '@tanstack/react-query';
import {
  SubscriptionChangeResponseSchema,
  type ConfirmSubscriptionInput,
  type SubscriptionChangeResponse,
} from '#shared/subscriptions.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/email-signup/confirm: the only call that confirms (a GET of the e-mail link never does). */
async function confirmSubscription(input: ConfirmSubscriptionInput): Promise<SubscriptionChangeResponse> {
  return SubscriptionChangeResponseSchema.parse(
    await api('/api/email-signup/confirm', { method: 'POST', body: input }),
  );
}

export function useConfirmSubscription() {
  return useMutation({ mutationFn: confirmSubscription });
}
