import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, buildConnector, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

/** The domain the test bed's host names live under (RFC 2606 keeps `.test` out of real DNS). */
export const TEST_DOMAIN = 'muster.test';

/**
 * What this process's `fetch` sees while a federation test runs (decision 083): the bed's host
 * names (`one.muster.test`…) resolve to loopback and are trusted only through the test CA; any
 * other name under the bed's domain does not resolve; every other host is reached as before (real
 * DNS, the system's CAs), so the test CA never vouches for anything outside the bed.
 *
 * Node's global `fetch` is undici's, and it reads its dispatcher from the global that the npm
 * package's `setGlobalDispatcher` writes (verified on Node 26: its bundled undici 8 honours an
 * agent of undici 7, the version the server declares). Fedify makes its requests with that `fetch`.
 */
export type TestNetwork = {
  /** Makes `hostName` (under TEST_DOMAIN) resolve to 127.0.0.1. */
  addHost(hostName: string): void;
  /** Puts back the dispatcher that was there before and closes the bed's connections. */
  restore(): Promise<void>;
};

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export function installTestNetwork(caCert: string): TestNetwork {
  const hosts = new Set<string>();
  const inBed = (hostName: string) => hostName === TEST_DOMAIN || hostName.endsWith(`.${TEST_DOMAIN}`);

  // Node connects with autoSelectFamily, which asks for every address at once (`all: true`).
  const lookup = (hostName: string, options: LookupOptions, callback: LookupCallback) => {
    if (!hosts.has(hostName)) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostName}`);
      err.code = 'ENOTFOUND';
      return process.nextTick(callback, err, []);
    }
    if (options.all) return process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
    process.nextTick(callback, null, '127.0.0.1', 4);
  };
  // `ca` replaces the system's roots: a bed host is trusted through the test CA and nothing else.
  const toBed = buildConnector({ ca: [caCert], lookup: lookup as never });
  const toWorld = buildConnector({});
  const agent = new Agent({
    connect: (options, callback) => (inBed(options.hostname) ? toBed : toWorld)(options, callback),
  });

  // Both globals undici reads (the npm package writes the two; Node's fetch reads one of them).
  const previous = getGlobalDispatcher() as Dispatcher;
  setGlobalDispatcher(agent);
  return {
    addHost(hostName) {
      if (!inBed(hostName)) throw new Error(`${hostName} is not under ${TEST_DOMAIN}`);
      hosts.add(hostName);
    },
    async restore() {
      setGlobalDispatcher(previous);
      // destroy, not close: a kept-alive idle socket to a server already gone is not worth a wait.
      await agent.destroy();
    },
  };
}
