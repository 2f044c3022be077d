/** JSON bodies are small by default; routes that take uploads (as data URLs) raise their own. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

/**
 * A budget per account on a write made on someone's behalf (DESIGN.md §3): `max` per `timeWindow`,
 * roomy for a person at work, tight for a script posting in their name. Routes draw on them with
 * `limitPerAccount` (rate-limit.ts); WRITE_RATE_LIMIT_SCALE multiplies every `max`.
 */
export type WriteBudget = { name: string; max: number; timeWindow: string };

/** Posts and hunts together: a busy organiser posts a few an hour. */
export const POST_BUDGET: WriteBudget = { name: 'write:posts', max: 30, timeWindow: '1 hour' };
/**
 * Edits of posts (issue 31): twice the posting budget, for typos fixed and needs marked done; each
 * edit that changes a link has it previewed again, so a script cannot make us fetch without end.
 */
export const POST_EDIT_BUDGET: WriteBudget = { name: 'write:post-edits', max: 60, timeWindow: '1 hour' };
/** Keeping needs open (issue 16): an author answers their "Still needed?" notices; a script cannot churn expiries. */
export const KEEP_OPEN_BUDGET: WriteBudget = { name: 'write:keep-open', max: 60, timeWindow: '1 hour' };
/**
 * Likes and unlikes together (issue 31): a reader liking down a busy feed, one every few seconds; a
 * script toggling a like to ring its author's bell is stopped (and a like tells its author once).
 */
export const LIKE_BUDGET: WriteBudget = { name: 'write:likes', max: 120, timeWindow: '10 minutes' };
/** Saving posts for later and unsaving them, together (issue 31): a reader's bookmarks, not a script's churn. */
export const SAVE_BUDGET: WriteBudget = { name: 'write:saves', max: 120, timeWindow: '10 minutes' };
/** Comments and replies: a lively thread, answered one by one. */
export const COMMENT_BUDGET: WriteBudget = { name: 'write:comments', max: 60, timeWindow: '10 minutes' };
/** Direct messages: a fast typist in one conversation, one a second. */
export const MESSAGE_BUDGET: WriteBudget = { name: 'write:messages', max: 60, timeWindow: '1 minute' };
/** Collaboration requests: calls for help are considered, not fired off. */
export const COLLABORATION_REQUEST_BUDGET: WriteBudget = {
  name: 'write:collaboration-requests',
  max: 10,
  timeWindow: '1 hour',
};
/** Reports (issue 11): enough for anyone reporting what they meet, too few to flood the moderation queue. */
export const REPORT_BUDGET: WriteBudget = { name: 'write:reports', max: 20, timeWindow: '1 hour' };
/**
 * The moderation queue's writes (assign, note, dismiss; decision 068): a moderator works many
 * cases an hour, a stolen staff session cannot sweep the queue.
 */
export const MODERATION_BUDGET: WriteBudget = { name: 'write:moderation', max: 300, timeWindow: '1 hour' };
/** Appeals of one's strikes (decision 070): each strike is appealed once; a script finds a wall. */
export const APPEAL_BUDGET: WriteBudget = { name: 'write:appeals', max: 20, timeWindow: '1 hour' };
/** Blocks and mutes and their undoing: a wave of abuse can be blocked by hand, a script cannot churn. */
export const HIDE_BUDGET: WriteBudget = { name: 'write:block-mute', max: 200, timeWindow: '1 hour' };
/** Privacy settings: a person tries a few; nobody needs to flip them all day. */
export const PRIVACY_BUDGET: WriteBudget = { name: 'write:privacy', max: 60, timeWindow: '1 hour' };
/** An admin granting and taking roles (decision 067): a team is set up in a few dozen changes. */
export const ROLE_BUDGET: WriteBudget = { name: 'write:roles', max: 60, timeWindow: '1 hour' };
/** Notification settings (issue 34): the page saves all of them at once; a person tries a few, a script cannot churn. */
export const NOTIFICATION_SETTINGS_BUDGET: WriteBudget = {
  name: 'write:notification-settings',
  max: 60,
  timeWindow: '1 hour',
};
/**
 * Push subscriptions made and ended, together (issue 34): a person turns push on and off in a few
 * browsers; a script cycling endpoints (each one a host the queue would post to) is stopped.
 */
