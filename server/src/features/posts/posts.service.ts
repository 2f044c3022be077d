import { extractHashtags } from '@muster/contract/hashtags';
import { extractMentions } from '@muster/contract/mentions';
import { asksForMoney, MONEY_REVIEW_REASON } from '@muster/contract/moderation-watch';
import {
  type CreatePostInput,
  type createHuntSchema,
  firstLink,
  needExpiryAfter,
  needsAndProvisionKinds,
  type updatePostSchema,
} from '@muster/contract/posts';
import type { z } from 'zod';
import { requireViewer, sessionEnded, type Viewer } from '../../platform/auth/session.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, isGoneUnderUs, notFound } from '../../platform/errors.js';
import { afterCommit, inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import { isNewAccount } from '../../platform/new-account.js';
import { type MediaStore, savingMedia } from '../../platform/media/media.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import { placeColumns } from '../../platform/places.js';
import { type JsonText, pageText } from '../../platform/json-text.js';
import { type Cursor, decodeCursor, encodeCursor, pageOf } from '../../platform/paging.js';
import {
  addLike,
  addSave,
  deletePost,
  findPost,
  findPostForChange,
  insertPost,
  listNetworkHead,
  listNewestPosts,
  listSharedPosts,
  type PostKey,
  listPosts,
  listPostsSeenBy,
  liveOfferersAmong,
  missionStanding,
  type PostRow,
  type SeenPostRow,
  removeLike,
  removeSave,
  setLinkPreview,
  publishHeldPost,
  setPostHidden,
  updatePost,
  findAuthorFor,
  type ViewerMarks,
  viewerMarks,
} from './posts.queries.js';
import { presentPost, withExactPlace } from './posts.present.js';

const IMAGE_MAX_PX = 1600;
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The newest page of a global list of the feed (`kind=hunt`: the /hunt page) as everybody sees it,
 * shared by all viewers for two seconds (decision 009; the home feed is each viewer's own since
 * decision 016); each viewer's likes, saves and hidden authors (blocked either
 * way, muted) are added in one small query. A change made through this process empties it at
 * once, so people see their own posts, edits and likes straight away; other processes catch up
 * within the two seconds.
 */
const newestPageCache = microCachePerApp<Promise<PostRow[]>>({ ttlMs: 2_000, max: 50 });
/**
 * Posts as everybody sees them, by id, kept five seconds (decision 009's bargain, per post, as
 * long as a session is): the posts of popular people, tags and missions are on many homes at once.
 * At two seconds, reading them again was a third of a first page's database time (decision 030).
 * Emptied with the newest page whenever a post changes through this process.
 */
const postTextCache = microCachePerApp<PostRow>({ ttlMs: 5_000, max: 5_000 });

/**
 * Who offered on a post (offeredByFor's text), for its author's pages, by post id, kept as the texts
 * are: reading it for every page of an author's feed was most of its database time (decision 031).
 * Dropped with the post's text when an offer on it is made or answered through this process.
 */
const offeredByCache = microCachePerApp<JsonText>({ ttlMs: 5_000, max: 5_000 });

/** Empties this process's shared post caches after a change (the needs' lifecycle job uses it too). */
export const postsChanged = (deps: Deps) => {
  newestPageCache(deps).clear();
  postTextCache(deps).clear();
};
/**
 * Posts the shared newest page holds beyond a page, so that a viewer who hides some of the newest
 * authors still gets a full page, and the row that says another page exists, from it (issue 11).
 */
const HIDDEN_SPARE = 10;
const NO_ONE = '[]' as JsonText;

/**
 * The first page of the home feed (page plus one row) from the shared rows, or undefined when this
 * viewer hides so many of the newest authors that the shared rows cannot fill it: the page is then
 * read for this viewer alone, with the hidden left out before the limit.
 */
async function newestPage(
  deps: Deps,
  viewerId: string,
  options: { limit: number; kind?: string },
): Promise<SeenPostRow[] | undefined> {
  const key = `${options.kind ?? ''}|${options.limit}`;
  const shared = options.limit + HIDDEN_SPARE;
  // The promise is kept, so a burst of requests makes one query.
  const rows = await newestPageCache(deps).remember(key, () =>
    listNewestPosts(deps.db, { ...options, limit: shared }),
  );
  if (!rows.length) return [];
  const marks = await marksFor(deps, viewerId, rows);
  const hidden = new Set(marks.hidden);
  const visible = rows.filter((r) => !hidden.has(r.authorId));
  // More posts exist beyond the shared rows, and too few of these are the viewer's to see.
  if (rows.length > shared && visible.length <= options.limit) return undefined;
  return seenWith(visible.slice(0, options.limit + 1), marks);
}

/**
 * What the viewer has to do with shared rows (viewerMarks), its part for places only when the rows
 * have one, and its part for who offered on the viewer's own posts only for those not kept.
 */
async function marksFor(deps: Deps, viewerId: string, rows: PostRow[]): Promise<ViewerMarks> {
  const kept = offeredByCache(deps);
  const own = rows.filter((r) => r.authorId === viewerId).map((r) => r.id);
  const missing = own.filter((id) => kept.get(id) === undefined);
  const marks = await viewerMarks(deps.db, viewerId, {
    postIds: rows.map((r) => r.id),
    authorIds: [...new Set(rows.map((r) => r.authorId))],
    placed: rows.some((r) => r.placed),
    own: missing.length > 0,
  });
  for (const id of missing) kept.set(id, marks.offeredBy.get(id) ?? NO_ONE);
  return { ...marks, offeredBy: new Map(own.map((id) => [id, kept.get(id) ?? NO_ONE])) };
}

