/** The sign-in code mailed while a log-in is backing off (docs/decisions/036). */
import { BRAND, ROUTES } from '#shared/brand.ts';
import { composeMail, type MailMessage } from '#server/platform/mail/index.ts';
import type { AccountRecipient } from './auth.mail.ts';
import type { SessionKind } from './auth.repo.ts';

/** The code, its lifetime in minutes, and which log-in asked for it. */
export async function loginCodeMail(
  user: AccountRecipient,
  publicUrl: string,
  code: { code: string; minutes: number; kind: SessionKind },
): Promise<MailMessage> {
  const what = code.kind === 'admin' ? 'admin sign-in' : 'sign-in';
  const message = await composeMail({
    to: user.email,
    subject: `Your ${BRAND.name} ${what} code`,
    template: 'login-code',
    publicUrl,
    greeting: user,
    heading: `Your ${what} code`,
    paragraphs: [
      `Someone, probably you, just entered the right password for your ${BRAND.name} account after several failed attempts to log in, so we ask for a code as well.`,
      `Enter this code on the log-in page: ${code.code}`,
    ],
    notes: [
      `The code expires in ${code.minutes} minutes and works once.`,
      `If you did not try to log in, someone knows your password: set a new one at ${publicUrl}${ROUTES.setPassword}.`,
    ],
  });
  // Someone is waiting at the log-in page for it.
  return { ...message, priority: 'transactional' };
}
