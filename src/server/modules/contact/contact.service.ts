import type { ServiceContext } from '#server/lib/service-context.ts';
import type { ContactMessageInput, ContactMessageSent } from '#shared/contact.schemas.ts';
import { enqueueMail } from '#server/platform/mail/index.ts';
import { contactMessageMail } from './contact.mail.ts';
import { insertContactMessage } from './contact.repo.ts';

const CONTACT_SENT_MESSAGE = "We'll get back to you within 24 hours.";

/** Stores a visitor's message and mails it to the support address, replying to the visitor. */
export async function sendContactMessage(
  ctx: ServiceContext,
  input: ContactMessageInput,
): Promise<ContactMessageSent> {
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await insertContactMessage(tx, input);
    await enqueueMail(
      tx,
      await contactMessageMail(ctx.config.mail.supportEmail, ctx.config.publicUrl, {
        ...input,
        id: saved.id,
      }),
    );
    return saved;
  });
  return { id: row.id, message: CONTACT_SENT_MESSAGE };
}
