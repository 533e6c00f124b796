import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fakes see it: method, path, query, headers and the raw body text. */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** What a fake answers: a status and a JSON body. */
export type FakeResponse = { status: number; body: unknown };

export type FakeServer = { url: string; requests: FakeRequest[]; close: () => Promise<void> };

/** Starts an HTTP server on 127.0.0.1 at a free port, answering JSON from `handle`. */
export async function startFakeServer(
  handle: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .then(
          ({ status, body }) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          },
          (err: unknown) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: String(err) }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
