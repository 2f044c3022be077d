import { WebSocket, type ClientOptions } from 'ws';

/**
 * A real WebSocket client for the realtime tests (the `ws` package), with promises for what they
 * wait on. Nothing here times anything: each wait ends on an event, bounded only by the test's timeout.
 */
export type Opened = {
  socket: WebSocket;
  messages: unknown[];
  next: () => Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
};

/** Opens a socket and resolves once it is open; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(
  url: string,
  headers: Record<string, string>,
  options: ClientOptions = {},
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, ...options });
    const messages: unknown[] = [];
    const waiting: Array<(m: unknown) => void> = [];
    socket.on('message', (data) => {
      const message: unknown = JSON.parse(data.toString());
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else messages.push(message);
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('unexpected-response', (_request, response) => {
      reject(new RefusedError(response.statusCode ?? 0));
      socket.terminate();
    });
    socket.on('error', (err) => reject(err));
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        closed,
        next: () =>
          messages.length ? Promise.resolve(messages.shift()) : new Promise((r) => waiting.push(r)),
      }),
    );
  });
}

export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused: ${status}`);
  }
}

/** The status an upgrade was refused with (fails the test if it was accepted). */
export async function refusedStatus(url: string, headers: Record<string, string>): Promise<number> {
  try {
    const opened = await openSocket(url, headers);
    opened.socket.terminate();
  } catch (err) {
    if (err instanceof RefusedError) return err.status;
    throw err;
  }
  throw new Error('the upgrade was accepted');
}
