import { Hashtag, Note, Object as APObject, Place } from '@fedify/fedify/vocab';
import { Parser } from 'htmlparser2';
import {
  MUSTER_NS,
  musterExtensionSchema,
  remoteListingSchema,
  remoteReplySchema,
  type MusterExtension,
  type RemoteListing,
  type RemoteReply,
} from '@muster/contract/federation';
import { approximateCoordinates } from '@muster/contract/geo';
import { CATEGORY_MAX, COMMENT_MAX, POST_CONTENT_MAX, POST_TITLE_MAX } from '@muster/contract/posts';
import { escapeHtml, offlineContextLoader } from './notes.js';

/*
 * A Note from another server as something Muster can show (issue 38 "What comes in", decision
 * 084): another Muster's need (it carries the extension notes.ts writes) as a remote listing, a
 * plain fediverse status that answers something as a remote reply. Everything in it is untrusted:
 * the HTML is rebuilt from an allow-list, every text capped at the spec's limits, ids checked.
 * Pure: the wiring verifies the signature and passes the object's JSON-LD as it arrived.
 */

/** Untrusted HTML past this many characters is not parsed at all (STYLE.md 16: a byte budget on every parse). */
export const INCOMING_HTML_MAX = 64 * 1024;

/** Elements whose whole content goes, text included; any other element not allowed keeps only its text. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'video',
  'audio',
  'canvas',
  'form',
  'button',
]);
/** Elements that part paragraphs: their text becomes a paragraph of its own. */
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'section',
  'article',
]);

export type SanitisedHtml = { html: string; text: string };

