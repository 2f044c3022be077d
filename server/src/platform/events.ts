import type { Db } from '../db/database.js';
import type { JobQueue } from './jobs.js';
import { afterCommit } from './transaction.js';

/**
 * Domain events: how one feature tells the others that something happened without calling
 * them. Notifications, chats, matching and caches subscribe; the emitter knows none of them.
 * Payloads cross the job queue as JSON: only strings, numbers, booleans, arrays and objects.
 */
export type DomainEvents = {
  'user.signed_up': { userId: string };
  /** An address proven by its mailed link (issue 35: a first admin named by address becomes one then). */
  'user.email_verified': { userId: string; email: string };
  'post.liked': { postId: string; authorId: string; likerId: string };
  /**
   * An open need or want expires soon (issue 16): its author is asked "Still needed?" ('stillNeeded'),
   * once for each expiry. Emitted by the posts feature's scheduled job.
   */
  'post.expiring': {
    postId: string;
    authorId: string;
    kind: 'need' | 'want';
    /** Its title, or its text when it has none. */
    title: string;
    /** ISO 8601. */
    expiresAt: string;
    /** Whole days left at the job's clock (at least 1). */
    daysLeft: number;
  };
  /**
   * The author of a fulfilled need or want credited helpers who were not credited on it before
   * (issue 32 item 6): each is told ('systemNotification', sub-type 'credited'), once per post.
   */
  'post.credited': {
    postId: string;
    authorId: string;
    authorName: string;
    helperIds: string[];
    title: string;
  };
  /** A post was created or edited (issue 16): matching scores a need, want or provision after the answer. */
  'post.saved': { postId: string; authorId: string; kind: string };
  /** An open need or want passed its expiry and closed (issue 16): federation sends its Update (decision 086). */
  'post.expired': { postId: string; authorId: string };
  /** A post was deleted, by its author or a moderator: federation sends a Delete if it went out (decision 086). */
  'post.deleted': { postId: string; authorId: string };
  /**
   * A post or a comment was written, or its text edited (issue 35 item 5, decision 072): within its
   * transaction the moderation feature files it for review when it names a watched word or link
   * domain, or when it was published hidden (`held`: a young account asking for money). Review
   * never blocks it.
   */
  'content.written': {
    targetType: 'post' | 'comment';
    targetId: string;
    authorId: string;
    /** What it says (a post's title and text). */
    text: string;
    held: boolean;
  };
  /**
   * A new post is on the emergency board (issue 16): marked as an emergency, or a mission update
   * (0022's posts_board). The board tells those who may see it, live (decisions 023, 058).
   */
  'post.on_board': { postId: string; authorId: string; missionId: string | null };
  /**
   * A need or want and a provision matched (issue 16): `userId` is told of `otherPostId` by
   * `otherAuthorId` ('matchFound'); `side` says whether they hold the provision or the need.
   */
  'match.found': {
    userId: string;
    otherAuthorId: string;
    otherPostId: string;
    side: 'provider' | 'seeker';
    message: string;
    reasons: string;
  };
  /**
   * A new post fits a saved alert of `userId` (issue 37 item 2, decision 080): they are told
   * ('alertMatch', kind 'alerts') of `postId` by `authorId`, once per alert and post, a few a day.
   * `message` names the post's public place only.
   */
  'alert.matched': {
    userId: string;
    alertId: string;
    alertName: string;
    postId: string;
    authorId: string;
    message: string;
  };
  'comment.created': {
    postId: string;
    /** The comment (issue 35, decision 071: its notices name it, so a moderator's hide hides them too); absent in jobs queued before. */
    commentId?: string;
    postAuthorId: string;
    commenterId: string;
    content: string;
    parentAuthorId: string | null;
  };
  /**
   * A post or a comment (`commentId`) names people by @username (issue 34): each who may read it is
   * told ('mention'), once per post and per comment. `usernames`: folded, each once, at most
   * MENTIONS_PER_TEXT; on an edit only those the text did not name before. `text`: what it says.
   */
  'mention.made': {
    authorId: string;
    postId: string;
    commentId: string | null;
    usernames: string[];
    text: string;
  };
  /** A comment and its replies were removed: the posts feature's kept texts (their counts) go. */
  'comment.removed': { postId: string; commentId: string };
  /**
   * A remote Like, Announce or reply of one of our posts came or went (decision 091): 0045's
   * triggers moved its counts, so the posts feature's kept texts go.
   */
  'post.remote_counts_changed': { postId: string };
  /**
   * Someone reported a thing (issue 35, decision 068): within the report's transaction, the
   * moderation feature keeps the thing as it is now with the report and files it in the target's
   * open case. `ownerId`: who is behind the thing (its author, or the person reported).
   */
  'report.filed': {
    reportId: string;
    reporterId: string;
    targetType: 'post' | 'comment' | 'user' | 'collaboration' | 'message';
    targetId: string;
    ownerId: string;
    reason: string;
  };
  /**
   * A moderator dismissed a case (decision 068): each of its reporters is told their report was
   * reviewed, once, without anyone being named (the notifications feature).
   */
  'moderation.case_dismissed': { caseId: string; reporterIds: string[] };
  /**
   * Issue 35 item 3 (decision 070). Within the moderator's transaction the feature that owns the
   * content applies the decision to its row (`within` handlers), so a failure rolls the action
   * back: 'hide' sets its `hidden_reason` (the author still sees it, with why; nobody else does),
   * 'restore' clears it (an appeal lifted), 'delete' removes it by the owner's own delete path.
   */
  'moderation.content_hidden': {
    targetType: 'post' | 'comment' | 'collaboration' | 'message';
    targetId: string;
    reason: string;
  };
  'moderation.content_restored': {
    targetType: 'post' | 'comment' | 'collaboration' | 'message';
    targetId: string;
  };
  /**
   * A moderator dismissed a case about content (decision 072): it breaks no rule, so content held
   * for review before anyone saw it (a young account's post asking for money) is published. Content
   * hidden by a strike is not touched: only an appeal lifts that (`content_restored`).
   */
  'moderation.content_approved': {
    targetType: 'post' | 'comment' | 'collaboration' | 'message';
    targetId: string;
  };
  'moderation.content_deleted': {
    targetType: 'post' | 'comment' | 'collaboration' | 'message';
    targetId: string;
  };
  /**
   * A case was closed with an action (a strike): on the queue, the author is told by their
   * channels (kind 'safety') with the rule and the reason, and each reporter that their report was
   * acted on, naming nobody.
   */
  'moderation.case_actioned': {
    caseId: string;
    strikeId: string;
    authorId: string | null;
    reporterIds: string[];
  };
  /** An appeal was decided: on the queue, the author is told the decision and the reason. */
  'moderation.appeal_decided': { strikeId: string; authorId: string; decision: 'uphold' | 'lift' };
  /**
   * An account was suspended (or its suspension lifted): after the commit every session of it is
   * dropped from every process's cache and its sockets close (the hub), as a sign-out everywhere.
   */
  'user.suspended': { userId: string };
  /**
   * An account was limited (its posts shown to its connections only), or its limit lifted: in the
   * moderator's transaction, so federation retracts with a Delete each post of theirs that went out
   * (decision 092).
   */
  'user.limited': { userId: string };
  /** Someone followed a hashtag, or no longer does: the posts feature drops their home feed's kept network. */
  'hashtag.followed': { userId: string; tag: string };
  'hashtag.unfollowed': { userId: string; tag: string };
  /** Emitted once, when the block is new: what lies between the two (connections, requests, notifications) goes. */
  'user.blocked': { blockerId: string; blockedId: string };
  /** The muter muted someone (new or again): lists kept for the muter, such as "people you may know", go. */
  'user.muted': { muterId: string; mutedId: string };
  /** The person changed their privacy settings (who finds them, who sees what): lists kept for others go. */
  'user.privacy_changed': { userId: string };
  /** A new connection request: the recipient is told. */
  'connection.requested': { requestId: string; senderId: string; recipientId: string };
  /** The recipient accepted (or asked back, which is the same): the sender is told by name. */
  'connection.accepted': { senderId: string; recipientId: string; recipientName: string };
  /** A request left the recipient's hands unanswered (ignored, withdrawn, or ended by a block): its notice goes. */
  'connection.request_dropped': { senderId: string; recipientId: string };
  /** A new mission; its owner is already a member (role 'owner'). The chats feature makes its group chat. */
  'mission.created': { missionId: string; ownerId: string; title: string };
  /**
   * The owner changed who sees a mission (public or members only), in the edit's transaction: made
   * members-only, federation retracts with a Delete each of its updates that went out (decision 092).
   */
  'mission.visibility_changed': { missionId: string; visibility: 'public' | 'members' };
  /** Someone became a member (an approved join request). The chats feature adds them to the mission chat. */
  'mission.member_joined': { missionId: string; userId: string };
  /** A member left or was removed. The chats feature takes them out of the mission chat. */
  'mission.member_left': { missionId: string; userId: string };
  /** Someone asked to join a mission: its owner is told (notification 'missionJoinRequest'). */
  'mission.join_requested': {
    missionId: string;
    title: string;
    ownerId: string;
    requesterId: string;
    requestId: string;
    role: 'partner' | 'collaborator';
  };
  /** A join request was approved: the requester is told (notification 'missionJoinApproved'). */
  'mission.join_approved': { missionId: string; title: string; userId: string; approverId: string };
  /**
   * Someone offered help on a need or want (postId) or to a mission (missionId): the owner is told
   * ('newOffer' on a post, 'missionHelp' on a mission; counted in offer-counts).
   */
  'offer.made': Omit<OfferEvent, 'helperId'> & {
    message: string;
    /** The helper here; null for a helper on another server (decision 090), named by `remoteHelper`. */
    helperId: string | null;
    /** A helper on another server: their name and handle (`@user@host`), for the owner's notice. */
    remoteHelper: { name: string; handle: string } | null;
  };
  /**
   * The owner accepted: the chats feature opens (or reuses) their direct chat and posts the offer in
   * it as the helper's message (message id = offer id, so it is there once); the helper is told.
   */
  'offer.accepted': OfferEvent & {
    message: string;
    /** The pair's direct chat: the one they have, or the id the chats feature opens it with. */
    chatId: string;
    /** The owner's name, for the helper's notice. */
    ownerName: string;
  };
  /** The owner declined: the helper is told kindly, with no details. */
  'offer.declined': OfferEvent;
  /**
   * The author of a listing on another server accepted or declined an offer a person here sent
   * (decision 090): the helper is told ('systemNotification', sub-type 'remoteOfferAnswer').
   */
  'offer.remote_answered': {
    offerId: string;
    helperId: string;
    decision: 'accepted' | 'declined';
    /** Who answered, as their server names them. */
    ownerName: string;
    title: string;
  };
  /** A member posted an update: members and followers (but the author) are told ('missionUpdate'). */
  'mission.updated': { missionId: string; postId: string; authorId: string };
  /** A task was added to a mission: its assignee and the mission's owner are told, pointing at the mission chat. */
  'task.created': TaskEvent;
  /**
   * The recipient of a chat request (issue 15) declined it: its sender is told only that it was not
   * accepted (the notifications feature), never why.
   */
  'chat.request_declined': {
    requestId: string;
    senderId: string;
    recipientId: string;
    recipientName: string;
  };
  /**
   * A message started a burst in a chat (issue 34): when the burst ends (`until`, ISO 8601), each
   * member away from the chat hears once of its messages still unread then (the notifications
   * feature), not of each message. Emitted once per burst (keyed by chat and `since`).
   */
  'chat.burst_started': { chatId: string; since: string; until: string };
  /** A stranger's first message waits as a chat request (issue 15): its recipient is told (issue 34). */
  'chat.requested': { requestId: string; senderId: string; recipientId: string };
  /**
   * A moderator answered a request to be verified as an organisation, or took a verification back
   * (issue 35 item 6): its author is told ('systemNotification', sub-type 'verification'), with
   * the moderator's reason but not their name.
   */
  'organisation.decided': {
    requestId: string;
    userId: string;
    outcome: 'approved' | 'refused' | 'revoked';
    organisationName: string;
    reason: string;
  };
  /** A task moved to another status: its assignee and the mission's owner are told. */
  'task.status_changed': TaskEvent & { status: 'todo' | 'in_progress' | 'done' };
};

