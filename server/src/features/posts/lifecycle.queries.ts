import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** How many needs one statement of the scheduled job closes or claims: a big backlog goes in bounded steps. */
const JOB_BATCH = 500;

/**
 * Open needs and wants past their expiry become expired (issue 16), a batch at a time, those of
 * the batch locked and others' skipped, so a second process running the job at once never waits
 * for or repeats this one's rows. The render trigger writes the new status into the post's JSON.
 *
 * The lock (here and in claimNeedsToNudge) is `for no key update`, the one the update itself
 * takes, not `for update`: every insert that refers to a post (a match, an offer, a comment, a
 * notice) holds `for key share` on it until its transaction ends, which `for update` conflicts
 * with — the job skipped a need while matching was storing its pairs, and asked its author a turn
 * late (decision 033).
 */
export async function expireOverdueNeeds(
  db: Db,
  now: Date,
): Promise<Array<{ id: string; authorId: string }>> {
  const { rows } = await sql<{ id: string; authorId: string }>`
    update posts set status = 'expired'
    where id in (
      select id from posts
      where status = 'open' and kind in ('need', 'want') and expires_at <= ${now}
      order by expires_at
      limit ${sql.lit(JOB_BATCH)}
      for no key update skip locked)
    returning id, author_id`.execute(db);
  return rows;
}

export type NeedToNudge = {
  id: string;
  authorId: string;
  kind: 'need' | 'want';
  title: string;
  content: string;
  expiresAt: Date;
};

/**
 * Claims the open needs and wants that expire within (now, until] and whose authors were not yet
 * asked "Still needed?" for this expiry: each is marked asked in the same statement that picks it,
 * so however many processes run the job, each author is asked once.
 */
export async function claimNeedsToNudge(db: Db, now: Date, until: Date): Promise<NeedToNudge[]> {
  const { rows } = await sql<NeedToNudge>`
    update posts set nudged_at = ${now}
    where id in (
      select id from posts
      where status = 'open' and kind in ('need', 'want') and nudged_at is null
        and expires_at > ${now} and expires_at <= ${until}
      order by expires_at
      limit ${sql.lit(JOB_BATCH)}
      for no key update skip locked)
    returning id, author_id, kind, title, content, expires_at`.execute(db);
  return rows;
}

/** Open for another while (or open again, when it had expired): asked afresh before the new expiry. */
export async function keepNeedOpen(db: Db, id: string, expiresAt: Date) {
  await db
    .updateTable('posts')
    .set({ status: 'open', expiresAt, nudgedAt: null })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'expired'])
    .execute();
}
