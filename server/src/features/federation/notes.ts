import {
  Create,
  Delete,
  Hashtag,
  Image,
  Note,
  PUBLIC_COLLECTION,
  Place,
  Source,
  Tombstone,
  Update,
} from '@fedify/fedify/vocab';
import { preloadedContexts, type DocumentLoader } from '@fedify/fedify/runtime';
import {
  MUSTER_NS,
  MUSTER_PREFIX,
  federatedKinds,
  type FederatedKind,
  type MusterExtension,
} from '@muster/contract/federation';
import { approximateCoordinates } from '@muster/contract/geo';
import { extractHashtags } from '@muster/contract/hashtags';
import type { Post } from '@muster/contract/posts';

/*
 * Muster's public posts as ActivityPub objects (issue 38 "What goes out", decision 084): a Note a
 * Mastodon user reads as an ordinary status (a bold kind-and-title line, the text, the approximate
 * place, hashtags, a link back), and Muster's own fields in a JSON-LD extension another Muster reads
 * back (notes-in.ts). Pure: no database, no network; the federation wiring decides when to send.
 */

/** Who may read a post: only 'public' ever becomes a Note (issue 38 "Safety"). */
export type PostAudience = 'public' | 'connections' | 'members';

/**
 * A post as the server presents it to a stranger, plus who may read it. The caller names the
 * audience from what it knows (a limited author: connections; an update of a members-only mission:
 * members); the place must be the public, approximate one.
 */
export type NoteSource = Pick<
  Post,
  | '_id'
  | 'kind'
  | 'title'
  | 'content'
  | 'category'
  | 'status'
  | 'expiresAt'
  | 'image'
  | 'mapLocation'
  | 'mission'
  | 'emergencyEmoji'
  | 'hashtags'
  | 'createdAt'
  | 'updatedAt'
> & { author: Pick<Post['author'], 'username'>; audience: PostAudience };

/** Why a post does not become a Note; the caller logs it and sends nothing. */
export type NoteRefusal = 'not-public' | 'kind-not-federated' | 'exact-place';

export type NoteResult =
  { ok: true; note: Note; extension: MusterExtension } | { ok: false; reason: NoteRefusal };

/**
 * Node 26's built-in Temporal, which Fedify's dates are; TypeScript 5.9 ships no types for it yet
 * (Fedify's typings name a lib it lacks), so the one call used here is typed by hand.
 */
export type Instant = { readonly epochMilliseconds: number; toString(): string };
export const instant = (iso: string): Instant =>
  (globalThis as unknown as { Temporal: { Instant: { from(text: string): Instant } } }).Temporal.Instant.from(
    iso,
  );

/** The ids and pages of this instance, from its public URL (config.publicUrl, no trailing slash). */
export function federationUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  return {
    actor: (username: string) => new URL(`${base}/ap/users/${encodeURIComponent(username)}`),
    followers: (username: string) => new URL(`${base}/ap/users/${encodeURIComponent(username)}/followers`),
    note: (postId: string) => new URL(`${base}/ap/posts/${postId}`),
    // The app's hash routes (web/src/lib/paths.ts): what a person opens from a Mastodon status.
    postPage: (postId: string) => new URL(`${base}/#/post/${postId}`),
    hashtagPage: (tag: string) => new URL(`${base}/#/hashtag/${encodeURIComponent(tag)}`),
    // A stored picture is `/media/<name>` under the instance (which may itself live under a path).
    media: (path: string) => new URL(path.startsWith('/') ? `${base}${path}` : path),
  };
}

const KIND_LABEL: Record<FederatedKind, string> = {
  need: 'Need',
  want: 'Want',
  provision: 'Offer',
  mission_update: 'Mission update',
};

const LINK_BACK: Record<FederatedKind, string> = {
  need: 'Offer help on Muster',
  want: 'Offer help on Muster',
  provision: 'Ask for it on Muster',
  mission_update: 'Follow the mission on Muster',
};

const STATUS_LINE = { fulfilled: '✅ Fulfilled', expired: '⌛ Expired' } as const;

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Text made safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A category as a hashtag name: its letters and digits, lower case ("Medical supplies" → "medicalsupplies"). */
export function categoryHashtag(category: string | null): string | null {
  const tag = (category ?? '').toLowerCase().replace(/[^\p{L}\p{N}_]/gu, '');
  return tag.length >= 2 ? tag.slice(0, 50) : null;
}

function isFederatedKind(kind: string): kind is FederatedKind {
  return (federatedKinds as readonly string[]).includes(kind);
}

/** The post's title as its bold first line says it (a mission update without one is named after its mission). */
function titleOf(post: NoteSource): string {
  if (post.title.trim() !== '') return post.title.trim();
  return post.kind === 'mission_update' && post.mission ? post.mission.title : '';
}

/** Plain text as paragraphs: a blank line parts them, a single line break stays one; `line` makes each line's HTML. */
function paragraphs(text: string, line: (text: string) => string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split(/\r?\n/).map(line).join('<br>')}</p>`);
}

function hashtagLink(urls: ReturnType<typeof federationUrls>, tag: string, shown: string): string {
  // Mastodon's own markup for a hashtag, so its web and apps style it (and link it) as one.
  return `<a href="${escapeHtml(urls.hashtagPage(tag).href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(shown)}</span></a>`;
}

