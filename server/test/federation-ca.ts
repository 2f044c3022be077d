import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';

/** A key and the certificate for it, both PEM. */
export type KeyPair = { key: string; cert: string };

/**
 * A certificate authority made fresh for one test run (decision 083), and the leaf certificates
 * it signed. Made in-process with `selfsigned`, as test/push-service.ts makes its own (decision
 * 064): nothing is downloaded and no `openssl` binary has to be on the machine that runs tests.
 * Its key never leaves this process; the PEM files in `dir` are for a child process that needs them
 * (NODE_EXTRA_CA_CERTS, a server started from the command line) and are removed by `remove`.
 */
export type TestCa = {
  /** The authority's own certificate: what a client trusts to reach the hosts (PEM). */
  caCert: string;
  /** A folder holding ca.pem and, per host name, <name>.key and <name>.pem. */
  dir: string;
  /** A leaf for `hostName` (SAN = that DNS name), signed by this authority; made once per name. */
  leaf(hostName: string): Promise<KeyPair>;
  remove(): Promise<void>;
};

export async function createTestCa(label = 'Muster federation test CA'): Promise<TestCa> {
  // A serial-like suffix: two runs, or the two authorities of one test, never share a name.
  const name = `${label} ${randomBytes(4).toString('hex')}`;
  const authority = await selfsigned.generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-federation-ca-'));
  await fs.writeFile(path.join(dir, 'ca.pem'), authority.cert);
  const leaves = new Map<string, Promise<KeyPair>>();

  async function issue(hostName: string): Promise<KeyPair> {
    const made = await selfsigned.generate([{ name: 'commonName', value: hostName }], {
      keyType: 'ec',
      algorithm: 'sha256',
      ca: { key: authority.private, cert: authority.cert },
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        // The DNS name alone: TLS clients check the SAN, not the common name.
        { name: 'subjectAltName', altNames: [{ type: 2, value: hostName }] },
      ],
    });
    const pair = { key: made.private, cert: made.cert };
    await fs.writeFile(path.join(dir, `${hostName}.key`), pair.key, { mode: 0o600 });
    await fs.writeFile(path.join(dir, `${hostName}.pem`), pair.cert);
    return pair;
  }

  return {
    caCert: authority.cert,
    dir,
    leaf: (hostName) => {
      let pair = leaves.get(hostName);
      if (!pair) leaves.set(hostName, (pair = issue(hostName)));
      return pair;
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
