/** The one layout of the marketplace's e-mails: text and HTML built from the same paragraphs. */
import { BRAND } from '#shared/brand.ts';
import type { MailMessage } from './mail.service.ts';

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export type MailContent = {
  to: string;
  subject: string;
  template: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
};

/** Builds both bodies from the same paragraphs, so text and HTML never disagree. */
export function composeMail(mail: MailContent): MailMessage {
  const footer = `${BRAND.name} · ${BRAND.tagline}`;
  const textParts = [...mail.paragraphs];
  if (mail.action) textParts.push(`${mail.action.label}: ${mail.action.url}`);
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>`,
    ...mail.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
    mail.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>`
      : '',
    `<p style="margin:0;font-size:13px;color:#4b5563">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return {
    to: mail.to,
    subject: mail.subject,
    template: mail.template,
    text: `${textParts.join('\n\n')}\n\n${footer}\n`,
    html,
  };
}
