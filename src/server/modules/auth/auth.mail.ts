/** The account e-mails: verify the address, set a password. Laid out by the mail feature's template. */
import { BRAND } from '#shared/brand.ts';
import { composeMail, type MailMessage, type MailRecipient } from '#server/platform/mail/index.ts';

/** The account a mail goes to: its address and what the greeting calls it. */
export type AccountRecipient = MailRecipient & { email: string };

/** The sign-up confirmation: a single-use link to /verify-email, valid for 24 hours. */
export function verificationMail(
  user: AccountRecipient,
  publicUrl: string,
  url: string,
): Promise<MailMessage> {
  return composeMail({
    to: user.email,
    subject: `Verify your email for ${BRAND.name}`,
    template: 'verify-email',
    publicUrl,
    greeting: user,
    heading: 'Verify your email',
    paragraphs: [`Welcome to ${BRAND.name}! Please confirm your email address to activate your account.`],
    action: { label: 'Verify my email', url },
    notes: [
      `The link expires in 24 hours. If you did not create an ${BRAND.name} account, you can ignore this email.`,
    ],
  });
}

/** A single-use link to /set-password (forgotten password, or an account made at a guest checkout). */
export function setPasswordMail(
  user: AccountRecipient,
  publicUrl: string,
  url: string,
): Promise<MailMessage> {
  return composeMail({
    to: user.email,
    subject: `Set your ${BRAND.name} password`,
    template: 'set-password',
    publicUrl,
    greeting: user,
    heading: 'Set your password',
    paragraphs: [`Use the button below to set a password for your ${BRAND.name} account.`],
    action: { label: 'Set my password', url },
    notes: [
      'The link expires in 24 hours and works once. If you did not ask for it, you can ignore this email.',
    ],
  });
}

/**
 * Sent instead of an error when someone signs up with an e-mail that already has an account: the
 * sign-up answers the same either way (no enumeration), and the owner learns how to get in.
 */
export function accountExistsMail(
  user: AccountRecipient,
  publicUrl: string,
  links: { login: string; setPassword: string },
): Promise<MailMessage> {
  return composeMail({
    to: user.email,
    subject: `You already have an ${BRAND.name} account`,
    template: 'account-exists',
    publicUrl,
    greeting: user,
    heading: 'You already have an account',
    paragraphs: [
      `Someone, probably you, just tried to sign up for ${BRAND.name} with this email address. It already belongs to an account, so no new account was made.`,
      `Log in at ${links.login}, or use the button below to set a new password if you have forgotten it.`,
    ],
    action: { label: 'Set a new password', url: links.setPassword },
    notes: [
      'The password link expires in 24 hours and works once. If you did not try to sign up, you can ignore this email.',
    ],
  });
}