/** An offer of help: who made it, who received it, and what it is about (a post or a mission, with its title). */
type OfferEvent = {
  offerId: string;
  ownerId: string;
  helperId: string;
  postId: string | null;
  missionId: string | null;
  /** The need's title (or the start of its text), or the mission's title. */
  title: string;
  /** The post's kind (an offer on a post is on a need or a want), null for a mission. */
  postKind: 'need' | 'want' | null;
};

/** What a task notification needs: who acted, who hears, and where its click goes (the mission chat). */
type TaskEvent = {
  taskId: string;
  missionId: string;
  /** The mission's group chat, or null if it has none. */
  chatId: string | null;
  ownerId: string;
  assigneeId: string | null;
  actorId: string;
  title: string;
};

type Handler<K extends keyof DomainEvents> = (trx: Db, payload: DomainEvents[K]) => Promise<void>;
type LocalHandler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;

/**
 * A feature's durable subscriptions: each event it listens to becomes a job on its own queue.
 * With `when`, only the events it would act on are enqueued (matching scores needs, wants and
 * provisions, not every post): no job is written, fetched and completed to do nothing.
 */
export type Subscriber = {
  on: <K extends keyof DomainEvents>(
    name: K,
    handler: Handler<K>,
    options?: { when?: (payload: DomainEvents[K]) => boolean },
  ) => void;
};

