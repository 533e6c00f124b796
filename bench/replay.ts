// What the bench's ceiling server (bench/ceiling.ts) replays: the real server's answers, captured once
// per URL, stored in a JSON file the ceiling process reads at start.
import fs from 'node:fs';
import http from 'node:http';

/** One answer of the real server, byte for byte: status, raw headers and body. */
export type Captured = {
  status: number;
  /** Raw header lines in the order the server sent them, minus those Node writes itself (see HOP). */
  headers: [string, string][];
  body: Buffer;
  /** The server used chunked transfer encoding (no Content-Length). */
  chunked: boolean;
};

/**
 * Headers Node's HTTP server writes itself on every answer (fresh Date, the keep-alive pair, chunking),
 * so the ceiling lets Node write them as the real server's Node did, instead of replaying stale ones.
 */
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * GETs `path` the way autocannon does (only Host and `Connection: keep-alive`, no Accept-Encoding, so
 * the answer is the uncompressed one the load generator receives) and keeps the raw answer.
 */
export function capture(agent: http.Agent, base: string, path: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!HOP.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks),
          chunked: /chunked/i.test(String(res.headers['transfer-encoding'] ?? '')),
        });
      });
    });
    req.on('error', reject);
  });
}

type Stored = { status: number; headers: [string, string][]; body: string; chunked: boolean };

export function writeCaptures(file: string, captures: Map<string, Captured>): void {
  const out: Record<string, Stored> = {};
  for (const [path, c] of captures) out[path] = { ...c, body: c.body.toString('base64') };
  fs.writeFileSync(file, JSON.stringify(out));
}

export function readCaptures(file: string): Map<string, Captured> {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Stored>;
  return new Map(
    Object.entries(stored).map(([path, s]) => [path, { ...s, body: Buffer.from(s.body, 'base64') }]),
  );
}
