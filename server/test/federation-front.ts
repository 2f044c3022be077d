import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * An HTTPS server holding one leaf certificate that hands every request and WebSocket upgrade to
 * `target` (set once the app behind it listens; 503 until then) with the X-Forwarded-* headers of
 * an edge proxy (decision 083). `hold`, when given, may keep a request waiting before it is handed
 * on: a journey that must see a state which the next delivery ends (e2e/tests/remote-follow.spec.ts).
 */
export async function startTlsFront(
  leaf: { key: string; cert: string },
  options: { hold?: (req: IncomingMessage) => Promise<void> | void } = {},
) {
  const proxy = createProxyServer({ ws: true });
  // A WebSocket's client socket re-emits its errors on the proxy, which throws them when nothing
  // listens: a browser closing its tab while the app still writes (EPIPE) would crash the process.
  // A client leaving is no failure of the test; each request's own errors still go to its callback.
  proxy.on('error', () => {});
  const state = { target: undefined as string | undefined };
  const forwarded = (req: IncomingMessage) => {
    for (const name of Object.keys(req.headers))
      if (name.startsWith('x-forwarded-')) delete req.headers[name];
    req.headers['x-forwarded-proto'] = 'https';
    req.headers['x-forwarded-host'] = req.headers.host ?? '';
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  };
  const server = https.createServer({ key: leaf.key, cert: leaf.cert }, async (req, res) => {
    if (!state.target) {
      res.writeHead(503).end();
      return;
    }
    await options.hold?.(req);
    forwarded(req);
    proxy.web(req, res, { target: state.target }, () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  // Upgraded sockets are no longer the server's: closing ends them here.
  const upgraded = new Set<Socket>();
  server.on('upgrade', (req, socket: Socket, head: Buffer) => {
    socket.on('error', () => {});
    if (!state.target) return socket.destroy();
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    forwarded(req);
    proxy.ws(req, socket, head, { target: state.target }, () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    set target(url: string) {
      state.target = url;
    },
    close: async () => {
      for (const s of upgraded) s.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}
