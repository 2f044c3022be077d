import type { IncomingMessage } from 'node:http';
import type { Browser } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/production-server.mjs';
import { createTestCa } from '../../server/test/federation-ca';
import { startTlsFront } from '../../server/test/federation-front';
import { signedUpAndIn } from './accounts';
import { desktop } from './people';

/*
 * Two production Muster servers that federate, for a journey in Chromium (decision 093), on the
 * server suite's test bed (decision 083): a CA made for the run, each server behind a TLS front
 * holding its host's certificate, PUBLIC_URL https://<label>.muster.test:<port>. The servers reach
 * each other through the bed's names and trust only the test CA (federation-network.mjs, preloaded);
 * the browser maps the names to loopback (BED_RESOLVER_RULES) and is told to accept the test CA's
 * certificates (ignoreHTTPSErrors): only the browser, never the servers, skips a check.
 */

export const BED_HOSTS = ['one.muster.test', 'two.muster.test'] as const;
/** Chromium's flag that makes the bed's names resolve to loopback, as the servers' fetch does. */
export const BED_RESOLVER_RULES = `--host-resolver-rules=${BED_HOSTS.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`;

const preload = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'federation-network.mjs'),
).href;

export type BedServer = {
  hostName: string;
  /** `https://one.muster.test:<port>`: its PUBLIC_URL. */
  origin: string;
  /**
   * Holds requests that `match` at the front until the returned release is called: what another
   * server delivers to this one waits, so a journey sees the state that the delivery would end.
   */
  hold(match: (req: IncomingMessage) => boolean): () => void;
};

export async function startFederatedPair(): Promise<{
  one: BedServer;
  two: BedServer;
  close(): Promise<void>;
}> {
  const ca = await createTestCa('Muster e2e federation test CA');
  const stops: Array<() => Promise<unknown>> = [() => ca.remove()];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    const started: BedServer[] = [];
    for (const hostName of BED_HOSTS) {
      let held: { match: (req: IncomingMessage) => boolean; released: Promise<void> } | null = null;
      const front = await startTlsFront(await ca.leaf(hostName), {
        hold: (req) => (held?.match(req) ? held.released : undefined),
      });
      stops.push(() => front.close());
      const origin = `https://${hostName}:${front.port}`;
      const server = await startServer({
        env: {
          PUBLIC_URL: origin,
          TRUST_PROXY: 'true',
          FEDERATION: 'on',
          // The bed's names resolve to loopback, which Fedify refuses to fetch from unless told.
          FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
          NODE_OPTIONS: `--import ${preload}`,
          MUSTER_TEST_CA_FILE: path.join(ca.dir, 'ca.pem'),
          MUSTER_TEST_HOSTS: BED_HOSTS.join(','),
          SMTP_URL: process.env.MUSTER_SMTP_URL!,
          SEED_DEMO: 'false',
          SIGNUP_RATE_LIMIT: '1000',
          OIDC_ISSUER: '',
          OIDC_CLIENT_ID: '',
        },
      });
      stops.push(() => server.stop());
      front.target = server.base.replace('localhost', '127.0.0.1');
      started.push({
        hostName,
        origin,
        hold(match) {
          let release!: () => void;
          const released = new Promise<void>((resolve) => (release = resolve));
          held = { match, released };
          return () => {
            held = null;
            release();
          };
        },
      });
    }
    return { one: started[0]!, two: started[1]!, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Someone new on one of the bed's servers, signed up and in, in a tab of their own. */
export async function personOn(browser: Browser, server: BedServer, prefix: string) {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: desktop,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  const person = await signedUpAndIn(page, prefix);
  return { page, person, context };
}
