/**
 * Readable console logs for a developer at a terminal, by pino-pretty
 * (docs/decisions/051-kept-libraries-on-the-server.md): `[time] LEVEL: message {fields}`, one line
 * per request (`GET /url 200 12 ms`: Fastify's "incoming request" line is not logged, and the
 * "request completed" line names its request). Production (not a terminal, NODE_ENV=production or
 * LOG_FORMAT=json) keeps pino's JSON lines untouched, both request lines included.
 * Redaction happens in pino before a line reaches pino-pretty, so nothing hidden there shows here.
 */
import type { LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'auto' | 'pretty' | 'json';

export type LineWriter = { write: (line: string) => unknown };

/** Readable lines for `pretty`, and for `auto` when the output is a terminal; JSON otherwise. */
export function wantsPrettyLogs(format: LogFormat, isTTY: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY);
}

/** What Fastify hands the `res` serializer: the reply, its fields typed as optional. */
type LoggedReply = { statusCode: number; request?: { method: string; url: string } };
type Logged = { method?: string; url?: string; statusCode?: number };

/** The pino options of readable logs: pino-pretty's stream, and one line per request. */
export type PrettyLogging = Required<Pick<LoggerOptions, 'hooks'>> & {
  stream: LineWriter;
  /** Fastify's `res` serializer: the reply with its request, for the one line per request. */
  serializeReply: (reply: LoggedReply) => Logged;
};

/** Readable logging on the console, or undefined for pino's JSON lines on stdout. */
export function consolePrettyLogging(
  format: LogFormat,
  out: NodeJS.WriteStream = process.stdout,
): PrettyLogging | undefined {
  if (!wantsPrettyLogs(format, out.isTTY)) return undefined;
  return prettyLogging(out, { color: out.isTTY && (out.hasColors?.() ?? false) });
}

function formatDuration(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** pino options that write readable lines to `out` through pino-pretty. */
export function prettyLogging(out: LineWriter, options: { color?: boolean } = {}): PrettyLogging {
  const format = prettyFactory({
    colorize: options.color ?? false,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const raw = log[messageKey];
      const message = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
      const res = log.res as Logged | undefined;
      if (message === 'request completed' && res?.method) {
        const duration = typeof log.responseTime === 'number' ? ` ${formatDuration(log.responseTime)}` : '';
        return `${res.method} ${res.url} ${res.statusCode}${duration}`;
      }
      const req = (log.req ?? log.res) as Logged | undefined;
      return req?.method ? `${message} (${req.method} ${req.url})` : message;
    },
  });
  return {
    // pino writes one line per call; pino-pretty passes a line that is not JSON through as it is.
    stream: { write: (line: string) => out.write(format(line.replace(/\n$/, ''))) },
    hooks: {
      // The request's own line says it all once it completes (pretty logs only; JSON keeps both).
      logMethod(args, method) {
        if (args[1] === 'incoming request') return;
        method.apply(this, args);
      },
    },
    serializeReply: ({ statusCode, request }) =>
      request ? { statusCode, method: request.method, url: redactUrl(request.url) } : { statusCode },
  };
}

/** Query parameters whose values are secrets: one-time tokens in mailed links, claim and payment pages. */
const SECRET_PARAM = /^(?:[a-z_]*(?:token|secret)|key|code)$/i;

/**
 * A request URL as the log keeps it: the values of secret query parameters (`token`, `paymentToken`,
 * `key`…) become `[redacted]`, so a log line cannot be replayed as a set-password, claim or payment
 * link. The path and other parameters stay as they were sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const redacted = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, query)}?${redacted}`;
}
