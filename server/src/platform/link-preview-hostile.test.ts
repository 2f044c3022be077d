import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../test/helpers.js';
import { fetchLinkPreview, PREVIEW_MAX_BYTES } from './link-preview.js';

/**
 * Issue 31: the HTML parser behind previews went quadratic on unclosed tags (1 MB of `<b>` held
 * the event loop for tens of seconds), and the fetch's 5 s timeout could not interrupt it. Each
 * page here is a shape a parser can choke on, about 1 MB; a preview must come back with what the
 * page says (or nothing), and the server must keep answering while several are read at once.
 */
const MB = 1024 * 1024;
const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length));
const HEAD = '<!doctype html><html><head>';

/** Each hostile page, and the title its preview must give ('' when the page names none in reach). */
const hostile: Record<string, { html: string; title?: string }> = {
  // Deep nesting of unclosed elements: the old Parser's open-element stack.
  'nested b': { html: HEAD + '<b>'.repeat(349_525) },
  'nested div': { html: HEAD + fill('<div>') },
  'nested p': { html: HEAD + fill('<p>') },
  'nested a': { html: HEAD + fill('<a href=x>') },
  'nested table': { html: HEAD + fill('<table><tr><td>') },
  'nested select': { html: HEAD + fill('<select><option>') },
  'nested svg': { html: HEAD + fill('<svg><g><foreignObject>') },
  'nested mixed, then closes of what is not open': {
    html: HEAD + fill('<span><i><em>', MB / 2) + fill('</u></q>', MB / 2),
  },
  // Attributes.
  'a tag with 64,000 attributes': {
    html: `${HEAD}<meta property="og:title" content="Kept"${fill(' a=b', 256 * 1024)}>${fill('<i>')}`,
    title: 'Kept',
  },
  'a tag with a million attributes': {
    html: `${HEAD}<meta property="og:title" content="Cut off"${fill(' a=b')}>`,
    title: '',
  },
  'a huge attribute value': { html: `${HEAD}<meta property="og:title" content="${fill('v')}">` },
  'a meta of huge names': { html: `${HEAD}<meta ${fill('n')}="x" content="y">` },
  // Comments.
  'millions of comments': { html: `${HEAD}${fill('<!---->')}` },
  'a comment never closed': { html: `${HEAD}<!--${fill('<meta property="og:title" content="x">')}` },
  'comments of dashes': { html: `${HEAD}<!--${fill('-')}` },
  // Constructs never closed.
  'a title never closed': { html: `${HEAD}<title>${fill('t')}` },
  'a meta content never closed': { html: `${HEAD}<meta property="og:title" content="${fill('<b>')}` },
  'a script never closed': {
    html: `${HEAD}<title>Before the script</title><script>${fill('<b><!--')}`,
    title: 'Before the script',
  },
  'a style never closed': { html: `${HEAD}<style>${fill('</styl')}` },
  'a tag name never ended': { html: `${HEAD}<${fill('b')}` },
  // Text.
  'one huge line without a tag': { html: fill('x') },
  'one huge line of entities': { html: `${HEAD}<title>${fill('&amp;&#x2615;&notanentity;')}</title>` },
  'a numeric entity a megabyte long': { html: `${HEAD}<title>&#${fill('9')}</title>` },
  'a huge title': { html: `${HEAD}<title>${fill('T')}</title><meta name="description" content="After">` },
  'a page of <': { html: fill('<') },
  'a page of </': { html: fill('</') },
  // What a real head has before its metas, many times over: found while inside the byte cap.
  'links and scripts before the meta': {
    html: `${HEAD}${fill('<link rel="stylesheet" href="/a.css"><script>var a = "<b>";</script>', 256 * 1024)}<meta property="og:title" content="Found after 256 KB"></head><body>${fill('<div>')}`,
    title: 'Found after 256 KB',
  },
  'a meta past the bytes read': {
    html: `${HEAD}${fill('<link rel="preload" href="/font.woff2">', PREVIEW_MAX_BYTES + 1024)}<meta property="og:title" content="Too far">${fill('<b>', MB / 2)}`,
    title: '',
  },
  // Markup from other languages.
  'CDATA sections': { html: `${HEAD}${fill('<![CDATA[x]]>')}` },
  'a CDATA never closed': { html: `${HEAD}<![CDATA[${fill('<b>')}` },
  'processing instructions': { html: `${HEAD}${fill('<?xml version="1.0"?>')}` },
  'declarations never closed': { html: `${HEAD}${fill('<!DOCTYPE ')}` },
};
/**
 * The longest the event loop may go without a turn. Reading one of these pages costs 7–17 ms of
 * CPU; the rest of the bound is for a busy 2-core machine, where a timer waits for a core (over
 * 400 ms seen at load 13, and 900 ms for /health on the embedded database, whose statements
 * run in this same process). The old parser blocked 2.8–12 s on a single 64 KB chunk of the nesting
 * pages, and /health 5.7 s while a dozen were read.
 */
const STALL_BOUND_MS = 2500;
const paths = Object.keys(hostile).map((name, i) => [name, `/hostile/${i}`] as const);

/** A head whose names, values and entities straddle the chunks it arrives in, a few bytes at a time. */
const DRIBBLED =
  '<!DOCTYPE html><HTML><head><TITLE>Not &amp; this</TITLE><meta PROPERTY="og:title" content="Tea &amp; biscuits &#x2615;">' +
  '<meta name="description" content=\'Warm, "dry" &lt;tonight&gt;\'><meta property="og:site_name" content="Hall"></head><body>';
