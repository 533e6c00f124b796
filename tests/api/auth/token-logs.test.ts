// One-time tokens travel in the query strings of mailed links and payment pages (set-password, claim,
// the demo payment page); the request log keeps those URLs without the tokens' values.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/helpers/app.ts';

describe('request logs', () => {
  it('keep the URL of every request, with the values of token parameters hidden', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const secret = 'Zx9-one-time-token-value';
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${secret}` });
    await app.inject({ method: 'GET', url: `/set-password?token=${secret}&email=a%40example.com` });
    await app.inject({ method: 'GET', url: `/payment-processing?orderId=1&token=demo_${secret}` });

    const log = lines.join('');
    expect(log).not.toContain(secret);
    expect(log).toContain('/api/auth/verify-email?token=[redacted]');
    expect(log).toContain('/set-password?token=[redacted]&email=a%40example.com');
    expect(log).toContain('/payment-processing?orderId=1&token=[redacted]');
  });
});
