import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { prettyLogging, redactUrl, wantsPrettyLogs } from './log-format.ts';

function capture(options: { color?: boolean } = {}) {
  const lines: string[] = [];
  const logging = prettyLogging({ write: (s: string) => lines.push(...s.split('\n').slice(0, -1)) }, options);
  return { logging, lines };
}

const TIME = /^\[\d\d:\d\d:\d\d\.\d\d\d\] /;

describe('wantsPrettyLogs', () => {
  it('is readable for pretty, and for auto only on a terminal', () => {
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
    expect(wantsPrettyLogs('auto', true)).toBe(true);
    expect(wantsPrettyLogs('auto', false)).toBe(false);
    expect(wantsPrettyLogs('json', true)).toBe(false);
  });
});

describe('prettyLogging', () => {
  it('writes one line per request with method, url (secrets hidden), status and duration', async () => {
    const { logging, lines } = capture();
    const app = Fastify({
      logger: {
        stream: logging.stream,
        hooks: logging.hooks,
        redact: ['req.headers.authorization'],
        serializers: { res: logging.serializeReply },
      },
    });
    app.get('/hello', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('kaboom');
    });
    await app.inject({
      method: 'GET',
      url: '/hello?x=1&token=abc',
      headers: { authorization: 'Bearer secret' },
    });
    await app.inject({ method: 'GET', url: '/boom' });
    await app.close();

    const requests = lines.filter((l) => / (GET|POST) \//.test(l) && !l.includes('kaboom'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(TIME);
    expect(requests[0]).toMatch(/ INFO: GET \/hello\?x=1&token=\[redacted\] 200 \d+(\.\d)? ms$/);
    expect(requests[1]).toMatch(/ INFO: GET \/boom 500 \d+(\.\d)? ms$/);
    expect(lines.join('\n')).not.toContain('incoming request');
    expect(lines.join('\n')).not.toContain('secret');
    expect(lines.join('\n')).not.toContain('token=abc');
    // The error names its request and carries its stack on indented lines.
    const error = lines.findIndex((l) => l.includes(' ERROR: ') && l.includes('kaboom'));
    expect(lines[error]).toContain('(GET /boom)');
    expect(lines.slice(error + 1).join('\n')).toMatch(
      /^ {4}err: \{[\s\S]*"message": "kaboom"[\s\S]*\n {10}Error: kaboom\n {14}at /,
    );
  });

  it('writes other lines as time, level, message and their fields on the same line', () => {
    const { logging, lines } = capture();
    logging.stream.write(
      `${JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: 1,
        hostname: 'h',
        to: 'ann@example.com',
        subject: 'Confirm your e-mail',
        links: ['http://localhost:3000/verify?token=abc'],
        msg: 'mail written to outbox folder',
      })}\n`,
    );
    expect(lines[0]).toMatch(TIME);
    expect(lines[0]).toContain(
      ' INFO: mail written to outbox folder {"to":"ann@example.com","subject":"Confirm your e-mail","links":["http://localhost:3000/verify?token=abc"]}',
    );
    expect(lines[0]).not.toMatch(/pid|hostname/);
  });

  it('passes through what is not a JSON log line, and adds colour only when asked', () => {
    const plain = capture();
    plain.logging.stream.write('not json\n');
    plain.logging.stream.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'bad' })}\n`);
    expect(plain.lines[0]).toBe('not json');
    expect(plain.lines[1]).toMatch(/ ERROR: bad/);
    expect(plain.lines[1]).not.toContain('\u001b[');

    const colored = capture({ color: true });
    colored.logging.stream.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'bad' })}\n`);
    expect(colored.lines[0]).toContain('\u001b[');
  });
});

describe('redactUrl', () => {
  it('hides the values of token, key, code and secret parameters and keeps the rest', () => {
    expect(redactUrl('/set-password?token=abc123&email=a%40b.c')).toBe(
      '/set-password?token=[redacted]&email=a%40b.c',
    );
    expect(redactUrl('/payment-processing?orderId=4&token=demo_x&paymentToken=y')).toBe(
      '/payment-processing?orderId=4&token=[redacted]&paymentToken=[redacted]',
    );
    expect(redactUrl('/claim?TOKEN=t&key=k&code=c&client_secret=s')).toBe(
      '/claim?TOKEN=[redacted]&key=[redacted]&code=[redacted]&client_secret=[redacted]',
    );
    expect(redactUrl('/marketplace?search=token&page=2')).toBe('/marketplace?search=token&page=2');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/odd?%E0%A4%A=1&token')).toBe('/odd?%E0%A4%A=1&token');
  });
});
