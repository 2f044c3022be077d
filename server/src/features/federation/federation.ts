import {
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  type Context,
  type Federation,
} from '@fedify/fedify';
import {
  Accept,
  Announce,
  Application,
  Create,
  Delete,
  Endpoints,
  Flag,
  Follow,
  Group,
  Image,
  isActor,
  Note,
  Like,
  Offer,
  Person,
  Reject,
  Undo,
  Update,
  type Actor,
  type Recipient,
} from '@fedify/fedify/vocab';
import { validatePublicUrl } from '@fedify/fedify/runtime';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { FederationActorKind, FederationKeysTable } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { newId } from '../../platform/ids.js';
import {
  actorKeys,
  countFollowers,
  deleteFollower,
  federatedMission,
  federatedPost,
  federatedPerson,
  followersPage,
  insertActorKey,
  insertFollower,
  isBlockedHost,
  upsertRemoteActor,
  usageCounts,
} from './federation.queries.js';
import { databaseKvStore, jobMessageQueue } from './federation.store.js';
import { fetchAllowed } from './remote-blocks.js';
import { isRemoteBlocked } from './remote-blocks.queries.js';
import { outboxCount, outboxPage, publicNoteOf, subscribeOutgoing } from './outgoing.js';
import {
  onAccept,
  onDelete,
  onFlag,
  onNote,
  onReaction,
  onReject,
  onUndoReaction,
  type FileRemoteReport,
} from './incoming.js';
import {
  onOffer,
  onOfferAnswer,
  onUndoOffer,
  subscribeRemoteOffers,
  type RemoteOfferHandOff,
} from './offers-remote.js';

/**
 * Node's Temporal, Fedify's type for instants. TypeScript 5.9 has no lib for it yet, so Fedify's
 * own typings leave the parameters untyped; this names the one constructor we use.
 */
const { Temporal } = globalThis as unknown as { Temporal: { Instant: { from(iso: string): unknown } } };
const instant = (date: Date) => Temporal.Instant.from(date.toISOString());

/** Fedify's context data: the app's dependencies, for every dispatcher and listener. */
export type FederationData = Deps;
export type MusterFederation = Federation<FederationData>;

/**
 * The URL scheme (decision 082). A person's identifier is their username; a public mission's is
 * `m-<id>`, which no username can be (usernames are a–z, 0–9 and _ only: contract/src/users.ts).
 */
export const ACTOR_PATH = '/ap/users/{identifier}';
export const INBOX_PATH = '/ap/users/{identifier}/inbox';
export const SHARED_INBOX_PATH = '/ap/inbox';
export const OUTBOX_PATH = '/ap/users/{identifier}/outbox';
export const FOLLOWERS_PATH = '/ap/users/{identifier}/followers';
export const POST_PATH = '/ap/posts/{id}';
const MISSION_PREFIX = 'm-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Followers listed per page of the collection (Mastodon reads the first page and the total). */
const FOLLOWERS_PAGE = 50;

export type LocalActor = { kind: FederationActorKind; id: string; identifier: string };

/**
 * The server's own actor (decision 094; an Application, as Mastodon's `/actor`) signs what the
 * server says as itself: a report forwarded to another server, so the reporter stays anonymous.
 * Its identifier is the host name, which no username can be (usernames have no dots) and no
 * mission's `m-<id>` either. Nobody follows it; it has no outbox.
 */
export const instanceIdentifier = (deps: Deps) => new URL(deps.config.publicUrl).hostname;
/** Whose key pair the instance actor's is in `federation_keys` (0047): the nil UUID. */
const INSTANCE_KEYS = { kind: 'instance', id: '00000000-0000-0000-0000-000000000000' } as const;

/** Which local actor an identifier names, if it is a well-formed one (existence is checked apart). */
function actorOf(identifier: string): { kind: FederationActorKind; key: string } | null {
  if (identifier.startsWith(MISSION_PREFIX)) {
    const id = identifier.slice(MISSION_PREFIX.length);
    return UUID.test(id) ? { kind: 'mission', key: id } : null;
  }
  return /^[a-z0-9_]{1,64}$/.test(identifier) ? { kind: 'person', key: identifier } : null;
}

/** The person an actor identifier names, whose blocks a fetch of it answers to (a mission has none). */
async function blockerOf(deps: Deps, identifier: string): Promise<string | null> {
  const actor = await findLocalActor(deps, identifier);
  return actor?.kind === 'person' ? actor.id : null;
}

