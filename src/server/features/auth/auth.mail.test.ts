import { describe, expect, it } from 'vitest';
import { setPasswordMail, verificationMail } from './auth.mail.ts';

describe('auth mails', () => {
  it('puts the verification link in both bodies and escapes HTML', () => {
    const url = 'http://localhost:3000/verify-email?token=abc&x=1';
    const mail = verificationMail('a@example.com', '<b>jane</b>', url);
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>jane</b>');
    expect(mail.html).toContain('&lt;b&gt;jane&lt;/b&gt;');
  });

  it('links the set-password page', () => {
    const mail = setPasswordMail('a@example.com', 'jane', 'http://x.test/set-password?token=t');
    expect(mail.template).toBe('set-password');
    expect(mail.text).toContain('http://x.test/set-password?token=t');
  });
});
