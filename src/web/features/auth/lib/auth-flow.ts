import { ApiRequestError } from '#web/lib/api-client.ts';

/** Spec §8: a 403 whose message mentions verifying the e-mail means "verify first", not "wrong password". */
export function isEmailVerificationRequired(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 403 && /verif/i.test(err.message);
}

/** The check-email page's address: the query's, else the one kept after sign-up or a blocked log-in. */
export function pendingEmailFrom(queryEmail: string | null, storedEmail: string | null): string {
  return (queryEmail ?? '').trim() || (storedEmail ?? '').trim();
}

/** The path of the check-email page for an address (from=login after a log-in blocked by verification). */
export function checkEmailPath(email: string, from?: 'login'): string {
  const query = new URLSearchParams({ email });
  if (from) query.set('from', from);
  return `/check-email?${query}`;
}
