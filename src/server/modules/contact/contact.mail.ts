/** The contact form's message to the support inbox, laid out by the mail feature's one template. */
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { ContactMessageInput } from '#shared/contact.schemas.ts';
import { composeMail, type MailMessage } from '#server/platform/mail/index.ts';

/** One line of text for a mail header: visitors' subjects must not smuggle in line breaks. */
function headerText(text: string, max = 150): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, max);
}

/** To the support address: who wrote, about what, their words; replying answers the visitor. */
export function contactMessageMail(
  supportEmail: string,
  publicUrl: string,
  message: ContactMessageInput & { id: number },
): Promise<MailMessage> {
  return composeMail({
    to: supportEmail,
    subject: `[Contact] ${headerText(message.subject)}`,
    template: 'contact-message',
    publicUrl,
    // Mail to the team, not to a person with a name.
    greeting: null,
    heading: 'New contact message',
    paragraphs: [`${message.name} wrote through the ${BRAND.name} contact form (message #${message.id}).`],
    details: [
      { label: 'Name', value: message.name },
      { label: 'Email', value: message.email },
      { label: 'Subject', value: message.subject },
    ],
    quote: message.message,
    action: { label: 'Open the messages', url: `${publicUrl}${ROUTES.admin}` },
    notes: ['Reply to this e-mail to answer the sender.'],
    headers: { 'Reply-To': message.email },
  });
}