/**
 * The status a Mastodon user reads: safe HTML built from the post's plain text, never its HTML.
 * A hashtag in the text is linked where it stands, as Mastodon links its own; those the text does
 * not name (the category's) follow on a line of their own.
 */
function contentHtml(post: NoteSource & { kind: FederatedKind }, tags: string[], publicUrl: string): string {
  const urls = federationUrls(publicUrl);
  const emergency = post.emergencyEmoji ? `${post.emergencyEmoji} ` : '';
  const title = titleOf(post);
  const head = `${KIND_LABEL[post.kind]}${title ? `: ${title}` : ''}`;
  const inText = new Set(extractHashtags(post.content));
  // The same rule as extractHashtags, run over escaped text: '&' before '#' is an entity (&#39;), not a tag.
  const linkTags = (line: string) =>
    escapeHtml(line).replace(
      /(^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]{2,50})/gu,
      (whole, before: string, tag: string) =>
        inText.has(tag.toLowerCase()) ? `${before}${hashtagLink(urls, tag.toLowerCase(), tag)}` : whole,
    );
  const parts = [
    `<p><strong>${escapeHtml(emergency + head)}</strong></p>`,
    ...paragraphs(post.content, linkTags),
  ];
  if (post.status === 'fulfilled' || post.status === 'expired')
    parts.push(`<p>${STATUS_LINE[post.status]}</p>`);
  if (post.mapLocation) parts.push(`<p>📍 ${escapeHtml(post.mapLocation.address)} (approximate)</p>`);
  const rest = tags.filter((t) => !inText.has(t));
  if (rest.length > 0) parts.push(`<p>${rest.map((t) => hashtagLink(urls, t, t)).join(' ')}</p>`);
  const page = escapeHtml(urls.postPage(post._id).href);
  parts.push(
    `<p>${LINK_BACK[post.kind]}: <a href="${page}" rel="nofollow noopener noreferrer">${page}</a></p>`,
  );
  return parts.join('');
}

/**
 * A public need, want, provision or mission update as a Note. Anything another audience may read
 * (connections only, a members-only mission's update), any other kind, and any place not marked
 * approximate is refused: the exact place and non-public words never reach a Note.
 */
