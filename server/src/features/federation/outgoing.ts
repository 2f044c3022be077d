import type { Create, Note } from '@fedify/fedify/vocab';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import type { LocalActor, MusterFederation } from './federation.js';
import { createActivity, postToNote, updateActivity, type NoteSource } from './notes.js';
import {
  countPublicPosts,
  forgetSent,
  hasFollowers,
  postForFederation,
  publicPostsPage,
  recordSent,
  sentRecord,
} from './outgoing.queries.js';
import { sendDelete, subscribeRetractions } from './retract.js';

/*
 * What goes out (issue 38, decision 086): a public post's Create, Update and Delete reach its
 * author's followers. Two steps on the job queue:
 * - `federation-out` (the event bus's durable subscriber, so it is enqueued in the writer's
 *   transaction) decides, in its own transaction, what the change means to the fediverse — Create
 *   the first time, Update after, Delete for whoever got the Create once the post is gone or no
 *   longer public — and records it (which posts a Create went out for);
 * - `federation-deliver` (not transactional) hands the activity to Fedify, whose fan-out and
 *   per-inbox deliveries are jobs on our queue too (federation.store.ts), retried with backoff.
 * The hand-over is a job of its own because Fedify enqueues in a transaction of its own: inside the
 * decision's transaction it would wait on a second connection (PGlite has one).
 */

export const OUT_QUEUE = 'federation-out';
export const DELIVER_QUEUE = 'federation-deliver';

/** What the deliver job sends: the activity's kind, the post, the actor, and the instant of an Update. */
type Delivery = { activity: 'create' | 'update' | 'delete'; postId: string; identifier: string; at: string };

const FEDERATED_KINDS = new Set(['need', 'want', 'provision', 'mission_update']);

/**
 * A post's Note, if a stranger may read it now: the audience is the kernel's read rule's
 * (outgoing.queries.ts), never assumed: a members-only mission's update is `members`, a limited
 * author's post `connections`; a post a moderator hid, or whose author does not federate (not
 * searchable, federation off, suspended), has no Note at all. Null: none to show.
 */
export async function publicNoteOf(
  db: Db,
  publicUrl: string,
  postId: string,
): Promise<{ note: Note; identifier: string; updatedAt: string; createdAt: string } | null> {
  const row = await postForFederation(db, postId);
  if (!row || row.hidden || !row.authorFederates) return null;
  const audience = row.membersOnly ? 'members' : row.limited ? 'connections' : 'public';
  const post = JSON.parse(row.rendered) as Omit<NoteSource, 'author' | 'audience'>;
  const made = postToNote({ ...post, author: { username: row.username }, audience }, publicUrl);
  return made.ok
    ? { note: made.note, identifier: row.username, updatedAt: post.updatedAt, createdAt: post.createdAt }
    : null;
}

/** Posts per page of an outbox (Mastodon reads the first page and the total). */
export const OUTBOX_PAGE = 20;

/** Whose posts an actor's outbox lists: a person's own, a public mission's updates. */
const postsOf = (actor: LocalActor) =>
  actor.kind === 'person' ? { authorId: actor.id } : { missionId: actor.id };

/**
 * A page of an actor's outbox: its public federated posts as Creates, newest first, after the
 * cursor (`<createdAt>|<id>` of the last row; '' for the first page). Every row passed the
 * stranger's rule in SQL (outgoing.queries.ts), so each is `public`.
 */
