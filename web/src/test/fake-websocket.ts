import type { RealtimeEvent } from '@muster/contract/realtime';
import { act, waitFor } from '@testing-library/react';

/**
 * A browser WebSocket the test drives: every `new WebSocket(url)` is recorded, and the test opens
 * it, sends it server events and closes it with a code. Installed for every test by setup.ts, so
 * a rendered shell never reaches for a real server.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  /** The newest socket (the one the client is using). */
  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  /**
   * Waits for the app to open its socket, then accepts it. The app opens it from an effect after
   * the session loads, which on a busy machine can land after whatever the test awaited last:
   * reading `latest` straight away was the flake of issue 32 ("No WebSocket was opened").
   */
  static async accept(count = 1, timeout = 20_000): Promise<FakeWebSocket> {
    await waitFor(
      () => {
        if (FakeWebSocket.instances.length < count) throw new Error('No WebSocket was opened');
      },
      { timeout },
    );
    const socket = FakeWebSocket.latest;
    socket.open();
    return socket;
  }

  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
  }

  /** The client closing it. */
  close(code = 1000) {
    if (this.readyState >= FakeWebSocket.CLOSING) return;
    this.closedWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }

  // What the server (the test) does:

  open() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  receive(event: RealtimeEvent | Record<string, unknown>) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    });
  }

  serverClose(code = 1006) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code }));
    });
  }
}