type Subscription = { handler: Handler<never>; when: ((payload: never) => boolean) | undefined };
const wants = (s: Subscription, payload: unknown) => !s.when || s.when(payload as never);

/**
 * How one feature tells the others that something happened, in three kinds of subscription
 * (decision 060 lists which event goes where, and why):
 * - `within`: an invariant of the write (the chat an accepted offer opens). It runs inside the
 *   writer's transaction; if it throws, the write is rolled back and the client gets the error.
 * - `subscriber(queue).on`: work that may happen later (a notice, a match, a mail). The event is
 *   enqueued on the feature's queue in the writer's transaction and runs once, in its own
 *   transaction, in whichever process takes it, retried with backoff until it succeeds or lands
 *   in the dead letters (platform/jobs.ts).
 * - `afterCommit`: what this process keeps in memory (caches) and drops once the write commits.
 *   Other processes' copies age out on their own; nothing durable may hang on it.
 */
export type EventBus = {
  within: <K extends keyof DomainEvents>(name: K, handler: Handler<K>) => void;
  subscriber: (queue: string) => Subscriber;
  afterCommit: <K extends keyof DomainEvents>(name: K, handler: LocalHandler<K>) => void;
  /**
   * Inside the writer's transaction (`inTransaction`), or it throws. With a `key`, the same event
   * emitted twice with the same key is enqueued once (a scheduled run that repeats).
   */
  emit: <K extends keyof DomainEvents>(
    trx: Db,
    name: K,
    payload: DomainEvents[K],
    options?: { key?: string },
  ) => Promise<void>;
};

