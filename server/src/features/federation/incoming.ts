import type { InboxContext } from '@fedify/fedify';
import {
  type Accept,
  type Announce,
  type Create,
  type Delete,
  type Flag,
  Like,
  type Reject,
  type Update,
  type Activity,
} from '@fedify/fedify/vocab';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { newId } from '../../platform/ids.js';
import { inTransaction } from '../../platform/transaction.js';
import { remoteOf } from './federation.js';
import {
  acceptFollowing,
  deleteReaction,
  deleteRemoteObject,
  federatedPerson,
  federatedPost,
  insertReaction,
  isBlockedHost,
  isFollowedHere,
  rejectFollowing,
  remotePostAuthor,
  serverPolicy,
  upsertRemoteActor,
  upsertRemotePost,
  upsertRemoteReply,
} from './federation.queries.js';
import { noteFromJsonLd, sanitiseHtml } from './notes-in.js';
import { postAuthorBlocked } from './remote-blocks.queries.js';

/*
 * What remote servers send to our inboxes beyond Follow and Undo(Follow) (issue 38 "What comes
 * in", decision 087): Accept and Reject of our people's Follows; Create, Update and Delete of Notes
 * (another Muster's listings, replies to our posts); Likes and Announces of our posts and their
 * Undo; Flags, which land in the moderation queue. Fedify has verified the signature and that the
 * signer is the activity's actor before any of this runs. Anything we do not keep is dropped
 * (logged at debug), never an error: the sender gets its 202 whatever we make of it.
 */

type Ctx = InboxContext<Deps>;

/** A report from a remote server, filed by the moderation feature (app.ts hands it over). */
export type FileRemoteReport = (
  deps: Deps,
  report: { targetType: 'post' | 'user'; targetId: string; ownerId: string; host: string; comment: string },
) => Promise<string | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A remote Flag's comment, at most this long as the moderator reads it. */
const FLAG_COMMENT_MAX = 500;

/** The post id an object URI of ours names (`<origin>/ap/posts/<id>`), or undefined. */
export function ourPostId(deps: Deps, uri: URL | null): string | undefined {
  if (!uri) return undefined;
  const base = `${deps.config.publicUrl.replace(/\/$/, '')}/ap/posts/`;
  const id = uri.href.startsWith(base) ? uri.href.slice(base.length) : '';
  return UUID.test(id) ? id : undefined;
}

/** The activity's actor, when its server is not blocked (a task queued before an admin blocked it). */
export async function senderOf(ctx: Ctx, activity: Activity): Promise<URL | undefined> {
  const actor = activity.actorId;
  if (!actor || !/^https?:$/.test(actor.protocol)) return undefined;
  if (await isBlockedHost(ctx.data.db, actor.host)) return undefined;
  return actor;
}

/**
 * Stores what changes one of our posts' counts (a reply, a reaction, or their removal) with the
 * event that drops the post texts kept with the old counts (decision 091).
 */
async function countedChange<T>(
  ctx: Ctx,
  write: (trx: Db) => Promise<T>,
  postOf: (done: T) => string | undefined,
): Promise<void> {
  await inTransaction(ctx.data.db, async (trx) => {
    const postId = postOf(await write(trx));
    if (postId) await ctx.data.events.emit(trx, 'post.remote_counts_changed', { postId });
  });
}

/**
 * The reply's author as the comments list names them (name, handle), fetched once with the reply:
 * the signature check has usually just fetched the same document. Without it the reply shows its
 * actor's address.
 */
async function rememberAuthor(ctx: Ctx, activity: Create | Update, sender: URL): Promise<void> {
  const actor = await activity.getActor(ctx).catch(() => null);
  const remote = actor ? remoteOf(actor) : null;
  if (remote && remote.uri === sender.href) await upsertRemoteActor(ctx.data.db, remote);
}

export const drop = (ctx: Ctx, activity: Activity, why: string) =>
  ctx.data.log.debug({ activity: activity.id?.href, why }, 'federation: incoming activity dropped');

/**
 * Whether the sender is on a server an admin limited (decision 088, Mastodon's "silence") and
 * nobody here follows them: then what they say to us (a reply, a like, a boost, a listing
 * addressed to us) is not kept. Their follows of our public actors are still accepted, and their
 * server's reports still reach the queue.
 */
