/**
 * The mail feature's public face: other features reach it only through these (a lint rule
 * enforces it). Features compose their messages and enqueue them; the outbox sends them.
 */
export { composeMail } from './mail.layout.ts';
export { createMailer, enqueueMail, type Mailer, type MailMessage } from './mail.service.ts';