function dribble(res: http.ServerResponse, html: string, size = 3) {
  res.writeHead(200, { 'content-type': 'text/html' });
  const next = (at: number) => {
    if (at >= html.length) return void res.end();
    res.write(html.slice(at, at + size));
    setTimeout(() => next(at + size), 2);
  };
  next(0);
}

let server: http.Server;
let port: number;
let t: TestApp;
const stalls = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/dribbled') return void dribble(res, DRIBBLED);
    const found = paths.find(([, path]) => path === req.url);
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostile[found[0]]!.html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  t = await buildTestApp({ linkPreview: local() });
});
afterAll(async () => {
  // eslint-disable-next-line no-console -- the figures the issue asks for, in the test output
  console.log(
    `longest event-loop stall per hostile page (ms): ${JSON.stringify(Object.fromEntries(stalls))}`,
  );
  await t.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// A fetch's own 5 s bound is tested on its own (the slow page, at 500 ms); here a busy machine's
// slowness must not turn a held or slow-to-parse page into a timed-out one (issue 32, item 10's rule).
const local = () => ({
  isAllowedAddress: (ip: string) => ip === '127.0.0.1',
  allowedPorts: [port],
  timeoutMs: 60_000,
});
const urlOf = (path: string) => `http://127.0.0.1:${port}${path}`;

/**
 * The longest the event loop went without a turn while `work` ran, from a 5 ms timer: a parse
 * that blocks shows as a gap as long as itself.
 */
async function longestStall(work: () => Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

describe('hostile pages', () => {
  it('are each a megabyte or more: past the bytes a preview reads', () => {
    for (const { html } of Object.values(hostile))
      expect(Buffer.byteLength(html)).toBeGreaterThanOrEqual(Math.max(MB, 2 * PREVIEW_MAX_BYTES));
  });

  it.each(paths)('%s: previewed without holding the event loop', async (name, path) => {
    let preview: Awaited<ReturnType<typeof fetchLinkPreview>> | undefined;
    const stall = await longestStall(async () => {
      // Asserted after the stall: the old parser ran past the time limit, and then it threw.
      preview = await fetchLinkPreview(urlOf(path), local()).catch(() => undefined);
    });
    stalls.set(name, Math.round(stall));
    expect(stall).toBeLessThan(STALL_BOUND_MS);
    expect(preview).toBeDefined();
    const want = hostile[name]!.title;
    if (want !== undefined) expect(preview!.title).toBe(want);
    expect(preview!.title.length).toBeLessThanOrEqual(300);
    expect(preview!.description.length).toBeLessThanOrEqual(500);
  });

  it('a head that arrives a few bytes at a time is read as a whole', async () => {
    expect(await fetchLinkPreview(urlOf('/dribbled'), local())).toEqual({
      url: urlOf('/dribbled'),
      title: 'Tea & biscuits ☕',
      description: 'Warm, "dry" <tonight>',
      siteName: 'Hall',
    });
  });

  it('being read a dozen at a time, through the API and behind posts, leave /health answering at once', async () => {
    const api = apiCaller(t);
    const { cookie } = await signedInUser(t);
    // The nesting shapes, the old parser's slowest: each through the composer's preview, and four
    // behind posts too (previewed after the answer has gone; awaited until stored, or 20 s).
    const nesting = paths.filter(([name]) => name.startsWith('nested'));
    const storedPreview = async (id: string) => {
      for (
        const until = Date.now() + 20_000;
        Date.now() < until;
        await new Promise((r) => setTimeout(r, 50))
      ) {
        const preview = (await api('GET', `/posts/${id}`, cookie)).json().data.linkPreview;
        if (preview) return preview as { title: string };
      }
      return undefined;
    };
    const work = Promise.all([
      Promise.all(
        nesting
          .slice(0, 4)
          .map(([, path]) => api('GET', `/link-preview?url=${encodeURIComponent(urlOf(path))}`, cookie)),
      ),
      Promise.all(
        nesting.slice(0, 4).map(async ([, path]) => {
          const res = await api('POST', '/posts/create', cookie, { content: `Look: ${urlOf(path)}` });
          expect(res.statusCode).toBe(200);
          return storedPreview(res.json().data._id);
        }),
      ),
    ]);

    // /health asked every 50 ms from before the first preview starts. Each answer is timed from
    // when it was due, as a client's request sent then would wait: a blocked event loop delays the
    // asking (the timer) as much as the answering, and a test in the same process sees it only so.
    const latencies: number[] = [];
    const statuses = new Set<number>();
    let reading = true;
    void work.finally(() => (reading = false)).catch(() => {});
    while (reading || latencies.length < 10) {
      const due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
      const health = await api('GET', '/health');
      latencies.push(performance.now() - due);
      statuses.add(health.statusCode);
    }
    const worst = Math.round(Math.max(...latencies));
    // eslint-disable-next-line no-console -- the figure the issue asks for, in the test output
    console.log(
      `/health while ${nesting.length + 4} hostile previews ran: ${latencies.length} answers, worst ${worst} ms`,
    );
    expect(worst).toBeLessThan(STALL_BOUND_MS);
    expect([...statuses]).toEqual([200]);
    const [composed, stored] = await work;
    for (const res of composed) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.title).toBe('');
    }
    for (const preview of stored) expect(preview?.title).toBe('');
  });
});
