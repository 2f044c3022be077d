import { importJwk, type SenderKeyPair } from '@fedify/fedify';
import type { Recipient } from '@fedify/fedify/vocab';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import type { Subscriber } from '../../platform/events.js';
import type { MusterFederation } from './federation.js';
import { actorKeys, followersPage } from './federation.queries.js';
import { deleteActivity } from './notes.js';
import { personByUsername, sentPostsOf } from './outgoing.queries.js';

/*
 * Retraction (issue 38 "Safety", decision 092): what went out is taken back with a Delete when its
 * author or its mission stops being public — a suspension, a limit, federation turned off or hidden
 * from search, a mission made members-only. Each is an event emitted in the writer's transaction;
 * the federation-out queue (outgoing.ts) then runs the one decision every post change runs, for
 * each post of theirs that went out: no longer public, so a Delete. Nothing here decides anew.
 *
 * The Delete is the one activity an actor that no longer answers (082: a suspended person, one who
 * turned federation off, is 404) must still sign: so it is signed with the person's stored keys
 * and sent to their followers as stored, without asking Fedify's dispatchers, which answer only
 * for actors that federate now. Receivers verify it with the key they kept when the Create or the
 * Accept of their Follow reached them (Mastodon keeps an account's key; Fedify caches it in its
 * key–value store), so the actor's 404 does not stop it.
 */

/** Followers read per page while listing whom a Delete goes to (federation.queries.ts followersPage). */
const PAGE = 200;

/**
 * Subscribes the changes of standing that retract: every post of the person (or of the mission)
 * that went out is decided again, in the job's transaction, as a retraction only (a post still
 * public sends nothing: a privacy change that leaves federation on is no edit). Lifting a suspension or a limit, or
 * turning federation back on, finds nothing still sent, so nothing goes: earlier posts are not
 * sent again (as Mastodon does not), later ones go out as usual, and the outbox lists them all.
 */
export function subscribeRetractions(out: Subscriber, retract: (trx: Db, postId: string) => Promise<void>) {
  const eachSent = async (trx: Db, by: { authorId: string } | { missionId: string }) => {
    for (const postId of await sentPostsOf(trx, by)) await retract(trx, postId);
  };
  out.on('user.suspended', (trx, { userId }) => eachSent(trx, { authorId: userId }));
  out.on('user.limited', (trx, { userId }) => eachSent(trx, { authorId: userId }));
  // Federation turned off, or hidden from search (which turns it off in effect: 082).
  out.on('user.privacy_changed', (trx, { userId }) => eachSent(trx, { authorId: userId }));
  out.on('mission.visibility_changed', (trx, { missionId }) => eachSent(trx, { missionId }), {
    when: ({ visibility }) => visibility === 'members',
  });
}

/**
 * The keys Fedify published for the person's actor, as it names them (`#main-key` for the first
 * pair, `#key-<n>` after; federation.ts's key pairs dispatcher lists them in the stored order): the
 * ids a receiver kept them under. Empty when the person is gone (their keys went with them).
 */
async function storedSenderKeys(deps: Deps, federation: MusterFederation, identifier: string) {
  const person = await personByUsername(deps.db, identifier);
  if (!person) return { personId: null, keys: [] as SenderKeyPair[] };
  const actorUri = federation.createContext(new URL(deps.config.publicUrl), deps).getActorUri(identifier);
  const stored = await actorKeys(deps.db, 'person', person.id);
  const keys = await Promise.all(
    stored.map(async (k, i) => ({
      keyId: new URL(i === 0 ? '#main-key' : `#key-${i + 1}`, actorUri),
      privateKey: await importJwk(k.privateJwk as JsonWebKey, 'private'),
    })),
  );
  return { personId: person.id, keys };
}

/** Every follower of a person as stored, in the page order Fedify's fan-out reads (blocked servers and people left out). */
async function allFollowers(db: Db, personId: string): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  let after: { createdAt: Date; remoteActor: string } | null = null;
  for (;;) {
    const rows = await followersPage(db, 'person', personId, after, PAGE);
    const page = rows.slice(0, PAGE);
    for (const row of page)
      recipients.push({
        id: new URL(row.remoteActor),
        inboxId: new URL(row.inbox),
        endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
      });
    const last = page.at(-1);
    if (rows.length <= PAGE || !last) return recipients;
    after = { createdAt: last.createdAt, remoteActor: last.remoteActor };
  }
}

/**
 * Sends the Delete of a post that went out as `identifier`, whatever the author's standing now,
 * through Fedify's queue (its fan-out and each inbox's delivery are jobs, retried with backoff).
 */
export async function sendDelete(
  deps: Deps,
  federation: MusterFederation,
  d: { postId: string; identifier: string; at: string },
) {
  const { personId, keys } = await storedSenderKeys(deps, federation, d.identifier);
  if (!personId || keys.length === 0) {
    deps.log.info({ postId: d.postId }, 'federation: the author is gone, nothing can sign the Delete');
    return;
  }
  const recipients = await allFollowers(deps.db, personId);
  if (recipients.length === 0) return;
  const ctx = federation.createContext(new URL(deps.config.publicUrl), deps);
  const activity = deleteActivity(
    { _id: d.postId, author: { username: d.identifier } },
    deps.config.publicUrl,
    d.at,
  );
  await ctx.sendActivity(keys, recipients, activity, { preferSharedInbox: true });
}