/** Shared rows as the viewer sees them: their likes and saves, the exact places theirs to see, who offered on their own. */
function seenWith(rows: PostRow[], marks: ViewerMarks): SeenPostRow[] {
  const [liked, saved] = [new Set(marks.liked), new Set(marks.saved)];
  return rows.map((r) =>
    seen(r, placeFor(r, marks.exact), liked.has(r.id), saved.has(r.id), marks.offeredBy.get(r.id) ?? NO_ONE),
  );
}

/**
 * A shared row as one viewer sees it (who offered: their own posts only). Written out rather than
 * spread (`{ ...row, … }`): spreading the rows the driver made cost ~1 µs each (24 µs a page
 * measured alone, more under load; decision 028).
 */
const seen = (
  r: PostRow,
  post: JsonText,
  likedByMe: boolean,
  savedByMe: boolean,
  offeredBy: JsonText,
): SeenPostRow => ({
  id: r.id,
  authorId: r.authorId,
  createdAt: r.createdAt,
  post,
  likedByMe,
  savedByMe,
  offeredBy,
});

/** A shared post's text, with its exact place when viewerMarks found it the viewer's to see. */
const placeFor = (r: PostRow, exact: Record<string, unknown>) =>
  r.placed && exact[r.id] ? withExactPlace(r.post, exact[r.id]) : r.post;

async function visiblePost(deps: Deps, viewerId: string, id: string) {
  const post = await findPost(deps.db, viewerId, id);
  // Missing, and hidden by a block, answer the same.
  if (!post) throw notFound('This post no longer exists');
  return post;
}

