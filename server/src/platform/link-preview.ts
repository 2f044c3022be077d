import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { Tokenizer } from 'htmlparser2';
import ipaddr from 'ipaddr.js';
import { HttpError } from './errors.js';

export type LinkPreview = { url: string; title: string; description: string; siteName: string };

/** The only IPv6 space the IANA hands out for the internet; the rest is special, deprecated or unassigned. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address is the last 32 bits wherever it is used. */
const nat64WellKnown = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const isPublicV4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * True for an address on the public internet: ipaddr.js's ranges, where only `unicast` is public.
 * An IPv6 form that carries an IPv4 address (mapped, NAT64, 6to4, Teredo) is public only if that
 * IPv4 address is. Refused whatever they carry: IPv4-compatible `::a.b.c.d` (deprecated, outside
 * 2000::/3), SIIT's `::ffff:0:a.b.c.d`, and NAT64's local-use 64:ff9b:1::/48 (RFC 8215), whose
 * IPv4 bits sit where the site's prefix length puts them, so no one outside the site can read them.
 */
export function isPublicAddress(ip: string): boolean {
  // Strict literals only: ipaddr.js alone would also read `127.1` or `0x7f000001`.
  if (!net.isIP(ip) || !ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return isPublicV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const embedded = (at: number, inverted = false) =>
    new ipaddr.IPv4(bytes.slice(at, at + 4).map((b) => (inverted ? 255 - b : b)));
  switch (v6.range()) {
    case 'unicast':
      return v6.match(globalUnicast);
    case 'ipv4Mapped':
      return isPublicV4(embedded(12));
    case 'rfc6052':
      return v6.match(nat64WellKnown) && isPublicV4(embedded(12));
    case '6to4':
      return isPublicV4(embedded(2));
    case 'teredo':
      // 2001:0:server:flags:port:client, the client's address inverted (RFC 4380): both are reached.
      return isPublicV4(embedded(4)) && isPublicV4(embedded(12, true));
    default:
      return false;
  }
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
async function vet(
  url: URL,
  o: Required<Pick<PreviewOptions, 'isAllowedAddress' | 'allowedPorts' | 'lookup'>>,
) {
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

/** What a page's head says about itself: <title>, and each <meta property|name> with its content (first one wins). */
type Head = { title: string; meta: Map<string, string> };

/**
 * How much of a page is read: the head of a real page (inline styles and scripts included) fits
 * many times over, and the cost of reading it is bounded whatever the site sends (decision 039).
 */
export const PREVIEW_MAX_BYTES = 512 * 1024;
/** Longest title or attribute value kept while reading: a preview shows 300 and 500 characters. */
const MAX_KEPT = 2048;
/** The attributes a <meta> is read for; every other is skipped unread. */
const META_ATTRIBUTES = new Set(['content', 'property', 'name']);

/**
 * Reads a page's head as it streams in, with htmlparser2's Tokenizer and a small state machine of
 * our own for <title> and <meta>. Not its Parser: the Parser keeps a stack of open elements that it
 * grows with `unshift` and searches on every close, so a page of unclosed tags (`<b>` 350,000
 * times) cost it quadratic time — 38 s on one megabyte, the event loop blocked (issue 31). The
 * Tokenizer keeps no stack: each character is looked at a fixed number of times, and each chunk
 * is read when it arrives, so the event loop gets a turn between chunks. Done at </head> or
 * <body>, since the rest of the page says nothing a preview shows.
 */
function headReader() {
  const head: Head = { title: '', meta: new Map() };
  // The Tokenizer reports positions in the whole document; the chunks not yet sliced are kept to
  // read them (a name can straddle two chunks). Each chunk is dropped once passed: linear.
  // `first` moves on rather than `shift()`: a page sent a byte at a time is many small chunks, and
  // shifting a long array moves the rest of it each time.
  const chunks: string[] = [];
  let first = 0;
  let firstStart = 0;
  const slice = (start: number, end: number) => {
    while (first < chunks.length - 1 && start - firstStart >= chunks[first]!.length) {
      firstStart += chunks[first]!.length;
      chunks[first++] = '';
    }
    let out = '';
    for (let i = first, at = firstStart; i < chunks.length && at < end; at += chunks[i]!.length, i++) {
      const chunk = chunks[i]!;
      if (at + chunk.length > start) out += chunk.slice(Math.max(0, start - at), end - at);
    }
    return out;
  };
  const keep = (kept: string, more: string) =>
    kept.length < MAX_KEPT ? kept + more.slice(0, MAX_KEPT - kept.length) : kept;

  let tag = '';
  let attribs = new Map<string, string>();
  let attribute: string | undefined;
  let value = '';
  let inTitle = false;
  let sawTitle = false;
  let done = false;
  const finish = () => {
    done = true;
    inTitle = false;
    tokenizer.pause();
  };
  const openTagEnded = () => {
    if (tag === 'body') finish();
    else if (tag === 'title' && !sawTitle) inTitle = sawTitle = true;
    else if (tag === 'meta' && attribs.has('content')) {
      for (const key of [attribs.get('property'), attribs.get('name')]) {
        const k = key?.trim().toLowerCase();
        if (k && !head.meta.has(k)) head.meta.set(k, attribs.get('content')!);
      }
    }
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = slice(start, end).toLowerCase();
        attribs = new Map();
      },
      onattribname(start, end) {
        const name = tag === 'meta' ? slice(start, end).toLowerCase() : '';
        // As browsers do, the first of two same-named attributes counts.
        attribute = META_ATTRIBUTES.has(name) && !attribs.has(name) ? name : undefined;
        value = '';
      },
      onattribdata(start, end) {
        if (attribute) value = keep(value, slice(start, Math.min(end, start + MAX_KEPT)));
      },
      onattribentity(codepoint) {
        if (attribute) value = keep(value, String.fromCodePoint(codepoint));
      },
      onattribend() {
        if (attribute) attribs.set(attribute, value);
        attribute = undefined;
      },
      onopentagend: openTagEnded,
      onselfclosingtag: openTagEnded,
      ontext(start, end) {
        if (inTitle) head.title = keep(head.title, slice(start, Math.min(end, start + MAX_KEPT)));
      },
      ontextentity(codepoint) {
        if (inTitle) head.title = keep(head.title, String.fromCodePoint(codepoint));
      },
      onclosetag(start, end) {
        const name = slice(start, end).toLowerCase();
        if (name === 'title') inTitle = false;
        else if (name === 'head') finish();
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  return {
    head,
    write: (text: string) => {
      if (done || !text) return;
      chunks.push(text);
      tokenizer.write(text);
    },
    end: () => {
      if (!done) tokenizer.end();
    },
    get done() {
      return done;
    },
  };
}

type Response = { status: number; location?: string; type: string; head?: Head };

/**
 * One request to a vetted address, pinned (no second DNS lookup to rebind). An HTML page's head is
 * parsed as it arrives, up to maxBytes; any other answer is not read.
 */
function request(url: URL, address: string, port: number, signal: AbortSignal, maxBytes: number) {
  return new Promise<Response>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        port,
        signal,
        // A socket of its own: a pooled one could be connected to the address another request pinned.
        agent: false,
        headers: { 'user-agent': 'MusterLinkPreview/1.0', accept: 'text/html' },
        // Node 20's connect asks for every address ({ all: true }) and then wants the list form.
        lookup: (_host, opts, cb) => {
          const family = net.isIP(address);
          if (opts.all) cb(null, [{ address, family }]);
          else cb(null, address, family);
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const type = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          res.destroy();
          return resolve({
            status,
            ...(res.headers.location ? { location: res.headers.location } : {}),
            type,
          });
        }
        if (status !== 200 || !type.includes('text/html')) {
          res.destroy();
          return resolve({ status, type });
        }
        const reader = headReader();
        const text = new StringDecoder('utf8');
        let size = 0;
        let finished = false;
        const finish = () => {
          if (finished) return;
          finished = true;
          reader.write(text.end());
          reader.end();
          resolve({ status, type, head: reader.head });
        };
        res.on('data', (chunk: Buffer) => {
          if (finished) return;
          // Enough: the head of a page is in its first PREVIEW_MAX_BYTES.
          const room = maxBytes - size;
          size += chunk.length;
          reader.write(text.write(chunk.length > room ? chunk.subarray(0, room) : chunk));
          if (reader.done || size >= maxBytes) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const clean = (s: string | undefined) => (s ?? '').trim();
const first = (head: Head, names: string[]) =>
  clean(names.map((n) => head.meta.get(n)).find((v) => v?.trim()));

/** URL.parse, which Node 20 gained only in 20.18. */
function parseUrl(raw: string, base?: URL) {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/**
 * Fetches a page's title and description for a post's link preview, refusing anything that
 * reaches a private, loopback or link-local address — after DNS resolution and on every redirect
 * (at most 3) — with a 5 s cap, reading at most PREVIEW_MAX_BYTES of the page.
 */
export async function fetchLinkPreview(raw: string, options: PreviewOptions = {}): Promise<LinkPreview> {
  const o = {
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
    allowedPorts: options.allowedPorts ?? [80, 443],
    lookup: options.lookup ?? defaultLookup,
  };
  let url = parseUrl(raw);
  if (!url) throw refuse();
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    const { address, port } = await vet(url, o);
    const res = await request(url, address, port, signal, options.maxBytes ?? PREVIEW_MAX_BYTES).catch(
      (err: unknown) => {
        throw err instanceof HttpError ? err : unreachable();
      },
    );
    if (res.status >= 300 && res.status < 400) {
      if (!res.location || hop >= maxRedirects) throw unreachable();
      // A Location no URL parser accepts is the site's fault, not ours: no 500.
      const next = parseUrl(res.location, url);
      if (!next) throw unreachable();
      url = next;
      continue;
    }
    if (!res.head) throw unreachable();
    const { head } = res;
    return {
      url: url.toString(),
      title: (first(head, ['og:title', 'twitter:title']) || clean(head.title)).slice(0, 300),
      description: first(head, ['og:description', 'twitter:description', 'description']).slice(0, 500),
      siteName: first(head, ['og:site_name']) || url.hostname,
    };
  }
}