export const PUSH_SUBSCRIPTION_BUDGET: WriteBudget = {
  name: 'write:push-subscriptions',
  max: 30,
  timeWindow: '1 hour',
};
/** Connection requests (issue 11): each tells someone; a person growing their network sends a few, a script many. */
export const CONNECTION_REQUEST_BUDGET: WriteBudget = {
  name: 'write:connection-requests',
  max: 30,
  timeWindow: '1 hour',
};
/** Follows of accounts on other servers (decision 087): each fetches a remote server and sends a signed Follow. */
export const REMOTE_FOLLOW_BUDGET: WriteBudget = {
  name: 'write:remote-follows',
  max: 30,
  timeWindow: '1 hour',
};
/** Tasks created on a mission board (issue 12): a team planning a week adds dozens; each tells someone. */
export const TASK_BUDGET: WriteBudget = { name: 'write:tasks', max: 60, timeWindow: '1 hour' };
/** Task edits and moves (issue 12): dragging cards across a board is quick work; a script churning notices is not. */
export const TASK_EDIT_BUDGET: WriteBudget = { name: 'write:task-edits', max: 120, timeWindow: '10 minutes' };
/** Missions started (issue 12): an organiser starts a few a week; a script would flood the list. */
export const MISSION_BUDGET: WriteBudget = { name: 'write:missions', max: 10, timeWindow: '1 hour' };
/** Asking to join missions (issue 12): each tells an owner; a person looks for a few teams at a time. */
export const MISSION_JOIN_BUDGET: WriteBudget = {
  name: 'write:mission-joins',
  max: 30,
  timeWindow: '1 hour',
};
/** Offers of help, on needs and wants and to missions together (issues 12, 13): each tells an owner, as a connection request does. */
export const OFFER_BUDGET: WriteBudget = { name: 'write:offers', max: 20, timeWindow: '1 hour' };
/** Accepting and declining offers (issue 13): each tells a helper; an owner answers a busy day's offers, a script cannot churn. */
export const OFFER_DECISION_BUDGET: WriteBudget = {
  name: 'write:offer-decisions',
  max: 120,
  timeWindow: '1 hour',
};
/** Accepting and declining chat requests (issue 15): each tells a sender; someone clearing a full inbox of them, not a script churning. */
export const CHAT_REQUEST_DECISION_BUDGET: WriteBudget = {
  name: 'write:chat-request-decisions',
  max: 120,
  timeWindow: '1 hour',
};

/**
 * Asking to be verified as an organisation, and withdrawing the ask (issue 35 item 6): one request
 * waits at a time, so a handful an hour is all an honest person needs; a script cannot flood the
 * moderators' list.
 */
export const VERIFICATION_ASK_BUDGET: WriteBudget = {
  name: 'write:verification',
  max: 10,
  timeWindow: '1 hour',
};
/** A moderator's answers on verification requests (approve, refuse, revoke): a long shift's worth. */
export const VERIFICATION_DECISION_BUDGET: WriteBudget = {
  name: 'write:verification-decisions',
  max: 300,
  timeWindow: '1 hour',
};

/**
 * New accounts' budgets (issue 35 item 5, decision 072): an account is new for its first day, or
 * until someone accepts a connection with it (`isNewAccount`). Drawn on beside the budgets above,
 * never instead of them, and sized so a newcomer posting about their street or asking a few
 * neighbours for help never meets them, while a script on a fresh account is slowed to a trickle.
 * `message` says the scaled number the person met.
 */
export type NewAccountBudget = WriteBudget & { message: (max: number) => string };

const UNTIL = 'for their first day, or until someone accepts your connection request.';
/** Posts and hunts together: ten an hour, a third of everyone's. */
export const NEW_ACCOUNT_POST_BUDGET: NewAccountBudget = {
  name: 'new:posts',
  max: 10,
  timeWindow: '1 hour',
  message: (max) => `New accounts can post ${max === 1 ? 'once' : `${max} times`} an hour ${UNTIL}`,
};
/** Posts carrying a web link: where spam and scams lead; three an hour. */
export const NEW_ACCOUNT_LINK_BUDGET: NewAccountBudget = {
  name: 'new:post-links',
  max: 3,
  timeWindow: '1 hour',
  message: (max) =>
    `New accounts can share ${max === 1 ? 'one post' : `${max} posts`} with links an hour ${UNTIL}`,
};
/** First messages to people they are not connected to and have no chat with: five strangers an hour. */
export const NEW_ACCOUNT_STRANGER_BUDGET: NewAccountBudget = {
  name: 'new:strangers',
  max: 5,
  timeWindow: '1 hour',
  message: (max) =>
    `New accounts can message ${max === 1 ? 'one new person' : `${max} new people`} an hour ${UNTIL}`,
};
/** An admin's changes to the watched words and domains (decision 072): a list is set up in an afternoon's few dozen. */
export const WATCHED_BUDGET: WriteBudget = { name: 'write:watched', max: 120, timeWindow: '1 hour' };
/** An admin's blocks and limits of remote servers (decision 088): a few at a time, a list of dozens at most. */
export const SERVER_POLICY_BUDGET: WriteBudget = {
  name: 'write:server-policies',
  max: 120,
  timeWindow: '1 hour',
};
/**
 * Saved alerts made, edited and deleted together (issue 37 item 2, decision 080): a person sets up
 * a few and tunes them; a script cannot churn them (each is a probe a new post's job reads).
 */
export const ALERT_BUDGET: WriteBudget = { name: 'write:alerts', max: 60, timeWindow: '1 hour' };
