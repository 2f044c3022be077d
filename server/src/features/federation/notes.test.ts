import { describe, expect, test } from 'vitest';
import { Note, Object as APObject } from '@fedify/fedify/vocab';
import { MUSTER_NS } from '@muster/contract/federation';
import { COMMENT_MAX, POST_TITLE_MAX } from '@muster/contract/posts';
import {
  activityJsonLd,
  createActivity,
  deleteActivity,
  noteJsonLd,
  offlineContextLoader,
  postToNote,
  updateActivity,
  type NoteSource,
} from './notes.js';
import { INCOMING_HTML_MAX, noteFromJsonLd, readExtension, sanitiseHtml } from './notes-in.js';

/*
 * The translation layer both ways (decision 084), pure: no database, no network (every JSON-LD
 * context comes from Fedify's preloaded set, and an unknown one fails the test).
 */

const PUBLIC_URL = 'https://muster.example';
const POST_ID = '0193a1f2-7c4e-7d3a-9b1e-2f6c8d0e4a51';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
/** The author's own point (a street in Mandaue) and its public 0.01° cell. */
const EXACT = { lng: 123.93817, lat: 10.35642 };
const APPROX: [number, number] = [123.94, 10.36];

function need(over: Partial<NoteSource> = {}): NoteSource {
  return {
    _id: POST_ID,
    kind: 'need',
    title: 'Generator for insulin fridge',
    content:
      'Power has been out since the typhoon and my mother keeps insulin in the fridge.\nWe need a small generator for two or three days.\n\nWe can pick it up ourselves. #insulin',
    category: 'Power',
    status: 'open',
    expiresAt: '2026-12-28T09:12:03.512Z',
    image: '/media/0193a1f2-generator.webp',
    mapLocation: { address: 'Mandaue City, Cebu, Philippines', coordinates: APPROX, approximate: true },
    mission: null,
    emergencyEmoji: '🚨',
    hashtags: ['insulin'],
    createdAt: '2026-11-28T09:12:03.512Z',
    updatedAt: '2026-11-28T09:12:03.512Z',
    author: { username: 'maria_cebu' },
    audience: 'public',
    ...over,
  };
}

function noteOf(source: NoteSource): Note {
  const result = postToNote(source, PUBLIC_URL);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.note;
}

/** A value that may be one or many in compacted JSON-LD, as a list. */
const many = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** The public collection as Fedify compacts it ("as:Public") or spelt out. */
const isPublic = (v: unknown) => v === PUBLIC || v === 'as:Public';