export function postToNote(post: NoteSource, publicUrl: string): NoteResult {
  if (post.audience !== 'public') return { ok: false, reason: 'not-public' };
  if (!isFederatedKind(post.kind)) return { ok: false, reason: 'kind-not-federated' };
  if (post.mapLocation && post.mapLocation.approximate !== true) return { ok: false, reason: 'exact-place' };
  const source = { ...post, kind: post.kind };
  const urls = federationUrls(publicUrl);
  const category = categoryHashtag(post.category);
  const tags = [...new Set([...(category ? [category] : []), ...post.hashtags])];
  // Snapped again though the public place already is: a point off the grid must not slip out.
  const point = post.mapLocation?.coordinates
    ? approximateCoordinates(post.mapLocation.coordinates)
    : undefined;
  const ext = post.image?.split(/[?#]/)[0]?.split('.').pop()?.toLowerCase() ?? '';
  // Only a picture we can name the type of and give an absolute URL for goes out.
  const imageType = post.image && /^(\/|https?:\/\/)/.test(post.image) ? IMAGE_TYPES[ext] : undefined;
  const note = new Note({
    id: urls.note(post._id),
    url: urls.postPage(post._id),
    attribution: urls.actor(post.author.username),
    to: PUBLIC_COLLECTION,
    cc: urls.followers(post.author.username),
    published: instant(post.createdAt),
    // Mastodon shows "edited" whenever `updated` is set: only a post changed after it was made has one.
    updated: post.updatedAt !== post.createdAt ? instant(post.updatedAt) : null,
    content: contentHtml(source, tags, publicUrl),
    // The words as written (FEP-c16b's `source`): what another Muster shows instead of our HTML.
    source: new Source({ content: post.content, mediaType: 'text/plain' }),
    sensitive: false,
    tags: tags.map((t) => new Hashtag({ name: `#${t}`, href: urls.hashtagPage(t) })),
    location: post.mapLocation
      ? new Place({
          name: `${post.mapLocation.address} (approximate)`,
          ...(point ? { longitude: point[0], latitude: point[1] } : {}),
        })
      : null,
    attachments:
      post.image && imageType ? [new Image({ url: urls.media(post.image), mediaType: imageType })] : [],
  });
  const extension: MusterExtension = {
    kind: source.kind,
    title: titleOf(post),
    category: post.category,
    status: post.status,
    expiresAt: post.expiresAt,
    emergency: post.emergencyEmoji !== null,
  };
  return { ok: true, note: withMusterExtension(note, extension), extension };
}

/*
 * Muster's fields ride on the Note itself. Fedify's classes keep no unknown terms and rebuild their
 * JSON-LD from their own properties whenever it is asked for in a format (sendActivity asks for
 * "compact"; a Create embeds its object expanded), so JSON edited after the fact would be lost on
 * delivery. Instead the Note's own toJsonLd adds the terms in every format: expanded (full IRIs,
 * which a Create compacts to full-IRI keys), and compacted (`muster:` terms and the prefix in the
 * context) when served alone. A clone (an Update's new `updated`, a signed copy) keeps them.
 */
const EXTENSIONS = new WeakMap<Note, MusterExtension>();

type JsonObject = Record<string, unknown>;

function expandedTerms(extension: MusterExtension): JsonObject {
  return Object.fromEntries(
    Object.entries(extension)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [`${MUSTER_NS}${k}`, [{ '@value': v }]]),
  );
}

function compactTerms(extension: MusterExtension): JsonObject {
  return Object.fromEntries(Object.entries(extension).map(([k, v]) => [`${MUSTER_PREFIX}:${k}`, v]));
}

class MusterExtendedNote extends Note {
  override async toJsonLd(options?: Parameters<Note['toJsonLd']>[0]): Promise<unknown> {
    const json = await super.toJsonLd(options);
    const extension = EXTENSIONS.get(this);
    if (!extension) return json;
    if (options?.format === 'expand') {
      const [node, ...rest] = json as JsonObject[];
      return [{ ...node, ...expandedTerms(extension) }, ...rest];
    }
    const compact = { ...(json as JsonObject), ...compactTerms(extension) };
    const context = compact['@context'];
    if (context === undefined) return compact;
    const list: unknown[] = Array.isArray(context) ? [...context] : [context];
    return { ...compact, '@context': [...list, { [MUSTER_PREFIX]: MUSTER_NS }] };
  }

  override clone(...args: Parameters<Note['clone']>): Note {
    const copy = super.clone(...args);
    const extension = EXTENSIONS.get(this);
    return extension ? withMusterExtension(copy, extension) : copy;
  }
}

/** The Note, made to carry Muster's fields into every JSON-LD Fedify makes of it. */
export function withMusterExtension(note: Note, extension: MusterExtension): Note {
  Object.setPrototypeOf(note, MusterExtendedNote.prototype);
  EXTENSIONS.set(note, extension);
  return note;
}

/*
 * Activity ids: `<note id>#create`, and for an Update `<note id>#update-<epoch ms of updated>`
 * (each edit its own id, the same edit always the same one, so a retried job sends the same
 * activity and a receiver can drop the repeat), `<note id>#delete` for the one Delete.
 */

/** A Create for a new post: to and cc as its Note's, so the activity reaches who the Note does. */
export function createActivity(note: Note): Create {
  return new Create({
    id: new URL(`${note.id!.href}#create`),
    actor: note.attributionId,
    object: note,
    tos: [...note.toIds],
    ccs: [...note.ccIds],
    published: note.published,
  });
}

/**
 * An Update for an edit, a fulfilment or an expiry: the Note as it is now, given `updated` = `at`
 * (the post's updatedAt; Mastodon applies an edit only when `updated` is there).
 */
export function updateActivity(note: Note, at: string): Update {
  const updated = instant(at);
  return new Update({
    id: new URL(`${note.id!.href}#update-${updated.epochMilliseconds}`),
    actor: note.attributionId,
    object: note.clone({ updated }),
    tos: [...note.toIds],
    ccs: [...note.ccIds],
    published: updated,
  });
}

/** A Delete of a post (deleted, or its author suspended): a Tombstone in its place, as Mastodon sends. */
export function deleteActivity(
  post: { _id: string; author: { username: string } },
  publicUrl: string,
  at: string,
): Delete {
  const urls = federationUrls(publicUrl);
  return new Delete({
    id: new URL(`${urls.note(post._id).href}#delete`),
    actor: urls.actor(post.author.username),
    object: new Tombstone({ id: urls.note(post._id), deleted: instant(at) }),
    to: PUBLIC_COLLECTION,
    cc: urls.followers(post.author.username),
  });
}

/**
 * Contexts from Fedify's preloaded set only: our own objects name nothing else, and a remote one
 * naming an unknown context URL is refused rather than fetched (notes-in.ts).
 */
export const offlineContextLoader: DocumentLoader = (url: string) => {
  const document = preloadedContexts[url];
  if (document === undefined) return Promise.reject(new Error(`Unknown JSON-LD context ${url}`));
  return Promise.resolve({ contextUrl: null, documentUrl: url, document });
};

/** A Note's JSON-LD as it is served at its id (Fedify's object dispatcher asks for the same). */
export async function noteJsonLd(note: Note): Promise<JsonObject> {
  return (await note.toJsonLd({ contextLoader: offlineContextLoader })) as JsonObject;
}

/** An activity's JSON-LD as sendActivity() delivers it: compacted by Fedify, the Note's extension in full IRIs. */
export async function activityJsonLd(activity: Create | Update | Delete): Promise<JsonObject> {
  return (await activity.toJsonLd({ format: 'compact', contextLoader: offlineContextLoader })) as JsonObject;
}
