import { z } from 'zod';
import {
  CATEGORY_MAX,
  COMMENT_MAX,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  needStatuses,
} from './posts-constants.js';
import { createOfferSchema } from './offers.js';
import { createReportSchema } from './safety.js';

/*
 * Federation (issue 38). Each part of the work keeps its own headed section below; add yours under
 * its own heading rather than inside another's.
 */

// ---------------------------------------------------------------------------------------------
// Objects: what Muster's posts look like on the fediverse, both ways (decision 084)
// ---------------------------------------------------------------------------------------------

/**
 * The JSON-LD namespace of Muster's own fields (`muster:kind`, `muster:status`, …). One stable IRI
 * for every instance, never an instance's own URL: another Muster recognises the extension by this
 * IRI, whichever server the note came from. Like Mastodon's `http://joinmastodon.org/ns#`, it names
 * terms and is never fetched.
 */
export const MUSTER_NS = 'https://muster.social/ns#';
/** The prefix Muster writes its terms with; a reader resolves whichever prefix the context binds to MUSTER_NS. */
export const MUSTER_PREFIX = 'muster';

/** What federates: the post kinds of issue 38's "What goes out" (a general post or a hunt does not). */
export const federatedKinds = ['need', 'want', 'provision', 'mission_update'] as const;
export type FederatedKind = (typeof federatedKinds)[number];

/** An http(s) URL, the only kind an object, an actor or a link from another server may have. */
export const httpUrlSchema = z
  .string()
  .max(2000)
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'Not an http(s) URL');

/** Muster's own fields on a Note, as written under MUSTER_NS (the title is the plain one the bold first line shows). */
export const musterExtensionSchema = z.object({
  kind: z.enum(federatedKinds),
  title: z.string(),
  category: z.string().nullable(),
  status: z.enum(needStatuses).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  emergency: z.boolean(),
});
export type MusterExtension = z.infer<typeof musterExtensionSchema>;

/** An approximate place from another server: city-level text and a point on the 0.01° grid ([longitude, latitude]). */
export const remotePlaceSchema = z.object({
  address: z.string().max(200),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).nullable(),
  approximate: z.literal(true),
});
export type RemotePlace = z.infer<typeof remotePlaceSchema>;

/**
 * A need, want, provision or mission update from another Muster, as this one may show it: every
 * text capped at the spec's limits and plain, the place approximate, and where it lives (its
 * object id, its page, its author's actor, its server).
 */
export const remoteListingSchema = z.object({
  objectId: httpUrlSchema,
  url: httpUrlSchema,
  authorUri: httpUrlSchema,
  server: z.string().min(1).max(253),
  kind: z.enum(federatedKinds),
  title: z.string().max(POST_TITLE_MAX),
  text: z.string().max(POST_CONTENT_MAX),
  category: z.string().max(CATEGORY_MAX).nullable(),
  status: z.enum(needStatuses).nullable(),
  emergency: z.boolean(),
  hashtags: z.array(z.string().max(50)).max(20),
  place: remotePlaceSchema.nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  published: z.iso.datetime({ offset: true }),
  updated: z.iso.datetime({ offset: true }).nullable(),
});
export type RemoteListing = z.infer<typeof remoteListingSchema>;

/**
 * A reply from anywhere on the fediverse (a plain Mastodon status answering something): its text
 * plain and as sanitised HTML (paragraphs, line breaks, http(s) links only), capped like a comment.
 */
export const remoteReplySchema = z.object({
  objectId: httpUrlSchema,
  inReplyTo: httpUrlSchema,
  authorUri: httpUrlSchema,
  server: z.string().min(1).max(253),
  text: z.string().min(1).max(COMMENT_MAX),
  html: z.string(),
  url: httpUrlSchema.nullable(),
  published: z.iso.datetime({ offset: true }),
});
export type RemoteReply = z.infer<typeof remoteReplySchema>;

// ---------------------------------------------------------------------------------------------
// Following: people here following remote accounts (decision 087)
// ---------------------------------------------------------------------------------------------

/**
 * A remote account as a person types it: `@user@host`, `user@host`, or the actor's https URL.
 * The host may carry a port (a test bed, a self-hosted server on another port).
 */
export const remoteHandleSchema = z
  .string()
  .trim()
  .min(3)
  .max(2000)
  .refine(
    (s) =>
      /^@?[\p{L}\p{N}._-]{1,100}@[a-z0-9.-]{1,253}(:\d{1,5})?$/iu.test(s) ||
      (URL.canParse(s) && new URL(s).protocol === 'https:'),
    'Not a handle (@user@host) or an https actor URL',
  );

export const followRemoteSchema = z.object({ handle: remoteHandleSchema });
export const followIdParamsSchema = z.object({ id: z.uuid('Not a follow id') });

/** One remote account I follow, as my list shows it. */
export const remoteFollowSchema = z.object({
  id: z.string(),
  actor: z.string(),
  handle: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  host: z.string(),
  state: z.enum(['pending', 'accepted']),
  createdAt: z.string(),
});
export type RemoteFollow = z.infer<typeof remoteFollowSchema>;

export const remoteFollowResponseSchema = z.object({ data: remoteFollowSchema });
export const remoteFollowsResponseSchema = z.object({ data: z.array(remoteFollowSchema) });