describe('a public need as a Note', () => {
  test('has everything Mastodon needs for a readable public status', async () => {
    const json = await noteJsonLd(noteOf(need()));
    expect(json.type).toBe('Note');
    expect(json.id).toBe(`${PUBLIC_URL}/ap/posts/${POST_ID}`);
    expect(json.url).toBe(`${PUBLIC_URL}/#/post/${POST_ID}`);
    expect(json.attributedTo).toBe(`${PUBLIC_URL}/ap/users/maria_cebu`);
    expect(many(json.to).some(isPublic)).toBe(true);
    expect(many(json.cc)).toEqual([`${PUBLIC_URL}/ap/users/maria_cebu/followers`]);
    expect(json.published).toBe('2026-11-28T09:12:03.512Z');
    // Never edited: no `updated`, or Mastodon would mark it edited.
    expect(json.updated).toBeUndefined();
    expect(json.sensitive).toBe(false);
    // The language is not known, so none is claimed.
    expect(json.contentMap).toBeUndefined();
    const context = many(json['@context']);
    expect(context[0]).toBe('https://www.w3.org/ns/activitystreams');
    expect(context).toContainEqual({ muster: MUSTER_NS });

    const content = json.content as string;
    expect(content.startsWith('<p><strong>🚨 Need: Generator for insulin fridge</strong></p>')).toBe(true);
    expect(content).toContain(
      `<p>Power has been out since the typhoon and my mother keeps insulin in the fridge.<br>We need a small generator for two or three days.</p><p>We can pick it up ourselves. <a href="${PUBLIC_URL}/#/hashtag/insulin" class="mention hashtag" rel="tag">#<span>insulin</span></a></p>`,
    );
    // The category's tag, which the text does not name, on its own line; #insulin only once.
    expect(content).toContain(
      `<p><a href="${PUBLIC_URL}/#/hashtag/power" class="mention hashtag" rel="tag">#<span>power</span></a></p>`,
    );
    expect(content.match(/#<span>insulin/g)).toHaveLength(1);
    expect(content).toContain('<p>📍 Mandaue City, Cebu, Philippines (approximate)</p>');
    expect(content).toContain(
      `<p>Offer help on Muster: <a href="${PUBLIC_URL}/#/post/${POST_ID}" rel="nofollow noopener noreferrer">${PUBLIC_URL}/#/post/${POST_ID}</a></p>`,
    );
    expect(content).not.toContain('Fulfilled');

    expect(many(json.tag)).toEqual([
      { type: 'Hashtag', name: '#power', href: `${PUBLIC_URL}/#/hashtag/power` },
      { type: 'Hashtag', name: '#insulin', href: `${PUBLIC_URL}/#/hashtag/insulin` },
    ]);
    expect(json.location).toEqual({
      type: 'Place',
      name: 'Mandaue City, Cebu, Philippines (approximate)',
      longitude: 123.94,
      latitude: 10.36,
    });
    expect(many(json.attachment)).toEqual([
      { type: 'Image', mediaType: 'image/webp', url: `${PUBLIC_URL}/media/0193a1f2-generator.webp` },
    ]);
    expect(json.source).toMatchObject({ mediaType: 'text/plain', content: need().content });
    expect(json).toMatchObject({
      'muster:kind': 'need',
      'muster:title': 'Generator for insulin fridge',
      'muster:category': 'Power',
      'muster:status': 'open',
      'muster:expiresAt': '2026-12-28T09:12:03.512Z',
      'muster:emergency': true,
    });
  });

  test('the exact place never appears, even when the public point given is off the grid', async () => {
    const offGrid = need({
      mapLocation: {
        address: 'Mandaue City, Cebu, Philippines',
        coordinates: [EXACT.lng, EXACT.lat],
        approximate: true,
      },
    });
    const text = JSON.stringify(await noteJsonLd(noteOf(offGrid)));
    expect(text).not.toContain(String(EXACT.lng));
    expect(text).not.toContain(String(EXACT.lat));
    expect(text).not.toContain('12393817');
    expect(text).toContain('"longitude":123.94');
    expect(text).toContain('"latitude":10.36');
  });

  test.each([
    ['of an unknown type', '/media/0193a1f2-file.bin'],
    ['with no absolute address', 'media/0193a1f2-generator.webp'],
  ])('a picture %s is left out', async (_name, image) => {
    const json = await noteJsonLd(noteOf(need({ image })));
    expect(json.attachment).toBeUndefined();
  });

  test('an instance under a path keeps its path in every id, page and picture', async () => {
    const result = postToNote(need(), 'https://relief.example/muster/');
    if (!result.ok) throw new Error(result.reason);
    const json = await noteJsonLd(result.note);
    expect(json.id).toBe(`https://relief.example/muster/ap/posts/${POST_ID}`);
    expect(json.url).toBe(`https://relief.example/muster/#/post/${POST_ID}`);
    expect(many(json.attachment)).toMatchObject([
      { url: 'https://relief.example/muster/media/0193a1f2-generator.webp' },
    ]);
  });

  test('a place not marked approximate (the exact one) is refused', () => {
    const exact = need({
      mapLocation: { address: '12 Ouano Ave, Mandaue City', coordinates: [EXACT.lng, EXACT.lat] },
    });
    expect(postToNote(exact, PUBLIC_URL)).toEqual({ ok: false, reason: 'exact-place' });
  });

  test('a title with markup stays text', async () => {
    const json = await noteJsonLd(
      noteOf(need({ title: '<script>alert(1)</script> & "more"', content: '<b>hi</b>' })),
    );
    const content = json.content as string;
    expect(content).toContain('Need: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(content).toContain('<p>&lt;b&gt;hi&lt;/b&gt;</p>');
    expect(content).not.toMatch(/<script|<b>/);
  });

  test("an apostrophe's entity is not taken for a hashtag, a hashtag after a quote is", async () => {
    const json = await noteJsonLd(
      noteOf(need({ content: `It's "#urgent" &#39;now`, hashtags: ['urgent', '39'] })),
    );
    const content = json.content as string;
    expect(content).toContain(
      'It&#39;s &quot;<a href="https://muster.example/#/hashtag/urgent" class="mention hashtag" rel="tag">#<span>urgent</span></a>&quot; &amp;#39;now',
    );
  });

  test.each([
    ['connections', { audience: 'connections' }],
    ['members', { audience: 'members' }],
    ['a members-only mission update', { kind: 'mission_update', audience: 'members' }],
  ] as const)('a post for %s is refused', (_name, over) => {
    expect(postToNote(need(over), PUBLIC_URL)).toEqual({ ok: false, reason: 'not-public' });
  });

  test.each(['general', 'hunt'] as const)('a %s post does not federate', (kind) => {
    expect(postToNote(need({ kind }), PUBLIC_URL)).toEqual({ ok: false, reason: 'kind-not-federated' });
  });

  test('a public mission update is named after its mission and links to follow it', async () => {
    const update = need({
      kind: 'mission_update',
      title: '',
      status: null,
      expiresAt: null,
      category: null,
      emergencyEmoji: null,
      hashtags: [],
      mission: { title: 'Clean water for Barangay Looc', missionId: 'm1', updateCount: 3 },
    });
    const json = await noteJsonLd(noteOf(update));
    expect(json.content as string).toMatch(
      /^<p><strong>Mission update: Clean water for Barangay Looc<\/strong><\/p>/,
    );
    expect(json.content as string).toContain('Follow the mission on Muster:');
    expect(json).toMatchObject({ 'muster:kind': 'mission_update', 'muster:emergency': false });
  });

  test.each([
    ['fulfilled', '✅ Fulfilled'],
    ['expired', '⌛ Expired'],
  ] as const)('a %s need says so in its text', async (status, line) => {
    const json = await noteJsonLd(noteOf(need({ status })));
    expect(json.content as string).toContain(`<p>${line}</p>`);
    expect(json['muster:status']).toBe(status);
  });
});

describe('activities', () => {
  test('Create wraps the Note, addressed as it is; the extension survives Fedify’s compaction as full IRIs', async () => {
    // activityJsonLd compacts as sendActivity() does.
    const json = await activityJsonLd(createActivity(noteOf(need())));
    expect(json).toMatchObject({
      type: 'Create',
      id: `${PUBLIC_URL}/ap/posts/${POST_ID}#create`,
      actor: `${PUBLIC_URL}/ap/users/maria_cebu`,
    });
    expect(many(json.to).some(isPublic)).toBe(true);
    expect(many(json.cc)).toEqual([`${PUBLIC_URL}/ap/users/maria_cebu/followers`]);
    expect(json.object).toMatchObject({
      type: 'Note',
      id: `${PUBLIC_URL}/ap/posts/${POST_ID}`,
      [`${MUSTER_NS}kind`]: 'need',
      [`${MUSTER_NS}status`]: 'open',
      [`${MUSTER_NS}emergency`]: true,
    });
    // Another Muster reads it straight from the delivered activity.
    const back = await noteFromJsonLd(json);
    expect(back).toMatchObject({
      type: 'listing',
      listing: { kind: 'need', status: 'open', category: 'Power' },
    });
  });

  test('a Create whose actor is on another server than its Note is refused', async () => {
    const json = await activityJsonLd(createActivity(noteOf(need())));
    expect(await noteFromJsonLd({ ...json, actor: 'https://evil.example/users/mallory' })).toEqual({
      type: 'refused',
      reason: 'host-mismatch',
    });
  });

  test('an Update carries the changed Note with its new `updated`, one id per change', async () => {
    const at = '2026-11-30T10:00:00.000Z';
    const fulfilled = noteOf(need({ status: 'fulfilled', updatedAt: at }));
    const json = await activityJsonLd(updateActivity(fulfilled, at));
    expect(json.type).toBe('Update');
    expect(json.id).toBe(`${PUBLIC_URL}/ap/posts/${POST_ID}#update-${Date.parse(at)}`);
    // Temporal writes whole seconds without the fraction; the clone kept the extension.
    expect(json.object).toMatchObject({
      updated: '2026-11-30T10:00:00Z',
      [`${MUSTER_NS}status`]: 'fulfilled',
    });
    expect(await noteFromJsonLd(json)).toMatchObject({ type: 'listing', listing: { status: 'fulfilled' } });
    expect((json.object as { content: string }).content).toContain('✅ Fulfilled');
    const again = await activityJsonLd(updateActivity(fulfilled, at));
    expect(again.id).toBe(json.id);
  });

  test('a Delete carries a Tombstone of the Note', async () => {
    const activity = deleteActivity(
      { _id: POST_ID, author: { username: 'maria_cebu' } },
      PUBLIC_URL,
      '2026-12-01T08:00:00.000Z',
    );
    const json = await activityJsonLd(activity);
    expect(json).toMatchObject({
      type: 'Delete',
      id: `${PUBLIC_URL}/ap/posts/${POST_ID}#delete`,
      actor: `${PUBLIC_URL}/ap/users/maria_cebu`,
      object: { type: 'Tombstone', id: `${PUBLIC_URL}/ap/posts/${POST_ID}`, deleted: '2026-12-01T08:00:00Z' },
    });
    expect(many(json.to).some(isPublic)).toBe(true);
  });

  test('the Note served alone names the prefix; parsed back by Fedify it answers the same JSON-LD', async () => {
    const json = await noteJsonLd(noteOf(need()));
    const parsed = await APObject.fromJsonLd(json, { contextLoader: offlineContextLoader });
    expect(await parsed.toJsonLd({ contextLoader: offlineContextLoader })).toEqual(json);
  });
});

describe('a Note from another server', () => {
  test('round trip: another Muster reads back the kind, title, category, status, place and dates', async () => {
    const json = await noteJsonLd(noteOf(need()));
    const back = await noteFromJsonLd(json, { sender: new URL(`${PUBLIC_URL}/ap/users/maria_cebu`) });
    expect(back).toEqual({
      type: 'listing',
      listing: {
        objectId: `${PUBLIC_URL}/ap/posts/${POST_ID}`,
        url: `${PUBLIC_URL}/#/post/${POST_ID}`,
        authorUri: `${PUBLIC_URL}/ap/users/maria_cebu`,
        server: 'muster.example',
        kind: 'need',
        title: 'Generator for insulin fridge',
        text: need().content,
        category: 'Power',
        status: 'open',
        emergency: true,
        hashtags: ['power', 'insulin'],
        place: { address: 'Mandaue City, Cebu, Philippines', coordinates: APPROX, approximate: true },
        expiresAt: '2026-12-28T09:12:03.512Z',
        published: '2026-11-28T09:12:03.512Z',
        updated: null,
      },
    });
  });

  test('the extension is found under whatever prefix the context binds to its IRI, or as full IRIs', () => {
    expect(
      readExtension({
        '@context': ['https://www.w3.org/ns/activitystreams', { m: MUSTER_NS }],
        'm:kind': 'want',
      }),
    ).toEqual({ kind: 'want' });
    expect(readExtension({ [`${MUSTER_NS}status`]: 'open' })).toEqual({ status: 'open' });
    // `muster:` bound to someone else's IRI is not ours.
    expect(
      readExtension({ '@context': [{ muster: 'https://evil.example/ns#' }], 'muster:kind': 'need' }),
    ).toBeUndefined();
  });

  test('titles and texts are capped at the spec limits, and control characters go', async () => {
    const json = await noteJsonLd(noteOf(need()));
    const long = { ...json, 'muster:title': `Generator\u0000\u0007 ${'x'.repeat(400)}` };
    const back = await noteFromJsonLd(long);
    if (back.type !== 'listing') throw new Error(back.type);
    expect(back.listing.title.length).toBe(POST_TITLE_MAX);
    expect(back.listing.title.startsWith('Generator x')).toBe(true);
  });

  test('a bad extension is refused', async () => {
    const json = await noteJsonLd(noteOf(need()));
    expect(await noteFromJsonLd({ ...json, 'muster:kind': 'weapon' })).toEqual({
      type: 'refused',
      reason: 'bad-extension',
    });
  });

  const mastodonReply = {
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      { ostatus: 'http://ostatus.org#', sensitive: 'as:sensitive', toot: 'http://joinmastodon.org/ns#' },
    ],
    id: 'https://mastodon.example/users/ana/statuses/113554',
    type: 'Note',
    inReplyTo: `${PUBLIC_URL}/ap/posts/${POST_ID}`,
    published: '2026-11-28T10:01:00Z',
    url: 'https://mastodon.example/@ana/113554',
    attributedTo: 'https://mastodon.example/users/ana',
    to: [PUBLIC],
    cc: ['https://mastodon.example/users/ana/followers'],
    sensitive: false,
    content:
      '<p><span class="h-card"><a href="https://muster.example/@maria_cebu" class="u-url mention">@<span>maria_cebu</span></a></span> I have a 2 kW inverter generator.</p><p>Call me at the church<br>after 5 pm</p>',
  };

  test('a plain Mastodon reply becomes a remote reply', async () => {
    expect(
      await noteFromJsonLd(mastodonReply, { sender: new URL('https://mastodon.example/users/ana') }),
    ).toEqual({
      type: 'reply',
      reply: {
        objectId: 'https://mastodon.example/users/ana/statuses/113554',
        inReplyTo: `${PUBLIC_URL}/ap/posts/${POST_ID}`,
        authorUri: 'https://mastodon.example/users/ana',
        server: 'mastodon.example',
        text: '@maria_cebu I have a 2 kW inverter generator.\n\nCall me at the church\nafter 5 pm',
        html: '<p><a href="https://muster.example/@maria_cebu" rel="nofollow noopener ugc">@maria_cebu</a> I have a 2 kW inverter generator.</p><p>Call me at the church<br>after 5 pm</p>',
        url: 'https://mastodon.example/@ana/113554',
        published: '2026-11-28T10:01:00Z',
      },
    });
  });

  test('a page on another host than the object is not kept as its page', async () => {
    const back = await noteFromJsonLd({ ...mastodonReply, url: 'https://phish.example/@ana/113554' });
    if (back.type !== 'reply') throw new Error(back.type);
    expect(back.reply.url).toBeNull();
  });

  test('a reply is capped at a comment’s length', async () => {
    const back = await noteFromJsonLd({ ...mastodonReply, content: `<p>${'ab '.repeat(2000)}</p>` });
    if (back.type !== 'reply') throw new Error(back.type);
    expect(back.reply.text.length).toBeLessThanOrEqual(COMMENT_MAX);
    expect(back.reply.text.length).toBeGreaterThan(COMMENT_MAX - 5);
  });

  test.each([
    ['a Mastodon status that answers nothing', { inReplyTo: undefined }, 'not-a-reply'],
    ['no id', { id: undefined }, 'bad-id'],
    ['a non-http(s) id', { id: 'urn:uuid:5b1c1d1e-0000-4000-8000-000000000000' }, 'bad-id'],
    [
      'an id on another host than its author',
      { id: 'https://muster.example/ap/posts/forged' },
      'host-mismatch',
    ],
    ['no author', { attributedTo: undefined }, 'no-author'],
    ['no date', { published: undefined }, 'no-date'],
    ['an author that is not http(s)', { attributedTo: 'ftp://mastodon.example/users/ana' }, 'no-author'],
    ['not a Note', { type: 'Person' }, 'not-a-note'],
    [
      'a context that would have to be fetched',
      { '@context': 'https://evil.example/context.jsonld' },
      'not-an-object',
    ],
  ] as const)('%s is refused', async (_name, over, reason) => {
    const json = Object.fromEntries(
      Object.entries({ ...mastodonReply, ...over }).filter(([, v]) => v !== undefined),
    );
    expect(await noteFromJsonLd(json)).toEqual({ type: 'refused', reason });
  });

  test('an object whose host is not the delivering actor’s is refused (a spoofed id)', async () => {
    const json = await noteJsonLd(noteOf(need()));
    expect(await noteFromJsonLd(json, { sender: new URL('https://evil.example/users/mallory') })).toEqual({
      type: 'refused',
      reason: 'host-mismatch',
    });
  });

  test.each([
    ['latitude past the pole', { latitude: 91, longitude: 123.94 }],
    ['longitude past the antimeridian', { latitude: 10.36, longitude: -180.5 }],
    ['only one coordinate', { latitude: 10.36 }],
  ])('a place with %s is refused', async (_name, point) => {
    const json = await noteJsonLd(noteOf(need()));
    const bad = { ...json, location: { type: 'Place', name: 'Somewhere', ...point } };
    expect(await noteFromJsonLd(bad)).toEqual({ type: 'refused', reason: 'bad-place' });
  });

  test('an exact point from another server is snapped to the public grid', async () => {
    const json = await noteJsonLd(noteOf(need()));
    const exact = {
      ...json,
      location: { type: 'Place', name: 'Mandaue City', latitude: EXACT.lat, longitude: EXACT.lng },
    };
    const back = await noteFromJsonLd(exact);
    if (back.type !== 'listing') throw new Error(back.type);
    expect(back.listing.place).toEqual({ address: 'Mandaue City', coordinates: APPROX, approximate: true });
  });
});

describe('incoming HTML', () => {
  const LINK = 'rel="nofollow noopener ugc"';
  test.each([
    ['a script', '<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['a style', '<style>p{display:none}</style><p>hi</p>', '<p>hi</p>'],
    ['an event handler', '<p onclick="alert(1)" style="color:red">hi</p>', '<p>hi</p>'],
    ['an image', '<p>hi <img src="https://x.example/a.png" onerror="alert(1)"></p>', '<p>hi </p>'],
    ['an iframe', '<iframe src="https://x.example"><p>inside</p></iframe><p>hi</p>', '<p>hi</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', '<p>click</p>'],
    ['an entity-hidden javascript: link', '<a href="jav&#x09;ascript:alert(1)">click</a>', '<p>click</p>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<p>x</p>'],
    ['a relative link', '<a href="/admin">x</a>', '<p>x</p>'],
    [
      'a link with its own rel and target',
      '<a href="https://ok.example/a?b=1&amp;c=2" rel="me" target="_blank" class="x">ok</a>',
      `<p><a href="https://ok.example/a?b=1&amp;c=2" ${LINK}>ok</a></p>`,
    ],
    // As a browser parses it: the second link closes the first.
    [
      'a link in a link',
      '<a href="https://a.example/">a<a href="javascript:x">b</a>c</a>',
      `<p><a href="https://a.example/" ${LINK}>a</a>bc</p>`,
    ],
    [
      'escaped markup in text',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ],
    ['an unclosed tag', '<p>hi <b>there', '<p>hi there</p>'],
    [
      'a heading and a list',
      '<h1>Title</h1><ul><li>one</li><li>two</li></ul>',
      '<p>Title</p><p>one</p><p>two</p>',
    ],
    ['an svg with a script', '<svg><script>alert(1)</script><text>t</text></svg><p>ok</p>', '<p>ok</p>'],
    ['a form', '<form action="https://x.example"><button>Go</button></form><p>ok</p>', '<p>ok</p>'],
    ['a comment', '<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['text outside any paragraph', 'plain<br>lines', '<p>plain<br>lines</p>'],
  ])('%s is neutralised', (_name, input, html) => {
    expect(sanitiseHtml(input, 5000).html).toBe(html);
  });

  test('past the byte budget the rest is not read', () => {
    const out = sanitiseHtml(
      `<p>${'a'.repeat(INCOMING_HTML_MAX)}<script>alert(1)</script>tail</p>`,
      1_000_000,
    );
    expect(out.text).not.toContain('tail');
    expect(out.html).not.toContain('script');
  });
});

describe('fedify parses our own output', () => {
  test('the Note reads back as a Fedify Note with its id, author and place', async () => {
    const json = await noteJsonLd(noteOf(need()));
    const parsed = await APObject.fromJsonLd(json, { contextLoader: offlineContextLoader });
    expect(parsed).toBeInstanceOf(Note);
    expect(parsed.id?.href).toBe(`${PUBLIC_URL}/ap/posts/${POST_ID}`);
    expect((parsed as Note).attributionId?.href).toBe(`${PUBLIC_URL}/ap/users/maria_cebu`);
  });
});