/** An http(s) link as written in a remote status, or undefined for anything else (javascript:, data:, relative). */
function httpLink(href: string | undefined): string | undefined {
  if (!href || !URL.canParse(href)) return undefined;
  const url = new URL(href);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/**
 * Remote HTML rebuilt from what it says: paragraphs, line breaks and http(s) links (rel
 * "nofollow noopener ugc") and their text, nothing else — no attribute but href survives, no
 * script's or style's text, no image. The visible text is cut at `maxChars`; the same words come
 * back plain (paragraphs parted by a blank line) for search and for Muster's plain-text fields.
 */
export function sanitiseHtml(input: string, maxChars: number): SanitisedHtml {
  const html: string[] = [];
  const text: string[] = [];
  let used = 0;
  let dropDepth = 0;
  let inParagraph = false;
  let linkOpen = false;
  let linkDepth = 0;
  const openParagraph = () => {
    if (inParagraph) return;
    if (text.length > 0) text.push('\n\n');
    html.push('<p>');
    inParagraph = true;
  };
  const closeParagraph = () => {
    if (!inParagraph) return;
    if (linkOpen) {
      html.push('</a>');
      linkOpen = false;
    }
    html.push('</p>');
    inParagraph = false;
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (dropDepth > 0 || DROPPED.has(name)) {
          if (DROPPED.has(name)) dropDepth += 1;
          return;
        }
        if (BLOCKS.has(name)) closeParagraph();
        else if (name === 'br' && used < maxChars) {
          openParagraph();
          html.push('<br>');
          text.push('\n');
        } else if (name === 'a') {
          linkDepth += 1;
          const href = httpLink(attribs.href);
          // One link at a time: a link inside a link keeps its text under the outer one.
          if (href && !linkOpen && used < maxChars) {
            openParagraph();
            html.push(`<a href="${escapeHtml(href)}" rel="nofollow noopener ugc">`);
            linkOpen = true;
          }
        }
      },
      ontext(data) {
        if (dropDepth > 0 || used >= maxChars) return;
        const words = inParagraph ? data : data.replace(/^\s+/, '');
        if (words === '') return;
        const kept = [...words].slice(0, maxChars - used).join('');
        used += [...kept].length;
        openParagraph();
        html.push(escapeHtml(kept));
        text.push(kept);
      },
      onclosetag(name) {
        if (DROPPED.has(name)) {
          dropDepth = Math.max(0, dropDepth - 1);
          return;
        }
        if (dropDepth > 0) return;
        if (BLOCKS.has(name)) closeParagraph();
        else if (name === 'a') {
          linkDepth = Math.max(0, linkDepth - 1);
          if (linkDepth === 0 && linkOpen) {
            html.push('</a>');
            linkOpen = false;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(input.slice(0, INCOMING_HTML_MAX));
  parser.end();
  closeParagraph();
  return {
    html: html.join('').replace(/<p>\s*<\/p>/g, ''),
    text: text
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .trim(),
  };
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what these remove
const CONTROL = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what these remove
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** A remote plain text field: control characters out, spaces folded, cut at `max`. */
export function plainField(value: string, max: number): string {
  const folded = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return [...folded].slice(0, max).join('').trim();
}

/** A plain text with its paragraphs kept (a remote Muster's `source`), control characters out, cut at `max`. */
function plainText(value: string, max: number): string {
  const cleaned = value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, '');
  return [...cleaned.trim()].slice(0, max).join('').trim();
}

export type InboundRefusal =
  | 'not-an-object'
  | 'not-a-note'
  | 'bad-id'
  | 'no-author'
  | 'host-mismatch'
  | 'bad-place'
  | 'bad-extension'
  | 'not-a-reply'
  | 'no-date'
  | 'empty';

export type InboundNote =
  | { type: 'listing'; listing: RemoteListing }
  | { type: 'reply'; reply: RemoteReply }
  | { type: 'refused'; reason: InboundRefusal };

type JsonObject = Record<string, unknown>;

/**
 * The extension's terms in a compacted object, whichever prefix its context binds to MUSTER_NS
 * (or none: full IRIs), or undefined when it carries none.
 */
export function readExtension(json: JsonObject): unknown {
  const contexts = Array.isArray(json['@context']) ? json['@context'] : [json['@context']];
  const prefixes = contexts.flatMap((c) =>
    c !== null && typeof c === 'object'
      ? Object.entries(c as JsonObject)
          .filter(([, v]) => v === MUSTER_NS)
          .map(([k]) => `${k}:`)
      : [],
  );
  const read: JsonObject = {};
  for (const [key, value] of Object.entries(json)) {
    const prefix = [MUSTER_NS, ...prefixes].find((p) => key.startsWith(p));
    if (prefix) read[key.slice(prefix.length)] = value;
  }
  return Object.keys(read).length > 0 ? read : undefined;
}

const ISO = (at: { toString(): string } | null) => (at ? at.toString() : null);

/** An id we accept: http(s) only. */
function httpUrl(url: URL | null): URL | undefined {
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

function placeOf(location: unknown): RemoteListing['place'] | 'bad' {
  if (!(location instanceof Place)) return null;
  const { latitude, longitude } = location;
  const address = plainField(location.name?.toString() ?? '', 200).replace(/\s*\(approximate\)$/, '');
  if (latitude === null && longitude === null)
    return address ? { address, coordinates: null, approximate: true } : null;
  if (
    latitude === null ||
    longitude === null ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return 'bad';
  }
  // Snapped to the public grid here too: a server that sent an exact point is not believed.
  return { address, coordinates: approximateCoordinates([longitude, latitude]), approximate: true };
}

/**
 * The Note in what arrived: a Create's or an Update's embedded object under the activity's
 * context (with its actor, which must be of the Note's server too), or the object itself.
 */
function unwrap(json: JsonObject): { object: JsonObject; actor?: string } | undefined {
  if (json.type !== 'Create' && json.type !== 'Update') return { object: json };
  const object = json.object;
  // An object given only by its id is fetched by the wiring (from its own server) and passed here.
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return undefined;
  return {
    object: { '@context': json['@context'], ...(object as JsonObject) },
    actor: typeof json.actor === 'string' ? json.actor : undefined,
  };
}

/**
 * A remote object's JSON-LD (or a Create or Update carrying it) as Muster may keep it. Refused:
 * anything but a Note; an id or author that is not http(s); a Note whose id's host is not its
 * author's (one server speaking for another), nor the activity's actor's, nor that of the actor
 * that delivered it (`sender`, the signature's actor, when given); a place off the globe; an
 * extension that does not parse. Another Muster's Note becomes a listing; any other Note only as
 * a reply to something.
 */
export async function noteFromJsonLd(input: unknown, options: { sender?: URL } = {}): Promise<InboundNote> {
  const refuse = (reason: InboundRefusal): InboundNote => ({ type: 'refused', reason });
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return refuse('not-an-object');
  const unwrapped = unwrap(input as JsonObject);
  if (!unwrapped) return refuse('not-an-object');
  const json = unwrapped.object;
  let object: APObject;
  try {
    object = await APObject.fromJsonLd(json, {
      contextLoader: offlineContextLoader,
      documentLoader: offlineContextLoader,
    });
  } catch {
    return refuse('not-an-object');
  }
  if (!(object instanceof Note)) return refuse('not-a-note');
  const id = httpUrl(object.id);
  if (!id) return refuse('bad-id');
  const author = httpUrl(object.attributionId);
  if (!author) return refuse('no-author');
  if (author.host !== id.host) return refuse('host-mismatch');
  if (options.sender && options.sender.host !== id.host) return refuse('host-mismatch');
  if (
    unwrapped.actor !== undefined &&
    (!URL.canParse(unwrapped.actor) || new URL(unwrapped.actor).host !== id.host)
  ) {
    return refuse('host-mismatch');
  }
  const published = ISO(object.published) ?? ISO(object.updated);
  if (!published) return refuse('no-date');
  // A page elsewhere than the object's own server is not trusted as its page (a link to phish with).
  const page = object.url instanceof URL ? httpUrl(object.url) : undefined;
  const url = page && page.host === id.host ? page : undefined;

  const extension = readExtension(json);
  if (extension !== undefined) {
    // A null term is left out of the JSON-LD (notes.ts writes no null, and a Create embeds its Note
    // expanded), so a provision (no status), a mission update, or a listing without a category or
    // an end arrives without it: null.
    const parsed = musterExtensionSchema.safeParse({
      category: null,
      status: null,
      expiresAt: null,
      ...(extension as object),
    });
    if (!parsed.success) return refuse('bad-extension');
    return listingOf(object, parsed.data, { id, author, url, published });
  }

  const inReplyTo = httpUrl(object.replyTargetId);
  if (!inReplyTo) return refuse('not-a-reply');
  const { html, text } = sanitiseHtml(object.content?.toString() ?? '', COMMENT_MAX);
  const reply = remoteReplySchema.safeParse({
    objectId: id.href,
    inReplyTo: inReplyTo.href,
    authorUri: author.href,
    server: id.host,
    text,
    html,
    url: url?.href ?? null,
    published,
  });
  return reply.success ? { type: 'reply', reply: reply.data } : refuse('empty');
}

async function listingOf(
  note: Note,
  ext: MusterExtension,
  at: { id: URL; author: URL; url: URL | undefined; published: string },
): Promise<InboundNote> {
  const loaders = { documentLoader: offlineContextLoader, contextLoader: offlineContextLoader };
  // Only what the Note embeds is read: a place or a tag given as a link would be fetched, and is not.
  const location = await note.getLocation(loaders).catch(() => null);
  const place = placeOf(location);
  if (place === 'bad') return { type: 'refused', reason: 'bad-place' };
  const source = note.source;
  // The words as written when the Note carries them (a Muster does), else the status's text.
  const text =
    source?.mediaType === 'text/plain' && source.content
      ? plainText(source.content.toString(), POST_CONTENT_MAX)
      : sanitiseHtml(note.content?.toString() ?? '', POST_CONTENT_MAX).text;
  const hashtags: string[] = [];
  try {
    for await (const tag of note.getTags(loaders)) {
      const name = tag instanceof Hashtag ? tag.name?.toString() : undefined;
      const match = name ? /^#?([\p{L}\p{N}_]{2,50})$/u.exec(name) : null;
      if (match && hashtags.length < 20) hashtags.push(match[1]!.toLowerCase());
    }
  } catch {
    // A tag given only as a link: the embedded ones read so far are kept.
  }
  const listing = remoteListingSchema.safeParse({
    objectId: at.id.href,
    url: (at.url ?? at.id).href,
    authorUri: at.author.href,
    server: at.id.host,
    kind: ext.kind,
    title: plainField(ext.title, POST_TITLE_MAX),
    text,
    category: ext.category === null ? null : plainField(ext.category, CATEGORY_MAX) || null,
    status: ext.status,
    emergency: ext.emergency,
    hashtags: [...new Set(hashtags)],
    place,
    expiresAt: ext.expiresAt,
    published: at.published,
    updated: ISO(note.updated),
  });
  return listing.success
    ? { type: 'listing', listing: listing.data }
    : { type: 'refused', reason: 'bad-extension' };
}
