import type { ColumnType, Generated } from 'kysely';

// Kysely's view of the database. Columns are snake_case in SQL and camelCase here
// (CamelCasePlugin). One interface per table, added by the migration that creates it.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  mailedAt: Date | null;
  createdAt: CreatedAt;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  headline: Generated<string>;
  bio: Generated<string>;
  /** The public location: city-level (0027, decision 041); what the person typed is in exactLocation. */
  location: Generated<string>;
  /** The location as its owner typed it, for them alone (null: nothing typed). */
  exactLocation: Generated<string | null>;
  profilePicture: string | null;
  /** The author as a post shows them, JSON rendered by a trigger (decision 010); never written by us. */
  card: ColumnType<string, never, never>;
  email: string;
  emailVerifiedAt: Date | null;
  passwordHash: string | null;
  /** Privacy (0012): who sees the profile and its connections, who may message directly, searchable. */
  profileVisibility: Generated<'everyone' | 'connections'>;
  connectionsVisibility: Generated<'everyone' | 'connections' | 'only_me'>;
  messagePolicy: Generated<'everyone' | 'connections'>;
  searchable: Generated<boolean>;
  /** Whether their public posts go to other servers (0041, decision 082); off while not searchable. */
  federate: Generated<boolean>;
  /** Who may moderate (0032, decision 067): an admin may also grant and take roles. */
  role: Generated<'member' | 'moderator' | 'admin'>;
  /** The organisation they are verified as (0034, decision 069): kept by organisation_requests' trigger. */
  verifiedOrg: ColumnType<string | null, never, never>;
  /** Suspended until ('infinity': for good), why, and the rule cited (0035, decision 070); written by moderation. */
  suspendedUntil: Generated<Date | null>;
  suspensionReason: Generated<string | null>;
  suspensionRule: Generated<string | null>;
  /** Limited until (0035): posts reach only connections, no messages to strangers; written by moderation. */
  limitedUntil: Generated<Date | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Reports about one thing, grouped while open (0033, decision 068): at most one open case per target. */
export interface ModerationCasesTable {
  id: string;
  targetType: string;
  targetId: string;
  authorId: string | null;
  status: Generated<'open' | 'closed'>;
  danger: Generated<boolean>;
  reporterCount: Generated<number>;
  assigneeId: Generated<string | null>;
  firstReportedAt: Date;
  lastReportedAt: Date;
  closedAt: Generated<Date | null>;
  closedBy: Generated<string | null>;
  resolution: Generated<string | null>;
  resolutionReason: Generated<string | null>;
}

/** Which case a report is in, and the reported thing as it was then (0033). */
export interface ModerationCaseReportsTable {
  reportId: string;
  caseId: string;
  snapshot: ColumnType<Record<string, unknown>, string, never>;
}

/** One moderator decision against a person, and its one appeal (0035, decision 070). */
export interface ModerationStrikesTable {
  id: string;
  userId: string;
  caseId: string | null;
  actorId: string | null;
  rule: string;
  reason: string;
  contentAction: 'none' | 'hide' | 'delete';
  accountAction: 'none' | 'warn' | 'limit' | 'suspend';
  endsAt: Date | null;
  createdAt: CreatedAt;
  appealText: Generated<string | null>;
  appealedAt: Generated<Date | null>;
  appealDecision: Generated<'uphold' | 'lift' | null>;
  appealReason: Generated<string | null>;
  appealDecidedBy: Generated<string | null>;
  appealDecidedAt: Generated<Date | null>;
  liftedAt: Generated<Date | null>;
}

/** A word or link domain admins watch (0036, decision 072): kept normalised, once per kind. */
export interface ModerationWatchedTable {
  id: string;
  kind: 'word' | 'domain';
  value: string;
  addedBy: string | null;
  createdAt: CreatedAt;
}

/** What the server itself filed in a case (0036, decision 072): a watched match, money from a young account. */
export interface ModerationCaseFlagsTable {
  id: string;
  caseId: string;
  reason: Generated<string>;
  note: string;
  snapshot: ColumnType<Record<string, unknown>, string, never>;
  createdAt: CreatedAt;
}

