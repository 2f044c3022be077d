/**
 * When digests go out (issue 34, decision 065). Mornings in the person's own time zone: a daily
 * digest from 08:00 each day, a weekly one from 08:00 on Monday; never in the evening or the
 * night, and not while their quiet hours hold (a digest that could not go in the morning goes
 * later that day, or the next morning, and covers everything since the last one).
 */
export const DIGEST_FROM_HOUR = 8;
/** No digest is sent from this local hour on; one not sent by then waits for the next morning. */
export const DIGEST_UNTIL_HOUR = 20;
/**
 * People per job on the digest queue: each job claims, reads and mails them in one transaction of
 * a few statements (one per section for all of them), short enough to sit well inside the queue's
 * two-minute hold on a job at 100k people (decision 065's figures).
 */
export const DIGEST_BATCH = 250;
/** People read per statement of the scheduler's walk: several jobs' worth, so 100k people are a few dozen statements. */
export const DIGEST_PICK_PAGE = DIGEST_BATCH * 8;

/** At most this much of each section; the rest is a count and a link to the page that has it all. */
export const DIGEST_LIMITS = {
  notices: 10,
  missions: 5,
  network: 5,
  tags: 5,
  postsPerTag: 2,
  matches: 5,
  /** Chats with unread messages, and chat requests waiting, for someone whose chats go to the digest. */
  chats: 5,
  /** A followed tag's new posts are counted up to this many ("50+"): counting a busy tag's day is not worth it. */
  tagCount: 50,
} as const;