/** The local actor an identifier names when it may federate now (else null: 404 everywhere). */
export async function findLocalActor(deps: Deps, identifier: string): Promise<LocalActor | null> {
  const parsed = actorOf(identifier);
  if (!parsed) return null;
  if (parsed.kind === 'mission') {
    const mission = await federatedMission(deps.db, parsed.key);
    return mission ? { kind: 'mission', id: mission.id, identifier } : null;
  }
  const person = await federatedPerson(deps.db, parsed.key);
  return person ? { kind: 'person', id: person.id, identifier } : null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Plain text as the HTML ActivityPub expects in `summary`: escaped, paragraphs and line breaks kept. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '');
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
}

/** The web app's page for a profile or a mission (web/src/lib/paths.ts: hash routes). */
export const profilePage = (publicUrl: string, username: string) => `${publicUrl}/#/profile/${username}`;
export const missionPage = (publicUrl: string, missionId: string) => `${publicUrl}/#/missions/${missionId}`;

/**
 * An actor's key pairs, made on first need: RSA-2048 for HTTP Signatures (what Mastodon checks)
 * and Ed25519 for Object Integrity Proofs. Two processes racing store one pair each way; the
 * first stored is the one both read back and use.
 */
async function keyPairsOf(
  deps: Deps,
  actor: { kind: FederationKeysTable['actorKind']; id: string },
): Promise<CryptoKeyPair[]> {
  let stored = await actorKeys(deps.db, actor.kind, actor.id);
  const missing = (['RSASSA-PKCS1-v1_5', 'Ed25519'] as const).filter(
    (algorithm) => !stored.some((k) => k.algorithm === algorithm),
  );
  if (missing.length) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      await insertActorKey(deps.db, actor.kind, actor.id, {
        algorithm,
        publicJwk: await exportJwk(pair.publicKey),
        privateJwk: await exportJwk(pair.privateKey),
      });
    }
    stored = await actorKeys(deps.db, actor.kind, actor.id);
  }
  return Promise.all(
    stored.map(async (k) => ({
      publicKey: await importJwk(k.publicJwk as JsonWebKey, 'public'),
      privateKey: await importJwk(k.privateJwk as JsonWebKey, 'private'),
    })),
  );
}

/**
 * Whether a remote actor's inboxes are on public addresses (Fedify checks the documents it fetches,
 * not where it delivers); FEDERATION_ALLOW_PRIVATE_ADDRESSES lifts it, as it does Fedify's guard.
 */
export async function publicInboxes(deps: Deps, remote: { inbox: string; sharedInbox: string | null }) {
  if (deps.config.federation.allowPrivateAddresses) return true;
  try {
    for (const url of [remote.inbox, remote.sharedInbox]) if (url) await validatePublicUrl(url);
    return true;
  } catch {
    return false;
  }
}

/** Where a remote actor is reached, as federation_followers and federation_remote_actors keep it. */
export function remoteOf(actor: Actor) {
  if (!actor.id || !actor.inboxId) return null;
  const preferred = actor.preferredUsername?.toString() ?? null;
  return {
    uri: actor.id.href,
    host: actor.id.host.toLowerCase(),
    handle: preferred ? `@${preferred}@${actor.id.host}` : null,
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
    name: actor.name?.toString() ?? null,
  };
}

/**
 * Builds the app's one Federation: actors, keys, WebFinger (Fedify answers it from the actor
 * dispatcher), the inbox, the followers and outbox collections and NodeInfo, on a KvStore in our
 * database and a MessageQueue on our job queue (decision 082).
 */
export type FederationOptions = {
  version: string;
  /** Files a remote Flag in the moderation queue (the moderation feature's, handed over in app.ts). */
  fileRemoteReport: FileRemoteReport;
  /** Keeps an Offer of help from elsewhere among our offers (the offers feature's, decision 090). */
  remoteOffers: RemoteOfferHandOff;
};