/** Moderators' internal notes on a case (0033). */
export interface ModerationCaseNotesTable {
  id: string;
  caseId: string;
  authorId: string | null;
  body: string;
  createdAt: CreatedAt;
}

/** Every moderation action and role change (0032): append-only, a trigger refuses edits and deletes. */
export interface ModerationAuditTable {
  id: string;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  subjectId: string | null;
  subjectName: string | null;
  reason: Generated<string>;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  createdAt: CreatedAt;
}

/** Asks to be verified as an organisation, and the answers (0034, decision 069). */
export interface OrganisationRequestsTable {
  id: string;
  userId: string;
  organisationName: string;
  website: string;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  proof: string;
  status: Generated<'waiting' | 'approved' | 'refused' | 'revoked'>;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
}

export interface SessionsTable {
  id: string;
  tokenHash: string;
  userId: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: CreatedAt;
  lastSeenAt: Timestamp;
  expiresAt: Date;
}

export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'reset_password' | 'sign_in';

export interface EmailTokensTable {
  id: string;
  userId: string;
  purpose: EmailTokenPurpose;
  tokenHash: string;
  newEmail: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  userId: string;
  createdAt: CreatedAt;
}

export interface OidcFlowsTable {
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  createdAt: CreatedAt;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  type: string;
  subType: string | null;
  slideType: string | null;
  typeTask: string | null;
  message: Generated<string>;
  senderId: string | null;
  relatedPostId: string | null;
  relatedUserId: string | null;
  relatedMissionId: string | null;
  chatId: string | null;
  commentContent: string | null;
  replyContent: string | null;
  readAt: Date | null;
  createdAt: CreatedAt;
  /** The settings' kind (contract/notification-settings.ts) that picks its channel; null: the app only (0030). */
  kind: string | null;
  /** A coalesced like notice: how many others liked besides the sender, its latest liker (0031). */
  othersCount: Generated<number>;
  /** A coalesced notice's burst: it is told away from the app once, then (0031); null for the others. */
  burstUntil: Date | null;
  /** The comment a mention is in (0031), or a comment or reply notice tells of (071); null for the others. */
  relatedCommentId: string | null;
}

/** A person's notice choices (0030); no row means the defaults, `channels` only the kinds they changed. */
export interface NotificationSettingsTable {
  userId: string;
  channels: ColumnType<Record<string, string>, string | undefined, string>;
  digest: Generated<'off' | 'daily' | 'weekly'>;
  quietEnabled: Generated<boolean>;
  quietStart: Generated<string>;
  quietEnd: Generated<string>;
  timeZone: Generated<string>;
  lastDigestAt: Date | null;
  updatedAt: Timestamp;
}

export interface MissionNoticeLevelsTable {
  userId: string;
  missionId: string;
  level: 'important' | 'none';
}

export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  /** When this browser last subscribed (a re-subscription or a move to another person renews it). */
  createdAt: Timestamp;
}

export interface InstanceKeysTable {
  name: string;
  value: string;
  createdAt: CreatedAt;
}

export interface CollaborationRequestsTable {
  id: string;
  userId: string;
  category: string;
  title: string;
  description: string;
  /** A calendar date, kept as 'YYYY-MM-DD' text in and out (see database.ts type parsers). */
  deadline: string | null;
  /** The public location: city-level (0027, decision 041); what the owner typed is in exactLocation. */
  location: Generated<string>;
  /** The location as its owner typed it, for them alone (null: nothing typed). */
  exactLocation: Generated<string | null>;
  image: string | null;
  /** Hidden by a moderator, and why (0035, decision 070): the author alone still sees it. */
  hiddenReason: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface BlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: CreatedAt;
}

/** Two rows per connection, one from each side, written and removed together (0012). */
export interface ConnectionsTable {
  userId: string;
  otherId: string;
  createdAt: CreatedAt;
}

