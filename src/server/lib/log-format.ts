/**
 * Readable console logs for a developer at a terminal. Pino writes one JSON line per call; this
 * stream turns each into `time LEVEL message key=value …`, and folds Fastify's "incoming request" /
 * "request completed" pair into one line: `time INFO  GET /url 200 12 ms`. Production (not a
 * terminal, NODE_ENV=production or LOG_FORMAT=json) keeps pino's JSON lines untouched.
 * Redaction happens in pino before a line reaches this stream, so nothing hidden there shows here.
 */
import { styleText } from 'node:util';

export type LogFormat = 'auto' | 'pretty' | 'json';

export type LineWriter = { write: (line: string) => unknown };

/** Readable lines for `pretty`, and for `auto` when the output is a terminal; JSON otherwise. */
export function wantsPrettyLogs(format: LogFormat, isTTY: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY);
}

/** The stream the server logs to on the console: a pretty one, or undefined for pino's JSON on stdout. */
export function consoleLogStream(
  format: LogFormat,
  out: NodeJS.WriteStream = process.stdout,
): LineWriter | undefined {
  if (!wantsPrettyLogs(format, out.isTTY)) return undefined;
  return createPrettyLogStream(out, { color: out.isTTY && (out.hasColors?.() ?? false) });
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
type Style = Parameters<typeof styleText>[0];
const LEVEL_STYLE: Record<number, Style> = {
  10: 'gray',
  20: 'gray',
  30: 'green',
  40: 'yellow',
  50: 'red',
  60: ['bold', 'red'],
};
/** Fields shown another way (or not worth a column) on a readable line. */
const HIDDEN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);
/** Requests seen as incoming but not yet completed; bounded so aborted ones cannot pile up. */
const MAX_PENDING = 1000;

type Entry = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string | number;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
};

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function clock(time: number | undefined): string {
  const d = time === undefined ? new Date() : new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w.:/@+,=?&%#~-]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  // JSON lines hold only JSON values, so this never meets undefined, a function or a symbol.
  return JSON.stringify(value) ?? '';
}

function formatDuration(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** A stream for pino's `stream` option that writes readable lines to `out`. */
export function createPrettyLogStream(out: LineWriter, options: { color?: boolean } = {}): LineWriter {
  const color = options.color ?? false;
  const paint = (style: Style, text: string) =>
    color ? styleText(style, text, { validateStream: false }) : text;
  const pending = new Map<string, string>();

  function requestOf(entry: Entry): string | undefined {
    if (entry.req?.method) return `${entry.req.method} ${entry.req.url ?? ''}`;
    return entry.reqId === undefined ? undefined : pending.get(String(entry.reqId));
  }

  function statusText(status: number | undefined): string {
    if (status === undefined) return '-';
    const style: Style = status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green';
    return paint(style, String(status));
  }

  function format(entry: Entry): string | null {
    const level = entry.level ?? 30;
    const head = `${paint('dim', clock(entry.time))} ${paint(LEVEL_STYLE[level] ?? 'white', (LEVELS[level] ?? String(level)).padEnd(5))}`;
    const reqId = entry.reqId === undefined ? undefined : String(entry.reqId);

    if (entry.msg === 'incoming request' && reqId !== undefined && entry.req) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
      pending.set(reqId, `${entry.req.method ?? '?'} ${entry.req.url ?? '?'}`);
      return null;
    }
    if (entry.msg === 'request completed' && reqId !== undefined) {
      const request = pending.get(reqId) ?? 'request';
      pending.delete(reqId);
      const duration = typeof entry.responseTime === 'number' ? ` ${formatDuration(entry.responseTime)}` : '';
      return `${head} ${request} ${statusText(entry.res?.statusCode)}${duration}`;
    }

    let line = `${head} ${entry.msg ?? ''}`;
    const request = requestOf(entry);
    if (request) line += ` ${paint('dim', `(${request})`)}`;
    for (const [key, value] of Object.entries(entry)) {
      if (HIDDEN.has(key) || value === undefined) continue;
      line += ` ${paint('dim', `${key}=`)}${formatValue(value)}`;
    }
    const err = entry.err;
    if (err && typeof err === 'object') {
      if (level >= 50 && err.stack) {
        line += `\n${err.stack
          .split('\n')
          .map((l) => `    ${l.trimStart()}`)
          .join('\n')}`;
      } else if (err.message && err.message !== entry.msg) {
        line += ` ${paint('dim', 'err=')}${formatValue(err.message)}`;
      }
    }
    return line;
  }

  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (raw.trim() === '') continue;
        let entry: Entry;
        try {
          entry = JSON.parse(raw) as Entry;
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        if (entry === null || typeof entry !== 'object') {
          out.write(`${raw}\n`);
          continue;
        }
        const line = format(entry);
        if (line !== null) out.write(`${line}\n`);
      }
    },
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