export function createMusterFederation(deps: Deps, options: FederationOptions): MusterFederation {
  const { config } = deps;
  const queue = jobMessageQueue(deps.db, deps.jobs);
  const federation = createFederation<FederationData>({
    kv: databaseKvStore(deps.db),
    queue,
    // Our job queue's workers take the tasks (jobMessageQueue): Fedify's own listener never runs.
    manuallyStartQueue: true,
    // URLs and handles come from PUBLIC_URL whatever Host a request names (behind a proxy, in tests).
    origin: config.publicUrl,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    userAgent: { software: `Muster/${options.version}`, url: new URL(config.publicUrl) },
  });
  queue.handle((message) => federation.processQueuedTask(deps, message as never));

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const { publicUrl } = ctx.data.config;
      const keys = async (identifier: string) => {
        const pairs = await ctx.getActorKeyPairs(identifier);
        return {
          publicKey: pairs[0]?.cryptographicKey ?? null,
          assertionMethods: pairs.map((p) => p.multikey),
        };
      };
      const common = (identifier: string) => ({
        id: ctx.getActorUri(identifier),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: false,
        discoverable: true,
      });
      if (identifier === instanceIdentifier(ctx.data))
        return new Application({
          id: ctx.getActorUri(identifier),
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          ...(await keys(identifier)),
          preferredUsername: identifier,
          name: 'Muster',
          url: new URL(publicUrl),
          manuallyApprovesFollowers: true,
          discoverable: false,
        });
      const parsed = actorOf(identifier);
      if (!parsed) return null;
      if (parsed.kind === 'mission') {
        const mission = await federatedMission(ctx.data.db, parsed.key);
        if (!mission) return null;
        return new Group({
          ...common(identifier),
          ...(await keys(identifier)),
          preferredUsername: identifier,
          name: mission.title,
          summary: textToHtml(mission.description),
          url: new URL(missionPage(publicUrl, mission.id)),
          icon: mission.photo ? new Image({ url: new URL(mission.photo, `${publicUrl}/`) }) : null,
          published: instant(mission.createdAt),
        });
      }
      const person = await federatedPerson(ctx.data.db, parsed.key);
      if (!person) return null;
      return new Person({
        ...common(identifier),
        ...(await keys(identifier)),
        preferredUsername: person.username,
        name: `${person.firstName} ${person.lastName}`.trim(),
        summary: textToHtml(person.bio),
        url: new URL(profilePage(publicUrl, person.username)),
        icon: new Image({ url: new URL(person.profilePicture ?? DEFAULT_AVATAR, `${publicUrl}/`) }),
        published: instant(person.createdAt),
      });
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      if (identifier === instanceIdentifier(ctx.data)) return keyPairsOf(ctx.data, INSTANCE_KEYS);
      const actor = await findLocalActor(ctx.data, identifier);
      return actor ? keyPairsOf(ctx.data, actor) : [];
    })
    // Someone a person blocked gets 404 for what they sign a fetch of (decision 092).
    .authorize(async (ctx, identifier) => fetchAllowed(ctx, await blockerOf(ctx.data, identifier)));

  federation
    .setFollowersDispatcher(FOLLOWERS_PATH, async (ctx, identifier, cursor) => {
      const actor = await findLocalActor(ctx.data, identifier);
      if (!actor) return null;
      // Without a cursor Fedify asks for the whole collection; we answer it in pages instead.
      if (cursor === null) return null;
      const after = parseCursor(cursor);
      const rows = await followersPage(ctx.data.db, actor.kind, actor.id, after, FOLLOWERS_PAGE);
      const page = rows.slice(0, FOLLOWERS_PAGE);
      const last = page.at(-1);
      return {
        items: page.map((row): Recipient => ({
          id: new URL(row.remoteActor),
          inboxId: new URL(row.inbox),
          endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
        })),
        nextCursor: rows.length > FOLLOWERS_PAGE && last ? formatCursor(last) : null,
      };
    })
    .setCounter(async (ctx, identifier) => {
      const actor = await findLocalActor(ctx.data, identifier);
      return actor ? countFollowers(ctx.data.db, actor.kind, actor.id) : null;
    })
    // No first page for an actor that is not there: Fedify then answers 404, not an empty collection.
    .setFirstCursor(async (ctx, identifier) => ((await findLocalActor(ctx.data, identifier)) ? '' : null))
    .authorize(async (ctx, identifier) => fetchAllowed(ctx, await blockerOf(ctx.data, identifier)));

  // What an actor published (decision 086): a person's public federated posts, a public mission's
  // public updates, as Creates, newest first, in pages, with the total.
  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier, cursor) => {
      const actor = await findLocalActor(ctx.data, identifier);
      if (!actor) return null;
      // Without a cursor Fedify asks for the whole collection; we answer it in pages instead.
      if (cursor === null) return null;
      return outboxPage(ctx.data, actor, cursor);
    })
    .setCounter(async (ctx, identifier) => {
      const actor = await findLocalActor(ctx.data, identifier);
      return actor ? outboxCount(ctx.data, actor) : null;
    })
    // No first page for no actor: Fedify then asks the dispatcher for the whole, which answers 404.
    .setFirstCursor(async (ctx, identifier) => ((await findLocalActor(ctx.data, identifier)) ? '' : null))
    .authorize(async (ctx, identifier) => fetchAllowed(ctx, await blockerOf(ctx.data, identifier)));

  // A post's Note at its id (notes.ts federationUrls), only while a stranger may read it: else 404.
  federation
    .setObjectDispatcher(Note, POST_PATH, async (ctx, { id }) => {
      if (!UUID.test(id)) return null;
      return (await publicNoteOf(ctx.data.db, ctx.data.config.publicUrl, id))?.note ?? null;
    })
    .authorize(async (ctx, { id }) =>
      fetchAllowed(ctx, UUID.test(id) ? ((await federatedPost(ctx.data.db, id))?.authorId ?? null) : null),
    );
  // Its changes go to the author's followers through the job queue (outgoing.ts).
  subscribeOutgoing(deps, federation);
  // Offers of help across servers and their answers go through the job queue (decision 090).
  subscribeRemoteOffers(deps, federation);

  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const actor = await findLocalActor(ctx.data, target.identifier);
      if (!actor) return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower)) return;
      const remote = remoteOf(follower);
      // The signer owns the follower (Fedify checked the signature's key belongs to the activity's actor).
      if (!remote || remote.uri !== follow.actorId.href) return;
      // Queued before an admin blocked its server: refused now all the same.
      if (await isBlockedHost(ctx.data.db, remote.host)) return;
      // Someone the person blocked (decision 092): no follow, no Accept; they are not told.
      if (actor.kind === 'person' && (await isRemoteBlocked(ctx.data.db, actor.id, remote.uri))) return;
      // We will POST to its inboxes: an actor naming an inbox on a private address (a cloud's
      // metadata service, the LAN) would turn our deliveries into requests inside our network.
      if (!(await publicInboxes(ctx.data, remote))) return;
      await upsertRemoteActor(ctx.data.db, remote);
      await insertFollower(ctx.data.db, {
        actorKind: actor.kind,
        actorId: actor.id,
        remoteActor: remote.uri,
        inbox: remote.inbox,
        sharedInbox: remote.sharedInbox,
        followId: follow.id.href,
      });
      // Public actors accept at once (issue 38): the Accept goes through the queue like any delivery.
      await ctx.sendActivity(
        { identifier: actor.identifier },
        follower,
        new Accept({
          id: new URL(`${ctx.getActorUri(actor.identifier).href}#accepts/${newId()}`),
          actor: ctx.getActorUri(actor.identifier),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!undo.actorId) return;
      // A Like or a boost taken back (incoming.ts): uncounted.
      if (object instanceof Like || object instanceof Announce)
        return onUndoReaction(ctx, undo.actorId, object);
      // An offer of help taken back (offers-remote.ts): withdrawn.
      if (object instanceof Offer) return onUndoOffer(ctx, undo.actorId, object, options.remoteOffers);
      if (!(object instanceof Follow) || !object.objectId) return;
      // Only the follower may take its own Follow back.
      if (object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      const parsed = actorOf(target.identifier);
      if (!parsed) return;
      const actor =
        parsed.kind === 'mission'
          ? await federatedMission(ctx.data.db, parsed.key)
          : await federatedPerson(ctx.data.db, parsed.key);
      if (!actor) return;
      await deleteFollower(ctx.data.db, parsed.kind, actor.id, undo.actorId.href);
    })
    // What comes in beyond follows (decision 087): incoming.ts reads each.
    // An answer to one of our Offers of help (offers-remote.ts), else to one of our Follows.
    .on(
      Accept,
      async (ctx, accept) => void ((await onOfferAnswer(ctx, accept)) || (await onAccept(ctx, accept))),
    )
    .on(
      Reject,
      async (ctx, reject) => void ((await onOfferAnswer(ctx, reject)) || (await onReject(ctx, reject))),
    )
    .on(Offer, (ctx, offer) => onOffer(ctx, offer, options.remoteOffers))
    .on(Create, onNote)
    .on(Update, onNote)
    .on(Delete, onDelete)
    .on(Like, onReaction)
    .on(Announce, onReaction)
    .on(Flag, (ctx, flag) => onFlag(ctx, flag, options.fileRemoteReport))
    .onError((ctx, err) => ctx.data.log.warn({ err }, 'federation inbox listener failed'));

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const usage = await usageCounts(ctx.data.db);
    return {
      software: {
        name: 'muster',
        version: options.version,
        homepage: new URL(ctx.data.config.publicUrl),
      },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: {
        users: { total: usage.users },
        localPosts: usage.posts,
        localComments: usage.comments,
      },
    };
  });

  return federation;
}

/** A followers page's cursor: the last row's time and URI (the page's order), as text. */
function formatCursor(row: { createdAt: Date; remoteActor: string }) {
  return `${row.createdAt.toISOString()}|${row.remoteActor}`;
}

function parseCursor(cursor: string): { createdAt: Date; remoteActor: string } | null {
  const bar = cursor.indexOf('|');
  if (bar < 0) return null;
  const createdAt = new Date(cursor.slice(0, bar));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, remoteActor: cursor.slice(bar + 1) };
}

export type { Context };