export interface ConnectionRequestsTable {
  id: string;
  senderId: string;
  recipientId: string;
  ignoredAt: Date | null;
  createdAt: CreatedAt;
}

export interface MutesTable {
  muterId: string;
  mutedId: string;
  createdAt: CreatedAt;
}

export interface ReportsTable {
  id: string;
  reporterId: string;
  targetType: string;
  targetId: string;
  reason: string;
  note: Generated<string>;
  createdAt: CreatedAt;
}

export type MissionRole = 'owner' | 'partner' | 'collaborator';

/** Missions (0014). Counts are kept by triggers on mission_members and mission_follows; never write them. */
export interface MissionsTable {
  id: string;
  ownerId: string;
  title: Generated<string>;
  description: Generated<string>;
  type: 'collaboration' | 'partnership';
  category: Generated<string>;
  /** The public place text: city-level (issue 16, 0020; 0027); the exact one is in exactLocation. */
  location: Generated<string>;
  /** The public place: approximate (0020's check); the exact one is in exactLocation. */
  mapLocation: ColumnType<unknown, string | null, string | null> | null;
  /** The place as its owner gave it, `{ location, mapLocation }`: for its members only (0020). */
  exactLocation: ColumnType<unknown, string | null, string | null> | null;
  /** The public place's point, generated from mapLocation (0039): what the map's indexes hold. */
  mapPoint: ColumnType<unknown, never, never>;
  photo: string | null;
  visibility: Generated<'public' | 'members'>;
  status: Generated<'ongoing' | 'completed'>;
  partnersCount: ColumnType<number, never, never>;
  collaboratorsCount: ColumnType<number, never, never>;
  followerCount: ColumnType<number, never, never>;
  updateCount: Generated<number>;
  completedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Everyone in a mission, the owner included (role 'owner'). */
export interface MissionMembersTable {
  missionId: string;
  userId: string;
  role: MissionRole;
  joinedAt: CreatedAt;
}

export interface MissionJoinRequestsTable {
  id: string;
  missionId: string;
  userId: string;
  role: 'partner' | 'collaborator';
  message: Generated<string>;
  createdAt: CreatedAt;
}

export interface MissionFollowsTable {
  missionId: string;
  userId: string;
  createdAt: CreatedAt;
}

/** An offer of help on a need or want (postId) or to a mission (missionId), 0015. */
export interface OffersTable {
  id: string;
  postId: string | null;
  missionId: string | null;
  /** The helper here; null for a helper on another server (`remoteHelper`, 0044). */
  helperId: string | null;
  /** Who receives it: the post's author or the mission's owner. */
  ownerId: string;
  /** A helper on another server: their actor URI (a federation_remote_actors row), 0044. */
  remoteHelper: string | null;
  /** The id of the Offer activity a remote helper sent (0044). */
  remoteActivity: string | null;
  message: string;
  give: Generated<string>;
  available: Generated<string>;
  status: Generated<'pending' | 'accepted' | 'declined' | 'withdrawn'>;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

export interface TasksTable {
  id: string;
  missionId: string;
  title: string;
  description: Generated<string>;
  assigneeId: string | null;
  /** A calendar date, 'YYYY-MM-DD' text in and out (see database.ts type parsers). */
  dueDate: string | null;
  status: Generated<'todo' | 'in_progress' | 'done'>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface ChatsTable {
  id: string;
  kind: 'direct' | 'mission';
  directKey: string | null;
  missionId: string | null;
  createdAt: CreatedAt;
  lastMessageAt: Timestamp;
  /** The burst of messages under way (0031): since its first, told to members away once it ends. */
  burstSince: Date | null;
  burstUntil: Date | null;
}

export interface ChatMembersTable {
  chatId: string;
  userId: string;
  lastReadAt: Timestamp;
  joinedAt: CreatedAt;
  /** They take messages here whatever their message policy: they wrote in it, or accepted what opened it (0018). */
  acceptsMessages: Generated<boolean>;
}

export interface ChatMessagesTable {
  id: string;
  chatId: string;
  senderId: string;
  body: string;
  /** The sender's own id for it (0018): unique per sender, so a retry is the same message. */
  clientMessageId: string | null;
  /** Hidden by a moderator, and why (0035, decision 070): the author alone still sees it. */
  hiddenReason: Generated<string | null>;
  createdAt: CreatedAt;
}

/** A first message waiting for a stranger's yes (0018): one per sender and recipient. */
export interface ChatRequestsTable {
  id: string;
  senderId: string;
  recipientId: string;
  message: string;
  clientMessageId: string | null;
  createdAt: CreatedAt;
}

export interface PostsTable {
  id: string;
  authorId: string;
  kind: string;
  title: Generated<string>;
  content: string;
  category: string | null;
  status: string | null;
  huntType: string | null;
  image: string | null;
  video: string | null;
  fileUrl: string | null;
  fileName: string | null;
  review: ColumnType<unknown, string | null, string | null> | null;
  /** The public place: approximate (issue 16, 0020's check); the exact one is in exactLocation. */
  mapLocation: ColumnType<unknown, string | null, string | null> | null;
  /** The place as its author gave it: for the author, an accepted helper, an update's mission members (0020). */
  exactLocation: ColumnType<unknown, string | null, string | null> | null;
  /** The public place's point, generated from mapLocation (0039): what the map's indexes hold. */
  mapPoint: ColumnType<unknown, never, never>;
  mission: ColumnType<unknown, string | null, string | null> | null;
  emergencyEmoji: string | null;
  linkPreview: ColumnType<unknown, string | null, string | null> | null;
  /** A mission update's mission (0014); the update's number is in `mission`. */
  missionId: string | null;
  hashtags: ColumnType<string[], string[] | undefined, string[]>;
  /** The post's own JSON, rendered by a trigger whenever its content changes (decision 010). */
  rendered: ColumnType<string, never, never>;
  /** Local likes and remote Likes (0045's trigger adds those). */
  likeCount: Generated<number>;
  /** Comments and remote replies not removed (0045). */
  commentCount: Generated<number>;
  /** Remote Announces (boosts), kept by 0045's trigger. */
  boostCount: Generated<number>;
  /** Offers that were not withdrawn, kept by 0015's trigger. */
  offerCount: Generated<number>;
  /** Helpers the author credited when marking the need fulfilled (0015). */
  creditedIds: ColumnType<string[], string[] | undefined, string[]>;
  /** A need or want: when it expires (0019; a default is filled in on insert when left out). */
  expiresAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When its author was asked "Still needed?" for this expiry (0019); cleared when kept open. */
  nudgedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Hidden by a moderator, and why (0035, decision 070): the author alone still sees it. */
  hiddenReason: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface PostLikesTable {
  postId: string;
  userId: string;
  createdAt: CreatedAt;
}

/** A liker a post's author was told of (0031): a like is told once per liker and post, ever. */
export interface PostLikeNoticesTable {
  postId: string;
  likerId: string;
}

export interface SavedPostsTable {
  userId: string;
  postId: string;
  createdAt: CreatedAt;
}

export interface PostHashtagsTable {
  postId: string;
  tag: string;
  kind: string;
  createdAt: Date;
  /** The post's author and mission, which never change: the home feed's tag walk reads them from its index (0023). */
  authorId: string;
  missionId: string | null;
}

export interface CommentsTable {
  id: string;
  postId: string;
  authorId: string;
  parentId: string | null;
  content: string;
  /** Hidden by a moderator, and why (0035, decision 070): the author alone still sees it. */
  hiddenReason: Generated<string | null>;
  createdAt: CreatedAt;
}

export interface HashtagFollowsTable {
  userId: string;
  tag: string;
  createdAt: CreatedAt;
}

/** A saved alert (0040, decision 080): its owner's; `place` as they chose it, never shown to others. */
export interface AlertsTable {
  id: string;
  userId: string;
  name: string;
  words: string | null;
  category: string | null;
  kinds: string[];
  place: ColumnType<{ address: string; name?: string; coordinates: [number, number] }, string, string>;
  lon: number;
  lat: number;
  radiusKm: number;
  fromPostId: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** Each alert tells of each post once (0040); `told`: a notice was given (the day's cap counts these). */
export interface AlertNoticesTable {
  alertId: string;
  postId: string;
  userId: string;
  told: boolean;
  createdAt: Generated<Date>;
}

/** A need or want and a provision that scored as a match (0021): one row per pair, for ever. */
export interface PostMatchesTable {
  needId: string;
  provisionId: string;
  needAuthorId: string;
  provisionAuthorId: string;
  score: number;
  reasons: ColumnType<unknown, string, string>;
  needAuthorToldAt: Date | null;
  provisionAuthorToldAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** When each job of platform/scheduler.ts may run next (0019): a run is claimed by moving it on. */
export interface ScheduledJobsTable {
  name: string;
  nextRunAt: Date;
}

/** Fedify's key–value store (0041, decision 082): `key` is the JSON text of its key array. */
export interface FederationKvTable {
  key: string;
  value: unknown;
  expiresAt: Date | null;
}

export type FederationActorKind = 'person' | 'mission';

/** A local actor's key pair as JWK (0041): RSA for HTTP Signatures, Ed25519 for proofs. */
export interface FederationKeysTable {
  /** 'instance' (0047): the server's own actor, under the nil UUID. */
  actorKind: FederationActorKind | 'instance';
  actorId: string;
  algorithm: 'RSASSA-PKCS1-v1_5' | 'Ed25519';
  publicJwk: unknown;
  privateJwk: unknown;
  createdAt: Generated<Date>;
}

/** What we last fetched of a remote actor (0041). */
export interface FederationRemoteActorsTable {
  uri: string;
  handle: string | null;
  host: string;
  inbox: string;
  sharedInbox: string | null;
  name: string | null;
  /** The actor's icon URL (0042). */
  avatar: Generated<string | null>;
  fetchedAt: Generated<Date>;
}

/** A remote actor following a local person or mission (0041): one row per pair. */
export interface FederationFollowersTable {
  actorKind: FederationActorKind;
  actorId: string;
  remoteActor: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
  createdAt: CreatedAt;
}

/** An admin's policy for a whole remote server (0041): blocked refuses all it sends. */
export interface FederationServersTable {
  host: string;
  policy: 'blocked' | 'limited';
  reason: Generated<string>;
  createdBy: string | null;
  createdAt: Generated<Date>;
}

/** A local person following a remote actor (0042, decision 087): pending until its Accept. */
export interface FederationFollowingTable {
  id: string;
  userId: string;
  remoteActor: string;
  followId: string;
  state: Generated<'pending' | 'accepted'>;
  createdAt: CreatedAt;
}

/** Another Muster's public listing as we keep it (0042): plain, sanitised text, approximate place. */
export interface FederationRemotePostsTable {
  objectUri: string;
  remoteActor: string;
  host: string;
  kind: string;
  title: string;
  text: string;
  category: string | null;
  status: string | null;
  emergency: Generated<boolean>;
  placeName: string | null;
  longitude: number | null;
  latitude: number | null;
  expiresAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
  url: string;
  published: ColumnType<Date, Date | string, Date | string>;
  updated: ColumnType<Date | null, Date | string | null, Date | string | null>;
  fetchedAt: Timestamp;
}

/**
 * A remote reply to one of our posts (0042), shown among its comments (0045, decision 091) until
 * the post's author or a moderator removes it (a tombstone: never shown, not counted).
 */
export interface FederationRemoteRepliesTable {
  /** How the comments routes name it (0045). */
  id: Generated<string>;
  objectUri: string;
  postId: string;
  remoteActor: string;
  host: string;
  text: string;
  published: ColumnType<Date, Date | string, Date | string>;
  createdAt: Generated<Date>;
  /** Its page on its own server, when it gave one there (0045). */
  url: Generated<string | null>;
  removedAt: Generated<Date | null>;
  removedBy: Generated<string | null>;
}

/** An offer a person here sent to a listing on another server (0044). */
export interface FederationOffersOutTable {
  id: string;
  userId: string;
  objectUri: string;
  remoteActor: string;
  host: string;
  title: string;
  url: string;
  message: string;
  give: Generated<string>;
  available: Generated<string>;
  state: Generated<'sent' | 'accepted' | 'declined' | 'withdrawn'>;
  activityId: string;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

/** A person's report of a remote listing or reply, sent to its server as a Flag (0047, decision 094). */
export interface FederationReportsOutTable {
  id: string;
  reporterId: string;
  objectUri: string;
  remoteActor: string;
  host: string;
  reason: string;
  note: Generated<string>;
  flagId: string;
  createdAt: CreatedAt;
}

/** A remote Like or Announce of one of our posts (0042): once per actor, kind and post. */
export interface FederationReactionsTable {
  postId: string;
  kind: 'like' | 'announce';
  remoteActor: string;
  host: string;
  activityId: string;
  createdAt: Generated<Date>;
}

/** A person here blocking a person on another server (0046, decision 092): one row per pair. */
export interface FederationPersonBlocksTable {
  id: string;
  userId: string;
  remoteActor: string;
  createdAt: CreatedAt;
}

export interface Database {
  appMeta: AppMetaTable;
  scheduledJobs: ScheduledJobsTable;
  contactMessages: ContactMessagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  emailTokens: EmailTokensTable;
  oidcIdentities: OidcIdentitiesTable;
  oidcFlows: OidcFlowsTable;
  notifications: NotificationsTable;
  notificationSettings: NotificationSettingsTable;
  missionNoticeLevels: MissionNoticeLevelsTable;
  pushSubscriptions: PushSubscriptionsTable;
  instanceKeys: InstanceKeysTable;
  collaborationRequests: CollaborationRequestsTable;
  blocks: BlocksTable;
  connections: ConnectionsTable;
  connectionRequests: ConnectionRequestsTable;
  mutes: MutesTable;
  reports: ReportsTable;
  moderationAudit: ModerationAuditTable;
  moderationCases: ModerationCasesTable;
  moderationCaseReports: ModerationCaseReportsTable;
  moderationCaseNotes: ModerationCaseNotesTable;
  moderationStrikes: ModerationStrikesTable;
  moderationWatched: ModerationWatchedTable;
  moderationCaseFlags: ModerationCaseFlagsTable;
  organisationRequests: OrganisationRequestsTable;
  missions: MissionsTable;
  missionMembers: MissionMembersTable;
  missionJoinRequests: MissionJoinRequestsTable;
  missionFollows: MissionFollowsTable;
  offers: OffersTable;
  tasks: TasksTable;
  chats: ChatsTable;
  chatMembers: ChatMembersTable;
  chatMessages: ChatMessagesTable;
  chatRequests: ChatRequestsTable;
  posts: PostsTable;
  postLikes: PostLikesTable;
  postLikeNotices: PostLikeNoticesTable;
  savedPosts: SavedPostsTable;
  postHashtags: PostHashtagsTable;
  comments: CommentsTable;
  hashtagFollows: HashtagFollowsTable;
  postMatches: PostMatchesTable;
  alerts: AlertsTable;
  alertNotices: AlertNoticesTable;
  federationKv: FederationKvTable;
  federationKeys: FederationKeysTable;
  federationRemoteActors: FederationRemoteActorsTable;
  federationFollowers: FederationFollowersTable;
  federationServers: FederationServersTable;
  federationFollowing: FederationFollowingTable;
  federationReportsOut: FederationReportsOutTable;
  federationRemotePosts: FederationRemotePostsTable;
  federationRemoteReplies: FederationRemoteRepliesTable;
  federationReactions: FederationReactionsTable;
  federationOffersOut: FederationOffersOutTable;
  federationPersonBlocks: FederationPersonBlocksTable;
}
