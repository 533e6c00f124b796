import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One delivered message; `session` tells which SMTP connection carried it. */
export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; session: string };

/**
 * A local SMTP sink on a free 127.0.0.1 port, recording messages in the order they arrive; `reject`
 * makes it refuse messages with a 451. Closing drops connections a pooled client keeps open.
 */
export async function startSmtpSink(
  options: { reject?: () => boolean; onMessage?: (m: ReceivedMail) => void } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The server waits this long for clients to leave before dropping them.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject?.()) {
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          session: session.id,
        };
        received.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
