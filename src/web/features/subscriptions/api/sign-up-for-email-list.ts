import { useMutation } from '@tanstack/react-query';
import {
  EmailSignupResponseSchema,
  type EmailSignupInput,
  type EmailSignupResponse,
} from '#shared/subscriptions.schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/email-signup: double opt-in, so the answer asks the visitor to confirm by e-mail. */
async function signUpForEmailList(input: EmailSignupInput): Promise<EmailSignupResponse> {
  return EmailSignupResponseSchema.parse(await api('/api/email-signup', { method: 'POST', body: input }));
}

export function useEmailSignup() {
  return useMutation({ mutationFn: signUpForEmailList });
}
