// The bench's ceiling server: `node bench/ceiling.ts <captures.json> <port>`. A bare node:http server
// on 127.0.0.1 that answers each captured URL with the very bytes the real server sent for it (status,
// headers, body) and does nothing else: no routing, validation, database or serialisation. What it
// serves per second on this machine, with this load generator, is the most any Node server could.
import http from 'node:http';
import { readCaptures } from './replay.ts';

const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) {
  console.error('usage: node bench/ceiling.ts <captures.json> <port>');
  process.exit(2);
}

const answers = new Map(
  [...readCaptures(file)].map(([path, c]) => [path, { ...c, raw: c.headers.flat() }] as const),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not captured');
    return;
  }
  res.writeHead(answer.status, answer.raw);
  if (answer.chunked) {
    res.write(answer.body);
    res.end();
  } else {
    res.end(answer.body);
  }
});
// Fastify's default, so both servers send the same Keep-Alive header.
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg), '127.0.0.1');