export async function outboxPage(
  deps: Deps,
  actor: LocalActor,
  cursor: string,
): Promise<{ items: Create[]; nextCursor: string | null }> {
  const bar = cursor.indexOf('|');
  const createdAt = bar < 0 ? null : new Date(cursor.slice(0, bar));
  const id = cursor.slice(bar + 1);
  const after = createdAt && !Number.isNaN(createdAt.getTime()) && UUID.test(id) ? { createdAt, id } : null;
  const rows = await publicPostsPage(deps.db, postsOf(actor), after, OUTBOX_PAGE);
  const page = rows.slice(0, OUTBOX_PAGE);
  const items: Create[] = [];
  for (const row of page) {
    const post = JSON.parse(row.rendered) as Omit<NoteSource, 'author' | 'audience'>;
    const made = postToNote(
      { ...post, author: { username: row.username }, audience: 'public' },
      deps.config.publicUrl,
    );
    // A place not marked approximate is refused by postToNote, and simply not listed.
    if (made.ok) items.push(createActivity(made.note));
  }
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > OUTBOX_PAGE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

export const outboxCount = (deps: Deps, actor: LocalActor) => countPublicPosts(deps.db, postsOf(actor));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Decides what a change to a post sends, and enqueues it, in the job's transaction. `retractOnly`:
 * a change of its author's or mission's standing (decision 092), which may take it back but is no
 * edit: a post still public sends no Update for it.
 */
async function decide(
  deps: Deps,
  trx: Db,
  postId: string,
  enqueue: (d: Delivery) => Promise<void>,
  { retractOnly = false } = {},
) {
  const sent = await sentRecord(trx, postId);
  const now = await publicNoteOf(trx, deps.config.publicUrl, postId);
  const at = new Date().toISOString();
  if (now) {
    if (retractOnly) return;
    if (sent) return enqueue({ activity: 'update', postId, identifier: sent.identifier, at });
    const row = await postForFederation(trx, postId);
    // Nobody to tell: nothing goes, and nothing is recorded (a follower who comes later sees it in the outbox).
    if (!row || !(await hasFollowers(trx, row.authorId))) return;
    await recordSent(trx, postId, { identifier: now.identifier, at });
    return enqueue({ activity: 'create', postId, identifier: now.identifier, at });
  }
  // Gone, or no longer public: whoever got the Create gets a Delete; a post never sent sends nothing.
  if (!sent) return;
  await forgetSent(trx, postId);
  return enqueue({ activity: 'delete', postId, identifier: sent.identifier, at });
}

/** Hands one activity to Fedify: to the actor's followers, one delivery per (shared) inbox. */
async function deliver(deps: Deps, federation: MusterFederation, d: Delivery) {
  // A Delete goes whatever the author's standing now: it is how a suspended author's posts, or a
  // limited one's, are taken back (retract.ts, decision 092).
  if (d.activity === 'delete') return sendDelete(deps, federation, d);
  const ctx = federation.createContext(new URL(deps.config.publicUrl), deps);
  const sender = { identifier: d.identifier };
  // The actor must still be there to sign (federatedPerson): an author who stopped federating or
  // was suspended has no keys to sign with, and their followers are no longer listed.
  if ((await ctx.getActorKeyPairs(d.identifier)).length === 0) {
    deps.log.info({ postId: d.postId, activity: d.activity }, 'federation: the author no longer federates');
    return;
  }
  // The Note as the post is now: a change made since the decision (a later edit) goes as it is.
  const now = await publicNoteOf(deps.db, deps.config.publicUrl, d.postId);
  // No longer public since: that change's own decision sends the Delete.
  if (!now) return;
  const activity = d.activity === 'create' ? createActivity(now.note) : updateActivity(now.note, d.at);
  await ctx.sendActivity(sender, 'followers', activity, { preferSharedInbox: true });
}

/**
 * Subscribes what goes out to the posts' changes; called once the federation exists (only when
 * FEDERATION is on, so an instance that does not federate enqueues nothing for it).
 */
export function subscribeOutgoing(deps: Deps, federation: MusterFederation) {
  deps.jobs.define(DELIVER_QUEUE, (_db, data) => deliver(deps, federation, data as Delivery), {
    transactional: false,
  });
  const changed = (trx: Db, postId: string) =>
    decide(deps, trx, postId, (d) => deps.jobs.send(trx, DELIVER_QUEUE, d));
  const post = (target: { targetType: string }) => target.targetType === 'post';
  const out = deps.events.subscriber(OUT_QUEUE);
  // Created, edited, fulfilled, opened again, published after review.
  out.on('post.saved', (trx, { postId }) => changed(trx, postId), {
    when: ({ kind }) => FEDERATED_KINDS.has(kind),
  });
  out.on('post.expired', (trx, { postId }) => changed(trx, postId));
  out.on('post.deleted', (trx, { postId }) => changed(trx, postId));
  // A moderator hid it (Delete to whoever got it) or lifted that (it goes out again).
  out.on('moderation.content_hidden', (trx, { targetId }) => changed(trx, targetId), { when: post });
  out.on('moderation.content_restored', (trx, { targetId }) => changed(trx, targetId), { when: post });
  // The author or the mission stopped being public: what went out is taken back (decision 092).
  subscribeRetractions(out, (trx, postId) =>
    decide(deps, trx, postId, (d) => deps.jobs.send(trx, DELIVER_QUEUE, d), { retractOnly: true }),
  );
}
