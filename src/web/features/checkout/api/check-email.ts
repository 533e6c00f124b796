import { useQuery } from '@tanstack/react-query';
import { CheckEmailResponseSchema } from '#shared/auth.schemas.ts';
import { api } from '#web/lib/api-client.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';

/** Spec §7: the e-mail lookup is debounced 500 ms. */
const EMAIL_CHECK_DEBOUNCE_MS = 500;

/** Spec §5 (newer dialog): look the e-mail up only once it contains '@' and '.'. */
function isEmailCheckable(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

/** POST /api/auth/check-email: whether an account uses this e-mail. Never signs anyone in. */
async function checkEmail(email: string): Promise<boolean> {
  return CheckEmailResponseSchema.parse(
    await api('/api/auth/check-email', { method: 'POST', body: { email } }),
  ).exists;
}

/** idle: nothing to check yet; unknown: the lookup failed (spec §8: silently). */
export type EmailCheckState = 'idle' | 'checking' | 'registered' | 'new' | 'unknown';

/** The debounced lookup of the checkout's e-mail field. */
export function useEmailCheck(email: string, options: { enabled: boolean }): EmailCheckState {
  const current = email.trim().toLowerCase();
  const debounced = useDebouncedValue(current, EMAIL_CHECK_DEBOUNCE_MS);
  const isSettled = options.enabled && debounced === current && isEmailCheckable(current);
  const query = useQuery({
    queryKey: ['checkout', 'email-check', debounced],
    queryFn: () => checkEmail(debounced),
    enabled: options.enabled && isEmailCheckable(debounced),
    staleTime: 60_000,
  });
  if (!isSettled) return 'idle';
  if (query.isPending) return 'checking';
  if (query.isError) return 'unknown';
  return query.data ? 'registered' : 'new';
}