export async function isLimitedStranger(ctx: Ctx, sender: URL): Promise<boolean> {
  if ((await serverPolicy(ctx.data.db, sender.host)) !== 'limited') return false;
  return !(await isFollowedHere(ctx.data.db, sender.href));
}

/** The remote actor accepted a Follow one of our people sent: it is accepted here too. */
export async function onAccept(ctx: Ctx, accept: Accept): Promise<void> {
  const sender = await senderOf(ctx, accept);
  const followId = accept.objectId;
  if (!sender || !followId) return drop(ctx, accept, 'no sender or object');
  // Only the followed actor's own Accept matches (the where on remote_actor).
  if (!(await acceptFollowing(ctx.data.db, followId.href, sender.href)))
    drop(ctx, accept, 'no such pending follow');
}

/** The remote actor refused (or later ended) a Follow one of our people sent: it goes. */
export async function onReject(ctx: Ctx, reject: Reject): Promise<void> {
  const sender = await senderOf(ctx, reject);
  const followId = reject.objectId;
  if (!sender || !followId) return drop(ctx, reject, 'no sender or object');
  await rejectFollowing(ctx.data.db, followId.href, sender.href);
}

/**
 * Whether a listing from this actor is for us: someone here follows them, or they addressed one
 * of our actors (to or cc). Otherwise a server could fill our tables with anything it likes.
 */
async function wanted(ctx: Ctx, activity: Create | Update, sender: URL): Promise<boolean> {
  if (await isFollowedHere(ctx.data.db, sender.href)) return true;
  // A limited server's people reach only those who follow them (decision 088): naming us is not enough.
  if (await isLimitedStranger(ctx, sender)) return false;
  return [...activity.toIds, ...activity.ccIds].some((to) => ctx.parseUri(to)?.type === 'actor');
}

/**
 * The activity's JSON-LD as it arrived (Fedify keeps the parsed document and gives it back
 * unchanged), so notes-in.ts reads Muster's extension, which Fedify's classes do not keep. An
 * object given only by its id is fetched from its own server.
 */
async function arrivedJson(ctx: Ctx, activity: Create | Update): Promise<unknown> {
  const json = (await activity.toJsonLd()) as Record<string, unknown>;
  if (json.object !== null && typeof json.object === 'object') return json;
  const object = await activity.getObject(ctx).catch(() => null);
  return object ? object.toJsonLd() : null;
}

/** A Create or Update of a Note: another Muster's listing kept, a reply to our post counted. */
export async function onNote(ctx: Ctx, activity: Create | Update): Promise<void> {
  const sender = await senderOf(ctx, activity);
  if (!sender) return drop(ctx, activity, 'no sender');
  const read = await noteFromJsonLd(await arrivedJson(ctx, activity), { sender });
  if (read.type === 'refused') return drop(ctx, activity, read.reason);
  const { db } = ctx.data;

  if (read.type === 'reply') {
    const reply = read.reply;
    const postId = ourPostId(ctx.data, new URL(reply.inReplyTo));
    if (reply.authorUri !== sender.href) return drop(ctx, activity, 'reply not by its sender');
    if (!postId || !(await federatedPost(db, postId))) return drop(ctx, activity, 'not a reply to our post');
    if (await isLimitedStranger(ctx, sender)) return drop(ctx, activity, 'limited server, not followed here');
    if (await postAuthorBlocked(db, postId, sender.href))
      return drop(ctx, activity, 'the author blocked them');
    await rememberAuthor(ctx, activity, sender);
    await countedChange(
      ctx,
      (trx) =>
        upsertRemoteReply(trx, {
          id: newId(),
          objectUri: reply.objectId,
          postId,
          remoteActor: sender.href,
          host: sender.host.toLowerCase(),
          text: reply.text,
          url: reply.url,
          published: reply.published,
        }),
      () => postId,
    );
    return;
  }

  const listing = read.listing;
  // Only the author's own server may speak for it, and only the author: the Note's attributedTo.
  if (listing.authorUri !== sender.href) return drop(ctx, activity, 'listing not by its sender');
  const kept = await remotePostAuthor(db, listing.objectId);
  if (kept && kept.remoteActor !== sender.href) return drop(ctx, activity, 'another actor’s listing');
  if (!kept && !(await wanted(ctx, activity, sender))) return drop(ctx, activity, 'nobody here follows them');
  await upsertRemotePost(db, {
    objectUri: listing.objectId,
    remoteActor: sender.href,
    host: listing.server.toLowerCase(),
    kind: listing.kind,
    title: listing.title,
    text: listing.text,
    category: listing.category,
    status: listing.status,
    emergency: listing.emergency,
    placeName: listing.place?.address || null,
    longitude: listing.place?.coordinates?.[0] ?? null,
    latitude: listing.place?.coordinates?.[1] ?? null,
    expiresAt: listing.expiresAt,
    url: listing.url,
    published: listing.published,
    updated: listing.updated,
  });
}

