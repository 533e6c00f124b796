import { useMutation } from '@tanstack/react-query';
import {
  SubscriptionChangeResponseSchema,
  type SubscriptionChangeResponse,
} from '#shared/subscriptions.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/email-signup/unsubscribe with the token from the e-mail's unsubscribe link. */
async function unsubscribe(input: { token: string }): Promise<SubscriptionChangeResponse> {
  return SubscriptionChangeResponseSchema.parse(
    await api('/api/email-signup/unsubscribe', { method: 'POST', body: input }),
  );
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
