import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND } from '#shared/brand.ts';
import type { ContactMessageInput, ContactMessageSent } from '#shared/contact.schemas.ts';
import { enqueueMail } from '#server/features/mail/index.ts';
import { insertContactMessage } from './contact.repo.ts';

export const CONTACT_SENT_MESSAGE = "We'll get back to you within 24 hours.";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of text for a mail header: visitors' subjects must not smuggle in line breaks. */
function headerText(text: string, max = 150): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, max);
}

/** Stores a visitor's message and mails it to the support address, replying to the visitor. */
export async function sendContactMessage(
  ctx: ServiceContext,
  input: ContactMessageInput,
): Promise<ContactMessageSent> {
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await insertContactMessage(tx, input);
    const text = [
      `New message from the ${BRAND.name} contact form (#${saved.id}).`,
      '',
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `Subject: ${input.subject}`,
      '',
      input.message,
      '',
      'Reply to this e-mail to answer the sender.',
    ].join('\n');
    const html = `<p>New message from the ${escapeHtml(BRAND.name)} contact form (#${saved.id}).</p>
<p><strong>Name:</strong> ${escapeHtml(input.name)}<br>
<strong>Email:</strong> ${escapeHtml(input.email)}<br>
<strong>Subject:</strong> ${escapeHtml(input.subject)}</p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>
<p>Reply to this e-mail to answer the sender.</p>`;
    await enqueueMail(tx, {
      to: ctx.config.mail.supportEmail,
      subject: `[Contact] ${headerText(input.subject)}`,
      text,
      html,
      template: 'contact-message',
      headers: { 'Reply-To': input.email },
    });
    return saved;
  });
  return { id: row.id, message: CONTACT_SENT_MESSAGE };
}
