export { listContactMessages, updateContactMessageStatus } from './admin-contact.service.ts';
export { sendContactMessage } from './contact.service.ts';
