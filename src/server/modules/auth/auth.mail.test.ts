import { describe, expect, it } from 'vitest';
import { setPasswordMail, verificationMail } from './auth.mail.ts';

const PUBLIC_URL = 'http://localhost:3000';

describe('auth mails', () => {
  it('puts the verification link in both bodies and escapes HTML', async () => {
    const url = 'http://localhost:3000/verify-email?token=abc&x=1';
    const mail = await verificationMail(
      { email: 'a@example.com', firstName: '<b>Jane</b>', username: 'jane' },
      PUBLIC_URL,
      url,
    );
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>Jane</b>');
    expect(mail.html).toContain('Hi &lt;b&gt;Jane&lt;/b&gt;,');
  });

  it('greets by first name, else by username, else "there"', async () => {
    const url = 'http://x.test/verify-email?token=t';
    const greet = async (who: { firstName?: string | null; username?: string | null }) =>
      (await verificationMail({ email: 'a@example.com', ...who }, PUBLIC_URL, url)).text;
    expect(await greet({ firstName: 'Ada', username: 'ada_l' })).toContain('Hi Ada,');
    expect(await greet({ firstName: '  ', username: 'ada_l' })).toContain('Hi ada_l,');
    expect(await greet({ firstName: null, username: null })).toContain('Hi there,');
  });

  it('links the set-password page', async () => {
    const mail = await setPasswordMail(
      { email: 'a@example.com', username: 'jane' },
      PUBLIC_URL,
      'http://x.test/set-password?token=t',
    );
    expect(mail.template).toBe('set-password');
    expect(mail.text).toContain('http://x.test/set-password?token=t');
    expect(mail.text).toContain('Hi jane,');
  });
});