/** A Delete of a Note: the listing or reply goes, when the actor deleting it is the one that wrote it. */
export async function onDelete(ctx: Ctx, del: Delete): Promise<void> {
  const sender = await senderOf(ctx, del);
  const object = del.objectId;
  if (!sender || !object) return drop(ctx, del, 'no sender or object');
  await countedChange(
    ctx,
    (trx) => deleteRemoteObject(trx, object.href, sender.href),
    (postId) => postId,
  );
}

/** A Like or an Announce (a boost) of one of our posts: counted once per remote actor. */
export async function onReaction(ctx: Ctx, activity: Like | Announce): Promise<void> {
  const sender = await senderOf(ctx, activity);
  const postId = ourPostId(ctx.data, activity.objectId);
  if (!sender || !activity.id || !postId) return drop(ctx, activity, 'not about our post');
  if (!(await federatedPost(ctx.data.db, postId))) return drop(ctx, activity, 'not a federated post');
  if (await isLimitedStranger(ctx, sender)) return drop(ctx, activity, 'limited server, not followed here');
  if (await postAuthorBlocked(ctx.data.db, postId, sender.href))
    return drop(ctx, activity, 'the author blocked them');
  const activityId = activity.id.href;
  await countedChange(
    ctx,
    (trx) =>
      insertReaction(trx, {
        postId,
        kind: activity instanceof Like ? 'like' : 'announce',
        remoteActor: sender.href,
        host: sender.host.toLowerCase(),
        activityId,
      }),
    () => postId,
  );
}

/** An Undo of a Like or an Announce: uncounted (only the actor that reacted can take it back). */
export async function onUndoReaction(ctx: Ctx, undoActor: URL, reaction: Like | Announce): Promise<void> {
  if (!reaction.id || reaction.actorId?.href !== undoActor.href) return;
  if (await isBlockedHost(ctx.data.db, undoActor.host)) return;
  const activityId = reaction.id.href;
  await countedChange(
    ctx,
    (trx) => deleteReaction(trx, activityId, undoActor.href),
    (postId) => postId,
  );
}

/**
 * A Flag (a remote server's report): each of our posts it names is filed in the moderation queue;
 * when it names none, each of our people it names is. The reporter is the remote server (its host).
 */
export async function onFlag(ctx: Ctx, flag: Flag, fileRemoteReport: FileRemoteReport): Promise<void> {
  const sender = await senderOf(ctx, flag);
  if (!sender) return drop(ctx, flag, 'no sender');
  const { db } = ctx.data;
  const host = sender.host.toLowerCase();
  const comment = sanitiseHtml(flag.content?.toString() ?? '', FLAG_COMMENT_MAX).text;
  const posts: Array<{ id: string; authorId: string }> = [];
  const people: Array<{ id: string }> = [];
  for (const uri of flag.objectIds.slice(0, 20)) {
    const postId = ourPostId(ctx.data, uri);
    if (postId) {
      const post = await federatedPost(db, postId);
      if (post) posts.push({ id: post.id, authorId: post.authorId });
      continue;
    }
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'actor') continue;
    const person = await federatedPerson(db, parsed.identifier);
    if (person) people.push({ id: person.id });
  }
  if (posts.length)
    for (const post of posts)
      await fileRemoteReport(ctx.data, {
        targetType: 'post',
        targetId: post.id,
        ownerId: post.authorId,
        host,
        comment,
      });
  else
    for (const person of people)
      await fileRemoteReport(ctx.data, {
        targetType: 'user',
        targetId: person.id,
        ownerId: person.id,
        host,
        comment,
      });
  if (!posts.length && !people.length) drop(ctx, flag, 'names nothing of ours');
}
