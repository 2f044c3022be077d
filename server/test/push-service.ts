import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

/**
 * A Web Push service stand-in (decision 064): a real HTTPS server on loopback, with a certificate
 * from a certificate authority made here, that keeps every push it receives as it came over the
 * wire and answers each endpoint as told (201 unless a test says 404, 410, 500…). The server
 * reaches it through an agent that trusts that authority alone (`agent`), never by turning TLS
 * checks off. `newBrowser()` plays a browser's side: its keys, so a test decrypts what arrived.
 */
export async function startPushService() {
  const authority = await selfsigned.generate([{ name: 'commonName', value: 'Muster test push CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: authority.private, cert: authority.cert },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });

  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server = https.createServer({ key: leaf.private, cert: leaf.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answers.get(path)?.shift() ?? 201;
      received.push({
        path,
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: authority.cert, keepAlive: false });

  return {
    origin,
    /** The authority's certificate (PEM): what a client must trust to reach this service. */
    caCert: authority.cert,
    /** For the app under test (`pushAgent`): trusts this service's authority, and only it. */
    agent,
    /** Every push received, in order. */
    received,
    /** The next answers at `path`, one per push, then 201 again. */
    answer(path: string, ...statuses: number[]) {
      answers.set(path, [...(answers.get(path) ?? []), ...statuses]);
    },
    /** A browser subscribed at a fresh endpoint of this service, holding its private keys. */
    newBrowser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      const subscription = {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
      return {
        path,
        subscription,
        /** Pushes this browser was sent. */
        pushes: () => received.filter((r) => r.path === path),
        /** A push's body opened as the browser opens it (RFC 8291, aes128gcm). */
        decrypt: (push: ReceivedPush): unknown =>
          JSON.parse(
            ece
              .decrypt(push.body, {
                version: 'aes128gcm',
                privateKey: ecdh,
                authSecret: auth.toString('base64url'),
              })
              .toString('utf8'),
          ),
      };
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
export type ReceivedPush = {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  status: number;
};

/**
 * The VAPID claim of a push (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`), its ES256
 * signature checked against `publicKey` (base64url, the server's /push/key): undefined when it is
 * missing, names another key, or does not verify.
 */
export function verifiedVapidClaims(push: ReceivedPush, publicKey: string) {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match || match[2] !== publicKey) return undefined;
  const [head, claims, signature] = match[1]!.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return undefined;
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}