/** What a queue's job carries: the event and its payload, as JSON (dates arrive as strings). */
type EventJob = { event: keyof DomainEvents; payload: unknown };

export function createEventBus(jobs: JobQueue): EventBus {
  const within = new Map<keyof DomainEvents, Handler<never>[]>();
  const local = new Map<keyof DomainEvents, LocalHandler<never>[]>();
  /** queue → event → subscriptions; and event → the queues that listen to it. */
  const queues = new Map<string, Map<keyof DomainEvents, Subscription[]>>();
  const queuesOf = new Map<keyof DomainEvents, string[]>();
  const add = <V>(map: Map<keyof DomainEvents, V[]>, name: keyof DomainEvents, value: V) =>
    map.set(name, [...(map.get(name) ?? []), value]);

  return {
    within: (name, handler) => add(within, name, handler as Handler<never>),
    afterCommit: (name, handler) => add(local, name, handler as LocalHandler<never>),
    subscriber: (queue) => {
      let events = queues.get(queue);
      if (!events) {
        const handlers = (events = new Map());
        queues.set(queue, handlers);
        jobs.define(queue, async (trx, data) => {
          const { event, payload } = data as EventJob;
          for (const s of handlers.get(event) ?? [])
            if (wants(s, payload)) await (s.handler as Handler<typeof event>)(trx, payload as never);
        });
      }
      const handlers = events;
      return {
        on: (name, handler, { when } = {}) => {
          if (!handlers.has(name)) add(queuesOf, name, queue);
          add(handlers, name, { handler: handler as Handler<never>, when: when as Subscription['when'] });
        },
      };
    },
    emit: async (trx, name, payload, { key } = {}) => {
      if (!trx.isTransaction) throw new Error(`event ${name} emitted outside the writer's transaction`);
      for (const handler of within.get(name) ?? []) await (handler as Handler<typeof name>)(trx, payload);
      for (const queue of queuesOf.get(name) ?? [])
        if (
          queues
            .get(queue)!
            .get(name)!
            .some((s) => wants(s, payload))
        )
          await jobs.send(trx, queue, { event: name, payload }, key ? { key: `${name}:${key}` } : {});
      for (const handler of local.get(name) ?? [])
        afterCommit(trx, () => (handler as LocalHandler<typeof name>)(payload));
    },
  };
}
