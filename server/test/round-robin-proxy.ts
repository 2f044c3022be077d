import http from 'node:http';
import net from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * A small reverse proxy for the multi-process tests (decision 074), built on http-proxy-3 from the
 * npm registry: round robin over the API processes for requests and WebSocket upgrades alike, with
 * no stickiness. Each request first gets a connection of its own to an upstream; one that refuses
 * it (nothing was sent, so trying elsewhere is safe) is marked down for a while and the request
 * goes to the next. Anything that fails after the connection was made (the process died with the
 * request in it) is answered 502, or the socket is cut, and recorded in `failures`.
 */
export type RoundRobinProxy = {
  url: string;
  /** Requests (HTTP and upgrades) handed to each upstream, by its URL. */
  served: Map<string, number>;
  /** Upgrades handed to each upstream, by its URL. */
  upgrades: Map<string, number>;
  /** Connections refused by an upstream, each retried on the next one. */
  refused: Map<string, number>;
  /** What failed once an upstream had it (lost in flight), with the upstream that had it. */
  failures: Array<{ upstream: string; kind: 'http' | 'ws'; code: string }>;
  close: () => Promise<void>;
};

/** How long an upstream that refused a connection is left alone before it is tried again. */
const DOWN_MS = 2_000;

/**
 * An agent that hands http-proxy the connection already made: the request then goes over the very
 * socket whose connect succeeded, so "refused" can only ever mean "nothing was sent".
 */
class MadeConnection extends http.Agent {
  constructor(private readonly socket: net.Socket) {
    super({ keepAlive: false });
  }
  override createConnection(): net.Socket {
    return this.socket;
  }
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const proxy = createProxyServer({ ws: true, xfwd: true });
  const downUntil = new Map<string, number>();
  const served = new Map<string, number>();
  const upgrades = new Map<string, number>();
  const refused = new Map<string, number>();
  const failures: RoundRobinProxy['failures'] = [];
  const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  let next = 0;

  /** The upstreams in this request's order: round robin, those marked down last. */
  function order(): string[] {
    const start = next++ % upstreams.length;
    const turn = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const now = Date.now();
    return [
      ...turn.filter((u) => (downUntil.get(u) ?? 0) <= now),
      ...turn.filter((u) => (downUntil.get(u) ?? 0) > now),
    ];
  }

  /** A connection to the first upstream that takes one, or none when all refuse. */
  async function connect(): Promise<{ upstream: string; socket: net.Socket } | undefined> {
    for (const upstream of order()) {
      const { hostname, port } = new URL(upstream);
      const socket = await new Promise<net.Socket | undefined>((resolve) => {
        const s = net.connect(Number(port), hostname);
        s.once('connect', () => {
          s.removeAllListeners('error');
          resolve(s);
        });
        s.once('error', () => resolve(undefined));
      });
      if (socket) return { upstream, socket };
      bump(refused, upstream);
      downUntil.set(upstream, Date.now() + DOWN_MS);
    }
    return undefined;
  }

  const server = http.createServer((req, res) => {
    // Held until an upstream is found: the body waits in the socket, not in memory here.
    req.pause();
    void connect().then((made) => {
      if (!made) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'No API process is up', code: 'NO_UPSTREAM' }));
        return;
      }
      bump(served, made.upstream);
      req.resume();
      proxy.web(req, res, { target: made.upstream, agent: new MadeConnection(made.socket) }, (err) => {
        failures.push({ upstream: made.upstream, kind: 'http', code: errorCode(err) });
        made.socket.destroy();
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'The API process went away', code: 'BAD_GATEWAY' }));
        } else res.destroy();
      });
    });
  });

  // Upgraded sockets are no longer the HTTP server's: closing ends them here.
  const open = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    socket.on('error', () => {});
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    void connect().then((made) => {
      if (!made) return socket.destroy();
      bump(served, made.upstream);
      bump(upgrades, made.upstream);
      proxy.ws(
        req,
        socket,
        head,
        { target: made.upstream, agent: new MadeConnection(made.socket) },
        (err) => {
          failures.push({ upstream: made.upstream, kind: 'ws', code: errorCode(err) });
          made.socket.destroy();
        },
      );
    });
  });

  // Longer than any client's idle keep-alive (undici's is 4 s against Node's default 5 s): the
  // proxy never closes an idle connection just as a client sends on it, which would be a failure
  // of the proxy's own, not of a process.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    served,
    upgrades,
    refused,
    failures,
    close: async () => {
      for (const s of open) s.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}

function errorCode(err: unknown): string {
  return (err as { code?: string }).code ?? (err as Error).message ?? String(err);
}
