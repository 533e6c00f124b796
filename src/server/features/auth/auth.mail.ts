import { BRAND } from '#shared/brand.ts';
import type { MailMessage } from '#server/features/mail/index.ts';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    body,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`,
    `<p style="margin:0;font-size:13px;color:#4b5563">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
}

/** The sign-up confirmation: a single-use link to /verify-email, valid for 24 hours. */
export function verificationMail(to: string, username: string, url: string): MailMessage {
  const intro = `Hi ${username}, welcome to ${BRAND.name}! Please confirm your email address to activate your account.`;
  const footer = `The link expires in 24 hours. If you did not create an ${BRAND.name} account, you can ignore this email.`;
  return {
    to,
    subject: `Verify your email for ${BRAND.name}`,
    template: 'verify-email',
    text: `${intro}\n\nVerify your email: ${url}\n\n${footer}\n`,
    html: layout('Verify your email', [intro], { label: 'Verify my email', url }, footer),
  };
}

/** A single-use link to /set-password (forgotten password, or an account made at a guest checkout). */
export function setPasswordMail(to: string, username: string, url: string): MailMessage {
  const intro = `Hi ${username}, use the link below to set a password for your ${BRAND.name} account.`;
  const footer =
    'The link expires in 24 hours and works once. If you did not ask for it, you can ignore this email.';
  return {
    to,
    subject: `Set your ${BRAND.name} password`,
    template: 'set-password',
    text: `${intro}\n\nSet your password: ${url}\n\n${footer}\n`,
    html: layout('Set your password', [intro], { label: 'Set my password', url }, footer),
  };
}
