import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { HttpError } from './errors.js';

export type LinkPreview = { url: string; title: string; description: string; siteName: string };

/** Addresses a preview must never reach: loopback, private, link-local (cloud metadata), … */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net6, bits, 'ipv6');

/** True for an address on the public internet. IPv4 inside IPv6 (::ffff:a.b.c.d, 64:ff9b::/96) is judged as IPv4. */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const lower = ip.toLowerCase();
  const embedded = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (embedded) {
    const v4 = embedded[1] ?? [parseInt(embedded[2]!, 16) >> 8, parseInt(embedded[2]!, 16) & 255, parseInt(embedded[3]!, 16) >> 8, parseInt(embedded[3]!, 16) & 255].join('.');
    return isPublicAddress(v4);
  }
  if (/^::ffff:/.test(lower) || /^64:ff9b::/.test(lower)) return false;
  return !blocked.check(ip, 'ipv6');
}

export type PreviewOptions = {
  /** Which resolved addresses may be contacted (tests widen it to their loopback server). */
  isAllowedAddress?: (ip: string) => boolean;
  allowedPorts?: number[];
  lookup?: (host: string) => Promise<string[]>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

const refuse = () => new HttpError(400, 'LINK_NOT_ALLOWED', 'This link cannot be previewed');
const unreachable = () => new HttpError(400, 'LINK_UNREACHABLE', 'Could not load a preview for this link');

async function defaultLookup(host: string) {
  return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

/** Checks a URL and the addresses its host resolves to; returns the one address to connect to. */
async function vet(url: URL, o: Required<Pick<PreviewOptions, 'isAllowedAddress' | 'allowedPorts' | 'lookup'>>) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  if (url.username || url.password) throw refuse();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!o.allowedPorts.includes(port)) throw refuse();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : await o.lookup(host).catch(() => []);
  if (!addresses.length) throw unreachable();
  // Every address must be allowed: a name that resolves anywhere private is refused outright.
  if (!addresses.every(o.isAllowedAddress)) throw refuse();
  return { address: addresses[0]!, port };
}

/** One request to a vetted address, pinned (no second DNS lookup to rebind), read up to maxBytes. */
function request(url: URL, address: string, port: number, signal: AbortSignal, maxBytes: number) {
  return new Promise<{ status: number; location?: string; type: string; body: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        port,
        signal,
        headers: { 'user-agent': 'MusterLinkPreview/1.0', accept: 'text/html' },
        lookup: (_host, _opts, cb) => cb(null, address, net.isIP(address)),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, ...(res.headers.location ? { location: res.headers.location } : {}), type: '', body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          // Enough: the head of a page is in its first megabyte.
          if (size >= maxBytes) res.destroy();
        });
        const finish = () => resolve({ status, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8') });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decode = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").trim();

function meta(html: string, names: string[]): string {
  for (const name of names) {
    const re = new RegExp(`<meta[^>]+(?:property|name)=["']${name}["'][^>]*content=["']([^"']*)["']|<meta[^>]+content=["']([^"']*)["'][^>]*(?:property|name)=["']${name}["']`, 'i');
    const m = re.exec(html);
    if (m) return decode(m[1] ?? m[2] ?? '');
  }
  return '';
}

/**
 * Fetches a page's title and description for a post's link preview, refusing anything that
 * reaches a private, loopback or link-local address — after DNS resolution and on every redirect
 * (at most 3) — with a 5 s and 1 MB cap.
 */
export async function fetchLinkPreview(raw: string, options: PreviewOptions = {}): Promise<LinkPreview> {
  const o = {
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
    allowedPorts: options.allowedPorts ?? [80, 443],
    lookup: options.lookup ?? defaultLookup,
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    const { address, port } = await vet(url, o);
    const res = await request(url, address, port, signal, options.maxBytes ?? 1024 * 1024).catch((err: unknown) => {
      throw err instanceof HttpError ? err : unreachable();
    });
    if (res.status >= 300 && res.status < 400) {
      if (!res.location || hop >= maxRedirects) throw unreachable();
      url = new URL(res.location, url);
      continue;
    }
    if (res.status !== 200 || !res.type.includes('text/html')) throw unreachable();
    const title = meta(res.body, ['og:title', 'twitter:title']) || decode(/<title[^>]*>([^<]*)<\/title>/i.exec(res.body)?.[1] ?? '');
    return {
      url: url.toString(),
      title: title.slice(0, 300),
      description: meta(res.body, ['og:description', 'twitter:description', 'description']).slice(0, 500),
      siteName: meta(res.body, ['og:site_name']) || url.hostname,
    };
  }
}