/** A post's picture, video and document, stored through `media` (see `savingMedia`). */
async function saveAttachments(
  media: MediaStore,
  input: { image?: string | undefined; video?: string | undefined; file?: string | undefined },
) {
  return {
    image: input.image ? await media.saveImage(input.image, { maxDimension: IMAGE_MAX_PX }) : null,
    video: input.video ? await media.saveVideo(input.video) : null,
    fileUrl: input.file ? await media.saveDocument(input.file) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a post's mission reference makes of it (issue 12). A member's post about an ongoing mission
 * is one of its updates: kind mission_update, `posts.mission_id` set, numbered by the database as
 * it is inserted (0014's posts_mission_number trigger), whatever number the client guessed. Anyone
 * else's merely points at the mission, with its real title; a reference to a mission the author
 * may not see is dropped rather than shown.
 */
async function missionOf(deps: Deps, viewerId: string, ref: CreatePostInput['mission']) {
  if (!ref) return { missionId: null, mission: null };
  const standing = UUID.test(ref.missionId)
    ? await missionStanding(deps.db, viewerId, ref.missionId)
    : undefined;
  if (!standing) return { missionId: null, mission: null };
  if (standing.role && standing.status === 'ongoing') return { missionId: ref.missionId, mission: null };
  return { missionId: null, mission: json({ missionId: ref.missionId, title: standing.title }) };
}

export async function createPost(deps: Deps, viewer: Viewer | null, input: CreatePostInput) {
  const me = requireViewer(viewer);
  const id = newId();
  const isNeed = input.kind === 'need' || input.kind === 'want';
  const { missionId, mission } = await missionOf(deps, me.id, input.mission);
  const text = `${input.title ?? ''} ${input.content}`;
  const held = await heldForReview(deps, me, text);
  const row = await savingMedia(deps.media, async (media) => {
    const { image, video, fileUrl } = await saveAttachments(media, input);
    // The post and the work it sets off (matching; a mission update's notices) commit together,
    // in the (batched) statement's transaction (db/batched.ts).
    const kind = missionId ? 'mission_update' : input.kind;
    const made = await insertPost(
      deps.db,
      me.sessionId,
      {
        id,
        authorId: me.id,
        kind,
        title: input.title ?? '',
        content: input.content,
        category: input.category || null,
        status: isNeed ? 'open' : null,
        // Issue 16: a need or want is open for the period its author picked (lifecycle.service.ts).
        expiresAt: isNeed ? needExpiryAfter(new Date(), input.openForDays) : null,
        image,
        video,
        fileUrl,
        fileName: fileUrl ? (input.fileName ?? 'document').replace(/[\\/]/g, '_') : null,
        review: json(input.review),
        ...placeColumns(input.mapLocation),
        mission,
        missionId,
        emergencyEmoji: input.emergencyEmoji ?? null,
        hashtags: extractHashtags(text),
        // Given only when held, so every other post keeps the batched insert's usual shape.
        ...(held ? { hiddenReason: MONEY_REVIEW_REASON } : {}),
      },
      async (trx, made) => {
        if (!made) return;
        await written(deps, trx, { targetId: id, authorId: me.id, text, held });
        // Members and followers hear of an update (notifications subscribes).
        if (missionId)
          await deps.events.emit(trx, 'mission.updated', { missionId, postId: id, authorId: me.id });
        // Matching scores a need, want or provision once this answer has gone (issue 16).
        await deps.events.emit(trx, 'post.saved', { postId: id, authorId: me.id, kind });
        // The emergency board announces it live (issue 16: an emergency, or a mission update).
        if (input.emergencyEmoji || missionId)
          await deps.events.emit(trx, 'post.on_board', { postId: id, authorId: me.id, missionId });
        await mentioned(deps, trx, me.id, id, `${input.title ?? ''} ${input.content}`);
      },
    );
    // The viewer came from the session cache and the insert found the session ended: nothing
    // written, and the attachments just saved go again (savingMedia).
    if (!made) throw sessionEnded(deps, me);
    return made;
  });
  unfurlLater(deps, id, input.content);
  announcePost(deps, id, me.id, row.audience);
  return published(deps, row);
}

/**
 * A young account's post that asks for money is published hidden until a moderator has looked
 * (issue 35 item 5, decision 072): its author sees it with MONEY_REVIEW_REASON, nobody else does.
 * The text is read first, so only such a post costs the newness query.
 */
async function heldForReview(deps: Deps, me: Viewer, text: string): Promise<boolean> {
  return asksForMoney(text) && (await isNewAccount(deps.db, me));
}

/**
 * Within the post's transaction the moderation feature files it for review when it names a
 * watched word or domain, or was held (decision 072). It never stops the post.
 */
async function written(
  deps: Deps,
  trx: Db,
  post: { targetId: string; authorId: string; text: string; held: boolean },
) {
  await deps.events.emit(trx, 'content.written', { targetType: 'post', ...post });
}

/**
 * The people a post's text names by @username are told (issue 34: the notifications feature
 * checks who may read it), in the post's transaction; on an edit (`before`), only those it did
 * not name before.
 */
async function mentioned(
  deps: Deps,
  trx: Db,
  authorId: string,
  postId: string,
  text: string,
  before?: string,
) {
  const earlier = new Set(before === undefined ? [] : extractMentions(before));
  const usernames = extractMentions(text).filter((u) => !earlier.has(u));
  if (!usernames.length) return;
  await deps.events.emit(trx, 'mention.made', {
    authorId,
    postId,
    commentId: null,
    usernames,
    text,
  });
}

export async function createHunt(deps: Deps, viewer: Viewer | null, input: z.infer<typeof createHuntSchema>) {
  const me = requireViewer(viewer);
  const id = newId();
  const content = input.description ?? '';
  const text = `${input.title} ${content}`;
  const held = await heldForReview(deps, me, text);
  const row = await savingMedia(deps.media, async (media) => {
    const made = await insertPost(
      deps.db,
      me.sessionId,
      {
        id,
        authorId: me.id,
        kind: 'hunt',
        title: input.title,
        content,
        huntType: input.huntType,
        image: input.image ? await media.saveImage(input.image, { maxDimension: IMAGE_MAX_PX }) : null,
        ...placeColumns(input.mapLocation ?? (input.location ? { address: input.location } : undefined)),
        hashtags: extractHashtags(text),
        ...(held ? { hiddenReason: MONEY_REVIEW_REASON } : {}),
      },
      async (trx, made) => {
        if (!made) return;
        await written(deps, trx, { targetId: id, authorId: me.id, text, held });
        await mentioned(deps, trx, me.id, id, text);
      },
    );
    if (!made) throw sessionEnded(deps, me);
    return made;
  });
  unfurlLater(deps, id, content);
  announcePost(deps, id, me.id, row.audience);
  return published(deps, row);
}

export async function getPost(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  const post = await visiblePost(deps, me.id, id);
  return presentPost(post, post);
}

/** Per app (tests run several in one process): the posts whose preview is being fetched here. */
const unfurling = new WeakMap<Deps, Map<string, { relinked: boolean }>>();

/**
 * Previews a post's first link once, after the answer has gone (decision 008): a slow or refusing
 * site never holds up posting, and readers' screens never make us fetch anything. One fetch per
 * post at a time (decision 039): an edit that changes the link while a fetch runs only marks the
 * post, and when the fetch ends the post's link as it is then is fetched, once, however many edits
 * came in between. A preview is stored only on the text it was fetched for, so one that a later
 * edit (here or in another process) made stale is dropped.
 */
function unfurlLater(deps: Deps, postId: string, text: string) {
  if (!firstLink(text)) return;
  let running = unfurling.get(deps);
  if (!running) unfurling.set(deps, (running = new Map()));
  const busy = running.get(postId);
  if (busy) {
    busy.relinked = true;
    return;
  }
  const job = { relinked: false };
  running.set(postId, job);
  const unfurl = async () => {
    try {
      let content = text;
      for (;;) {
        const url = firstLink(content);
        if (!url) return;
        const preview = await deps
          .unfurl(url)
          .catch((err: unknown) => deps.log.debug({ err, url }, 'no preview for this link'));
        // Stored on the text it was fetched for; an edit that kept the link (a typo fixed) keeps it too.
        while (preview && !job.relinked) {
          if (await setLinkPreview(deps.db, postId, JSON.stringify(preview), content)) {
            postsChanged(deps);
            break;
          }
          const now = (await findPostForChange(deps.db, postId))?.content;
          // Gone, or given another link by an edit elsewhere, which fetches that one itself.
          if (now === undefined || firstLink(now) !== url) break;
          content = now;
        }
        if (!job.relinked) return;
        job.relinked = false;
        const now = (await findPostForChange(deps.db, postId))?.content;
        if (now === undefined) return;
        content = now;
      }
    } finally {
      // At once, with no turn in between: a later edit starts a fetch of its own.
      running.delete(postId);
    }
  };
  unfurl().catch((err: unknown) => deps.log.warn({ err, postId }, 'could not store a link preview'));
}

/** A post the viewer has just written, as stored: nobody has liked or saved it yet. */
function published(deps: Deps, row: PostRow) {
  postsChanged(deps);
  networkChangedFor(deps, row.authorId);
  return presentPost(row, { likedByMe: false, savedByMe: false, offeredBy: NO_ONE });
}

/**
 * A new post is pushed to the author's connections (issue 15: their "New posts" pill), and to the
 * author, whose own clients pass over it. Every process drops the network heads it keeps for
 * those told (subscribePosts), so the refetch the pill makes shows the post wherever it is served.
 */
function announcePost(deps: Deps, postId: string, authorId: string, audience: string[]) {
  deps.realtime.publish([authorId, ...audience], { type: 'post.created', data: { _id: postId, authorId } });
}

/** After a change: the caches are emptied and the post is read again, as the viewer now sees it. */
async function fresh(deps: Deps, viewerId: string, id: string) {
  postsChanged(deps);
  const post = await visiblePost(deps, viewerId, id);
  return presentPost(post, post);
}

/**
 * A home feed cursor: where the page ended and in which phase (decision 016) — `n.` and a keyset
 * cursor in my network's posts, `p.` and one in the public tail, `p.` alone at the tail's start. A
 * bare keyset cursor (before the phases) is read as the network's. Opaque to clients all the same.
 */
type FeedCursor = { phase: 'network' | 'public'; at?: Cursor | undefined };

function decodeFeedCursor(cursor: string | undefined): FeedCursor {
  if (!cursor) return { phase: 'network' };
  const [, phase, rest] = /^(?:([np])\.)?(.*)$/s.exec(cursor)!;
  if (phase === 'p') return { phase: 'public', at: rest ? decodeCursor(rest) : undefined };
  return { phase: 'network', at: decodeCursor(rest) };
}

const feedCursor = (phase: 'n' | 'p', row?: { createdAt: string; id: string }) =>
  `${phase}.${row ? encodeCursor(row) : ''}`;

/**
 * How many keys of my network's posts a walk reads at a time: three pages of a scroll and the key
 * that says a fourth follows, as most visits read one or two; a walk's cost grows with it (200
 * keys took twice as long, 030).
 */
const NETWORK_HEAD = 61;
/** How many keys a run further down keeps at most: ten pages, for the refetch of a long scroll. */
const RUN_KEEP = 200;
/**
 * A run of my network's keys, newest first, contiguous from `from` (exclusive; the top when
 * absent) to the last key; `whole`: it reaches the end of my network. Only keys are kept: each
 * page is read fresh (counts, likes, silence).
 */
type KeyRun = { from?: PostKey; keys: PostKey[]; whole: boolean; growing?: Promise<void> };
/**
 * Each viewer's network head (decision 016): the run of the newest keys, kept for thirty seconds,
 * so the first pages, a reload and the 30-second refetch cost one walk of the network (a hundred
 * people, ten tags, five missions: ~1,600 index entries, no table reads: 0023) rather than one a
 * page. A new post drops the heads of its author and of the connections told of it live, in every
 * process (the hub's post.created, subscribePosts), so my own posts and my connections' show at
 * once; one with a tag or of a mission I follow, within the thirty seconds (decision 031: at ten,
 * reading heads anew was most of a first page's database time). Whom or what I follow, block or
 * mute changing through this process drops my head too.
 */
const networkHeadCache = microCachePerApp<Promise<KeyRun>>({ ttlMs: 30_000, max: 5_000 });
/**
 * Each viewer's run further down (decision 030): where a scroll goes on past the head, or once the
 * head it began in was read anew, or from a cursor no head holds (a jump). It grows NETWORK_HEAD
 * keys at a time as the scroll goes. Older posts do not change place, so it lives longer than the
 * head; it keeps the RUN_KEEP keys nearest the end, so memory stays bounded however far one goes.
 */
const networkRunCache = microCachePerApp<KeyRun>({ ttlMs: 120_000, max: 1_000 });
const networkChangedFor = (deps: Deps, viewerId: string) => {
  networkHeadCache(deps).delete(viewerId);
  networkRunCache(deps).delete(viewerId);
};

/**
 * Where the keys strictly after the cursor begin (newest first, as the keyset's row comparison
 * orders them); the keys' length when none is. The keys' times are `toISOString` text, which
 * orders as the instants do, so they are compared as text: parsing a hundred keys' dates cost
 * more than all the rest of a deep page.
 */
function firstAfter(keys: PostKey[], cursor: Cursor): number {
  const at = cursor.createdAt.toISOString();
  const start = keys.findIndex((key) => key.createdAt < at || (key.createdAt === at && key.id < cursor.id));
  return start === -1 ? keys.length : start;
}

/**
 * Posts by id, newest first, as one viewer sees them: the shared text (cached, the rest read in
 * one query), then what the viewer has to do with them (viewerMarks: one small query, so a block
 * made through another process counts at once).
 */
async function seenByIds(deps: Deps, viewerId: string, ids: string[]): Promise<SeenPostRow[]> {
  if (!ids.length) return [];
  const cache = postTextCache(deps);
  const missing = ids.filter((id) => !cache.get(id));
  if (missing.length) for (const row of await listSharedPosts(deps.db, missing)) cache.set(row.id, row);
  const rows = ids.map((id) => cache.get(id)).filter((r): r is PostRow => r !== undefined);
  const marks = await marksFor(deps, viewerId, rows);
  const hidden = new Set(marks.hidden);
  const visible = rows
    .filter((r) => !hidden.has(r.authorId))
    .sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
  return seenWith(visible, marks);
}

/** A page of my network's posts, and where the next one starts (null: my network ends here). */
type NetworkPage = { page: SeenPostRow[]; last: PostKey | null };

/** The key comes before the cursor in the feed: newer (keyset order; ISO text compares as the instants do). */
function newerThan(key: PostKey, cursor: Cursor): boolean {
  const at = cursor.createdAt.toISOString();
  return key.createdAt > at || (key.createdAt === at && key.id > cursor.id);
}

/**
 * Where the page after the cursor starts in the run, or undefined when the run does not hold that
 * place: the cursor is above where the run starts, or past its end and not its last key.
 */
function startIn(run: KeyRun, cursor: Cursor | undefined): number | undefined {
  if (!cursor) return run.from ? undefined : 0;
  if (run.from && run.from.id !== cursor.id && !newerThan(run.from, cursor)) return undefined;
  const start = firstAfter(run.keys, cursor);
  const end = run.keys.at(-1) ?? run.from;
  if (start === run.keys.length && !run.whole && end?.id !== cursor.id) return undefined;
  return start;
}

/** The next `count` keys of my network after the key (from the top without one), as a run. */
async function walkFrom(
  deps: Deps,
  viewerId: string,
  from: PostKey | undefined,
  count: number,
): Promise<KeyRun> {
  const keys = await listNetworkHead(deps.db, viewerId, count, from && keyCursor(from));
  return { ...(from ? { from } : {}), keys, whole: keys.length < count };
}

/**
 * The page after the cursor from the run, growing it by a walk from its end as the scroll needs
 * (one walk however many of my requests wait for it) when `grows`; undefined when the run does
 * not hold the page. A post of the page that went since its key was read is simply not there;
 * the next page starts after its key all the same.
 */
async function pageFromRun(
  deps: Deps,
  viewerId: string,
  run: KeyRun,
  cursor: Cursor | undefined,
  limit: number,
  grows: boolean,
): Promise<NetworkPage | undefined> {
  let start = startIn(run, cursor);
  while (start !== undefined && !run.whole && run.keys.length < start + limit + 1) {
    if (!grows) return undefined;
    const end = run.keys.at(-1) ?? run.from;
    run.growing ??= walkFrom(deps, viewerId, end, NETWORK_HEAD)
      .then((more) => {
        run.keys.push(...more.keys);
        run.whole = more.whole;
      })
      .finally(() => {
        run.growing = undefined;
      });
    await run.growing;
    start = startIn(run, cursor);
  }
  if (start === undefined) return undefined;
  // Taken with the start found above, nothing awaited between: another request may move the run.
  const keys = run.keys.slice(start, start + limit + 1);
  const page = await seenByIds(
    deps,
    viewerId,
    keys.slice(0, limit).map((k) => k.id),
  );
  return { page, last: keys.length > limit ? keys[limit - 1]! : null };
}

/**
 * A page of my network's posts: from my head when it holds the whole page, else from my run
 * further down, else from a new run walked from the cursor — a page's worth at first, as a jump
 * may go no further. Only a first page reads a head anew: a page further down uses one already
 * kept, and else needs no more than its own walk.
 */
async function networkPageFor(
  deps: Deps,
  viewerId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<NetworkPage> {
  const heads = networkHeadCache(deps);
  const head = cursor
    ? heads.get(viewerId)
    : heads.remember(viewerId, () => walkFrom(deps, viewerId, undefined, NETWORK_HEAD));
  const fromHead = head && (await pageFromRun(deps, viewerId, await head, cursor, limit, false));
  if (fromHead) return fromHead;
  const runs = networkRunCache(deps);
  const kept = runs.get(viewerId);
  const from = cursor && { id: cursor.id, createdAt: cursor.createdAt.toISOString() };
  const run =
    kept && startIn(kept, cursor) !== undefined ? kept : await walkFrom(deps, viewerId, from, limit + 1);
  if (run !== kept) runs.set(viewerId, run);
  // A run holds the place it was walked from, and grows as far as the page needs; should another
  // of my requests have moved it past the cursor meanwhile, a run of this page's own.
  const page =
    (await pageFromRun(deps, viewerId, run, cursor, limit, true)) ??
    (await pageFromRun(
      deps,
      viewerId,
      await walkFrom(deps, viewerId, from, limit + 1),
      cursor,
      limit,
      true,
    ))!;
  // The keys far behind the scroll go: a run keeps the RUN_KEEP nearest its end.
  if (run.keys.length > RUN_KEEP) {
    run.from = run.keys[run.keys.length - RUN_KEEP - 1]!;
    run.keys = run.keys.slice(-RUN_KEEP);
  }
  return page;
}

/** A kept key as a keyset cursor. */
const keyCursor = (key: PostKey): Cursor => ({ createdAt: new Date(key.createdAt), id: key.id });

/**
 * The home feed (issue 13, decision 016): my network's posts newest first — my connections', with
 * hashtags I follow, updates of missions I follow or belong to, and my own — then, once they run
 * out, everyone else's, newest first, so a newcomer's home is never empty. Each post says which
 * (`via`). Nobody silenced for me (blocked either way, muted) is in either.
 */
async function homeFeed(deps: Deps, viewerId: string, query: { cursor?: string | undefined; limit: number }) {
  const { limit } = query;
  const at = decodeFeedCursor(query.cursor);
  const shown = (rows: SeenPostRow[], via: 'network' | 'public') => rows.map((p) => presentPost(p, p, via));
  if (at.phase === 'public') {
    const { page, nextCursor } = pageOf(
      await listPosts(deps.db, viewerId, { cursor: at.at, limit, publicFor: viewerId }),
      limit,
    );
    return pageText(shown(page, 'public'), {
      nextCursor: nextCursor && feedCursor('p', page[page.length - 1]),
    });
  }
  const { page: mine, last } = await networkPageFor(deps, viewerId, at.at, limit);
  if (last) return pageText(shown(mine, 'network'), { nextCursor: feedCursor('n', last) });
  // My network ran out on this page: the public tail fills the rest, from its start; one row
  // more says whether the tail goes on.
  const rest = limit - mine.length;
  const others = await listPosts(deps.db, viewerId, { limit: rest, publicFor: viewerId });
  const tail = others.slice(0, rest);
  const more = others.length > rest;
  return pageText([...shown(mine, 'network'), ...shown(tail, 'public')], {
    nextCursor: !more ? null : tail.length ? feedCursor('p', tail[tail.length - 1]) : feedCursor('p'),
  });
}

/**
 * The lists of posts: the home feed (above), a global list by kind (`kind=hunt`, the /hunt page;
 * without people I silenced), and those of a hashtag, a person, a mission or my saved posts,
 * which leave out only the blocked.
 */
export async function feed(
  deps: Deps,
  viewer: Viewer | null,
  query: { cursor?: string | undefined; limit: number; kind?: string | undefined },
  filter: {
    hashtag?: string;
    savedByMe?: boolean;
    authorId?: string;
    missionId?: string;
    kinds?: readonly string[];
  } = {},
) {
  const me = requireViewer(viewer);
  const home = !filter.savedByMe && !filter.hashtag && !filter.authorId && !filter.missionId;
  if (home && !query.kind) return homeFeed(deps, me.id, query);
  const options = {
    ...(query.cursor ? { cursor: decodeCursor(query.cursor)! } : {}),
    limit: query.limit,
    ...(filter.hashtag ? { hashtag: filter.hashtag.toLowerCase() } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(filter.kinds ? { kinds: filter.kinds } : {}),
    ...(filter.authorId ? { authorId: filter.authorId } : {}),
    ...(filter.missionId ? { missionId: filter.missionId } : {}),
  };
  const rows =
    (home && !options.cursor ? await newestPage(deps, me.id, options) : undefined) ??
    (await listPosts(deps.db, me.id, {
      ...options,
      ...(filter.savedByMe ? { savedBy: me.id } : {}),
      ...(home ? { mutedBy: me.id } : {}),
    }));
  const { page, nextCursor } = pageOf(rows, query.limit);
  return pageText(
    page.map((p) => presentPost(p, p)),
    { nextCursor },
  );
}

/** Only the author edits or deletes; a need or want's status is the author's to change. */
async function ownPost(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  const post = await findPostForChange(deps.db, id);
  if (!post) throw notFound('This post no longer exists');
  // Someone else's post the viewer cannot read (a members-only mission's update, a block) answers
  // as a missing one: a 403 would tell them it exists (issue 31 item 2).
  if (post.authorId !== me.id) {
    await visiblePost(deps, me.id, id);
    throw forbidden('Only the author can change this post');
  }
  return { me, post };
}

const creditError = (message: string) => badRequest(message, [{ path: 'creditedIds', message }]);

/**
 * The helpers a need's author credits (issue 13): only on a need or want that is (or becomes)
 * fulfilled, and only people with a live offer on it. Reopening a need clears them. Undefined:
 * leave them as they are.
 */
async function creditsOf(deps: Deps, postId: string, status: string | null, asked: string[] | undefined) {
  if (asked !== undefined && status !== 'fulfilled')
    throw creditError('Helpers are credited on a fulfilled need');
  if (status === 'open') return [];
  if (asked === undefined) return undefined;
  const ids = [...new Set(asked)];
  if (!ids.length) return ids;
  const offered = new Set(await liveOfferersAmong(deps.db, postId, ids));
  if (ids.some((h) => !offered.has(h))) throw creditError('Only people who offered help can be credited');
  return ids;
}

export async function editPost(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  input: z.infer<typeof updatePostSchema>,
) {
  const { me, post } = await ownPost(deps, viewer, id);
  const title = input.title ?? post.title;
  const content = input.content ?? post.content;
  const isNeed = post.kind === 'need' || post.kind === 'want';
  const relinked = firstLink(content) !== firstLink(post.content);
  // An edit that makes a young account's post ask for money holds it as a new one would; a post
  // hidden already keeps its reason (a moderator's stays a moderator's).
  const text = `${title} ${content}`;
  const held =
    (input.title !== undefined || input.content !== undefined) && (await heldForReview(deps, me, text));
  const creditedIds = await creditsOf(
    deps,
    id,
    isNeed ? (input.status ?? post.status) : null,
    input.creditedIds,
  );
  // Only the helpers credited now and not before hear of it (issue 32 item 6): marking it again
  // with the same helpers tells no one twice (and the notices' unique index holds it across a reopen).
  const before = new Set(post.creditedIds);
  const helperIds = (creditedIds ?? []).filter((h) => !before.has(h));
  // The edit, its rematching and the credited helpers' notices commit together.
  await inTransaction(deps.db, async (trx) => {
    await updatePost(
      trx,
      id,
      {
        title,
        content,
        ...(input.category !== undefined ? { category: input.category || null } : {}),
        ...(input.status !== undefined && isNeed ? { status: input.status } : {}),
        // Reopened by hand: open for the default period from now, and asked again before it ends (issue 16).
        ...(isNeed && input.status === 'open' && post.status !== 'open'
          ? { expiresAt: needExpiryAfter(new Date()), nudgedAt: null }
          : {}),
        ...(creditedIds ? { creditedIds } : {}),
        hashtags: extractHashtags(`${title} ${content}`),
        ...(relinked ? { linkPreview: null } : {}),
      },
      held ? MONEY_REVIEW_REASON : undefined,
    );
    await deps.events.emit(trx, 'post.saved', { postId: id, authorId: me.id, kind: post.kind });
    if (input.title !== undefined || input.content !== undefined)
      await written(deps, trx, { targetId: id, authorId: me.id, text, held });
    // Only the people the edit names anew are told (each once per post, whatever the edits).
    await mentioned(deps, trx, me.id, id, `${title} ${content}`, `${post.title} ${post.content}`);
    if (helperIds.length)
      await deps.events.emit(trx, 'post.credited', {
        postId: id,
        authorId: me.id,
        authorName: `${me.firstName} ${me.lastName}`.trim(),
        helperIds,
        title: title || content.slice(0, 80),
      });
  });
  if (relinked) unfurlLater(deps, id, content);
  return fresh(deps, me.id, id);
}

export async function removePost(deps: Deps, viewer: Viewer | null, id: string) {
  const { post } = await ownPost(deps, viewer, id);
  // The delete and what it sets off (federation's Delete, decision 086) commit together.
  await inTransaction(deps.db, async (trx) => {
    await deletePost(trx, id);
    await deps.events.emit(trx, 'post.deleted', { postId: id, authorId: post.authorId });
  });
  await postGone(deps, post);
}

/** After a post is deleted (by its author, or a moderator): what is kept of it goes, and its files. */
async function postGone(
  deps: Deps,
  post: { authorId: string; image: string | null; video: string | null; fileUrl: string | null },
) {
  postsChanged(deps);
  networkChangedFor(deps, post.authorId);
  for (const url of [post.image, post.video, post.fileUrl]) if (url) await deps.media.remove(url);
}

/**
 * A moderator's decision on a post (issue 35 item 3, decision 071), applied in the moderator's
 * transaction: hidden or shown again by its `hidden_reason`, or deleted as its author's delete
 * does it (counts, tags, search rows and matches go with the row; its files once committed).
 * Every kept copy (the shared texts, the newest page, the author's network head here; other
 * processes' within their seconds) goes once the decision commits.
 */
function subscribeModeratedPosts(deps: Deps) {
  const changed = (trx: Db, authorId: string) =>
    afterCommit(trx, () => {
      postsChanged(deps);
      networkChangedFor(deps, authorId);
    });
  deps.events.within('moderation.content_hidden', async (trx, { targetType, targetId, reason }) => {
    if (targetType !== 'post') return;
    const post = await setPostHidden(trx, targetId, reason);
    if (post) changed(trx, post.authorId);
  });
  deps.events.within('moderation.content_restored', async (trx, { targetType, targetId }) => {
    if (targetType !== 'post') return;
    const post = await setPostHidden(trx, targetId, null);
    if (post) changed(trx, post.authorId);
  });
  // A dismissed case publishes a post held for review (decision 072), never one a strike hid.
  // Published, it is saved as a post published at once is: its alerts and matches, which passed
  // it by while it was held (nobody could read it), are told now (decision 085).
  deps.events.within('moderation.content_approved', async (trx, { targetType, targetId }) => {
    if (targetType !== 'post') return;
    const post = await publishHeldPost(trx, targetId, MONEY_REVIEW_REASON);
    if (!post) return;
    await deps.events.emit(trx, 'post.saved', { postId: targetId, authorId: post.authorId, kind: post.kind });
    changed(trx, post.authorId);
  });
  deps.events.within('moderation.content_deleted', async (trx, { targetType, targetId }) => {
    if (targetType !== 'post') return;
    const post = await findPostForChange(trx, targetId);
    if (!post) return;
    await deletePost(trx, targetId);
    await deps.events.emit(trx, 'post.deleted', { postId: targetId, authorId: post.authorId });
    afterCommit(trx, () => {
      postGone(deps, post).catch((err: unknown) =>
        deps.log.warn({ err, postId: targetId }, 'could not remove a deleted post’s files'),
      );
    });
  });
}

export async function likePost(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  const post = await visiblePost(deps, me.id, id);
  await inTransaction(deps.db, async (trx) => {
    const added = await addLike(trx, id, me.id).catch((err: unknown) => {
      throw isGoneUnderUs(err) ? notFound('This post no longer exists') : err;
    });
    if (added)
      await deps.events.emit(trx, 'post.liked', { postId: id, authorId: post.authorId, likerId: me.id });
  });
  return fresh(deps, me.id, id);
}

export async function unlikePost(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  await visiblePost(deps, me.id, id);
  await removeLike(deps.db, id, me.id);
  return fresh(deps, me.id, id);
}

export async function savePost(deps: Deps, viewer: Viewer | null, id: string, saved: boolean) {
  const me = requireViewer(viewer);
  await visiblePost(deps, me.id, id);
  await (saved ? addSave(deps.db, id, me.id) : removeSave(deps.db, id, me.id));
  return fresh(deps, me.id, id);
}

/** The composer's link preview, fetched by the server behind its private-address guard. */
export async function previewLink(deps: Deps, viewer: Viewer | null, url: string) {
  requireViewer(viewer);
  return deps.unfurl(url);
}

/** A person's posts, for the Posts tab of their profile. */
export async function postsBy(
  deps: Deps,
  viewer: Viewer | null,
  username: string,
  query: { cursor?: string | undefined; limit: number; kind?: 'needs' | undefined },
) {
  const me = requireViewer(viewer);
  const author = await findAuthorFor(deps.db, me.id, username.toLowerCase());
  // No such person, and a block either way, answer the same (as their profile does).
  if (!author) throw notFound('No one on Muster has that username');
  // A profile for connections only shows a stranger no posts: the same empty page as no posts.
  if (!author.visible) return pageText([], { nextCursor: null });
  // `kind=needs`: the Needs & Provisions tab.
  const { kind, ...page } = query;
  return feed(deps, me, page, {
    authorId: author.id,
    ...(kind === 'needs' ? { kinds: needsAndProvisionKinds } : {}),
  });
}

/** A mission's updates, newest first, as the feed shows posts; the mission must be the viewer's to see (else 404). */
export async function missionUpdates(
  deps: Deps,
  viewer: Viewer | null,
  missionId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const me = requireViewer(viewer);
  if (!(await missionStanding(deps.db, me.id, missionId))) throw notFound('This mission no longer exists');
  return feed(deps, me, query, { missionId });
}

/**
 * Whose posts make my home feed changed through this process: my network head goes at once (other
 * processes' heads age out within their ten seconds).
 */
export function subscribePosts(deps: Deps) {
  deps.events.afterCommit('user.blocked', ({ blockerId, blockedId }) =>
    [blockerId, blockedId].forEach((id) => networkChangedFor(deps, id)),
  );
  deps.events.afterCommit('user.muted', ({ muterId }) => networkChangedFor(deps, muterId));
  deps.events.afterCommit('connection.accepted', ({ senderId, recipientId }) =>
    [senderId, recipientId].forEach((id) => networkChangedFor(deps, id)),
  );
  // Joining or leaving a mission changes whose members-only updates the feed may show.
  deps.events.afterCommit('mission.member_joined', ({ userId }) => networkChangedFor(deps, userId));
  deps.events.afterCommit('mission.member_left', ({ userId }) => networkChangedFor(deps, userId));
  // A new post, in whichever process it was written: the heads of those it was told to go here.
  deps.realtime.onDeliver((userIds, event) => {
    if (event.type === 'post.created') for (const id of userIds) networkHeadCache(deps).delete(id);
  });
  // An offer changes its post's count and who offered: its author sees both at once.
  for (const event of ['offer.made', 'offer.accepted', 'offer.declined'] as const) {
    deps.events.afterCommit(event, ({ postId }) => {
      if (!postId) return;
      postTextCache(deps).delete(postId);
      offeredByCache(deps).delete(postId);
    });
  }
  // A comment changes its post's count (the comments feature, decision 058): everyone sees it at once.
  deps.events.afterCommit('comment.created', () => postsChanged(deps));
  deps.events.afterCommit('comment.removed', () => postsChanged(deps));
  // So does a Like, boost or reply from another server (decision 091), as a local like does.
  deps.events.afterCommit('post.remote_counts_changed', () => postsChanged(deps));
  // A verification given or taken back changes the author's card in the kept texts (decision 069):
  // rare, so everything kept goes, and the badge is right at once here (elsewhere within 5 s).
  deps.events.afterCommit('organisation.decided', () => postsChanged(deps));
  // Following a tag or no longer changes whose posts make my network.
  deps.events.afterCommit('hashtag.followed', ({ userId }) => networkChangedFor(deps, userId));
  deps.events.afterCommit('hashtag.unfollowed', ({ userId }) => networkChangedFor(deps, userId));
  subscribeModeratedPosts(deps);
}

/**
 * Posts by id, newest first, as the viewer sees them now, in the shape of every post list: for a
 * list another feature finds (the emergency board, handed this in app.ts; decision 058). Those gone
 * or not the viewer's to read are left out.
 */
export async function postsSeenBy(deps: Deps, viewerId: string, ids: string[]): Promise<JsonText[]> {
  if (!ids.length) return [];
  return (await listPostsSeenBy(deps.db, viewerId, ids)).map((p) => presentPost(p, p));
}
