import { useMutation } from '@tanstack/react-query';
import {
  ContactMessageSentSchema,
  type ContactMessageInput,
  type ContactMessageSent,
} from '#shared/contact.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/contact: stored and mailed to the support address. */
async function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageSent> {
  return ContactMessageSentSchema.parse(await api('/api/contact', { method: 'POST', body: input }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
