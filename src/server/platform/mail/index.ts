/**
 * The mail feature's public face: other features reach it only through these (a lint rule
 * enforces it). Features compose their messages with composeMail (one template, HTML and text) and
 * enqueue them; the outbox sends them.
 */
export { composeMail, type MailContent, type MailLine } from './mail.layout.ts';
export { absoluteUrl, type ChipImage, mailImageUrl, type MailRecipient } from './mail.format.ts';
export {
  createMailer,
  enqueueMail,
  enqueueMailBatch,
  type Mailer,
  type MailMessage,
} from './mail.service.ts';
export { listMailLog } from './admin-mail.service.ts';
