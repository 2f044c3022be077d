import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadRealtimeEventSchema } from '../lib/realtime/socket';
import { FakeWebSocket } from './fake-websocket';

// findBy*/waitFor give up after 1 s by default. A route's first screen (a lazy chunk, the session,
// then its data, with a retry) can take longer on a loaded 2-core box, and a test that waited for
// it from the first find failed there only (decision 048). A wait still ends as soon as what it
// waits for is there, so the longer bound costs a passing test nothing; an absence is never
// asserted through a wait.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no matchMedia; react-hot-toast's <Toaster> reads prefers-reduced-motion through it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

// jsdom has no layout, so no scrolling: its window.scrollTo only prints "Not implemented" (a new
// page starts at the top, app/scroll-to-top.tsx). Tests that check the call stub it themselves.
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => undefined });

// The signed-in shell opens the live socket; in tests it is a fake the test may drive (never a
// real connection). unstubGlobals (vite.config.ts) puts the real one back after each test.
// Events wait for the lazily loaded event schema (decisions 030, 037); loaded up front, so
// a test's events are handed on as they arrive (socket.test.ts covers the wait).
beforeAll(() => loadRealtimeEventSchema());

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
});