// ---------------------------------------------------------------------------------------------
// Server policies: admins block or limit a whole server (decision 088)
// ---------------------------------------------------------------------------------------------

export const serverPolicies = ['blocked', 'limited'] as const;
export type ServerPolicy = (typeof serverPolicies)[number];

/** A DNS name (at least one dot, as every fediverse server has) or an IPv4 address, with an optional port. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * A remote server's host as a policy names it: trimmed, lower case, `name[:port]`. A scheme, a
 * path, a user or anything but a host is refused rather than guessed at, so the admin sees exactly
 * what is blocked. Without a port a policy covers every port and every subdomain (082).
 */
export const serverHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(260)
  .refine((s) => {
    const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(s);
    if (!m) return false;
    const port = m[2] === undefined ? 1 : Number(m[2]);
    return (HOST_NAME.test(m[1]!) || IPV4.test(m[1]!)) && m[1]!.length <= 253 && port >= 1 && port <= 65535;
  }, 'A server’s host name, like social.example or social.example:8443 (no https:// and no path)');

export const SERVER_REASON_MAX = 500;

export const setServerPolicySchema = z.strictObject({
  host: serverHostSchema,
  policy: z.enum(serverPolicies, 'Block or limit'),
  reason: z
    .string({ error: 'Say why' })
    .trim()
    .min(1, 'Say why')
    .max(SERVER_REASON_MAX, `A reason is at most ${SERVER_REASON_MAX} characters`),
});
export type SetServerPolicyInput = z.infer<typeof setServerPolicySchema>;

export const serverHostParamsSchema = z.object({ host: serverHostSchema });

/** A server with an admin's policy, as the admin page lists it. */
export const federatedServerSchema = z.object({
  host: z.string(),
  policy: z.enum(serverPolicies),
  reason: z.string(),
  /** "First Last (@username)", null once that admin's account is gone. */
  addedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Its actors following people or missions here (none once blocked: the block removes them). */
  followers: z.number().int(),
  /** Its listings stored here (none once blocked). */
  remotePosts: z.number().int(),
});
export type FederatedServer = z.infer<typeof federatedServerSchema>;

export const federatedServerResponseSchema = z.object({ data: federatedServerSchema });
export const federatedServersResponseSchema = z.object({ data: z.array(federatedServerSchema) });

// ---------------------------------------------------------------------------------------------
// Offers of help on another server's listing (decision 090)
// ---------------------------------------------------------------------------------------------

/**
 * Offer help on a remote listing (`POST /api/v1/federation/offers`): the same words as a local
 * offer, and the listing's object id as this server stored it. It travels to the listing's home
 * server, where its author sees it among their offers.
 */
export const remoteOfferSchema = createOfferSchema.extend({ objectId: httpUrlSchema });
export type RemoteOfferInput = z.infer<typeof remoteOfferSchema>;

/** Where an offer sent to another server stands: sent until its author accepts or declines it there. */
export const remoteOfferStates = ['sent', 'accepted', 'declined', 'withdrawn'] as const;

/** One offer I sent to another server, as my list shows it. */
export const sentRemoteOfferSchema = z.object({
  id: z.string(),
  objectId: httpUrlSchema,
  /** The listing's page on its home server. */
  url: httpUrlSchema,
  title: z.string(),
  server: z.string(),
  state: z.enum(remoteOfferStates),
  message: z.string(),
  give: z.string(),
  when: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SentRemoteOffer = z.infer<typeof sentRemoteOfferSchema>;

export const sentRemoteOfferResponseSchema = z.object({ data: sentRemoteOfferSchema });
export const sentRemoteOffersResponseSchema = z.object({ data: z.array(sentRemoteOfferSchema) });

// ---------------------------------------------------------------------------------------------
// Reports of what came from another server (decision 094)
// ---------------------------------------------------------------------------------------------

/**
 * Report a listing or reply that came from another server (`POST /api/v1/federation/reports`): the
 * reasons and note of a local report, and the object's id as this server stored it. It goes to the
 * object's home server as a Flag signed by this server, not by the reporter (as Mastodon forwards
 * reports); the answer is the local report's (`reportResponseSchema`).
 */
export const remoteReportSchema = z.strictObject({
  objectId: httpUrlSchema,
  reason: createReportSchema.shape.reason,
  note: createReportSchema.shape.note,
});
export type RemoteReportInput = z.input<typeof remoteReportSchema>;

// ---------------------------------------------------------------------------------------------
// Blocking a person on another server (decision 092)
// ---------------------------------------------------------------------------------------------

/** Block someone elsewhere by `@user@host` or their https actor URL (as following takes them). */
export const blockRemoteSchema = z.object({ handle: remoteHandleSchema });
export type BlockRemoteInput = z.infer<typeof blockRemoteSchema>;
export const remoteBlockIdParamsSchema = z.object({ id: z.uuid('Not a block id') });

/** One person on another server I blocked, as my blocked list shows them. */
export const remoteBlockSchema = z.object({
  id: z.string(),
  actor: z.string(),
  handle: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  host: z.string(),
  since: z.string(),
});
export type RemoteBlock = z.infer<typeof remoteBlockSchema>;

export const remoteBlockResponseSchema = z.object({ data: remoteBlockSchema });
export const remoteBlocksResponseSchema = z.object({ data: z.array(remoteBlockSchema) });
