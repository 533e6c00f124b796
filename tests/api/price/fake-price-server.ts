import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply = { status?: number; body: unknown };

/** A local price source on 127.0.0.1 and a free port; `reply` decides each answer, `hits` counts reads. */
export async function startFakePriceServer(initial: FakeReply) {
  const state = { reply: initial, hits: 0 };
  const server = http.createServer((_req, res) => {
    state.hits++;
    const { status = 200, body } = state.reply;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/simple/price?ids=artchip&api_key=secret`,
    get hits() {
      return state.hits;
    },
    set reply(reply: FakeReply) {
      state.reply = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
