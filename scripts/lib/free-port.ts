import net from 'node:net';

/**
 * A free TCP port on 127.0.0.1, for servers the tests, the browser tests and the bench start. No
 * dependencies, so playwright.config.ts and bench/ can import it without the test setup.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
