import { type Kysely, sql } from 'kysely';

/**
 * A like tells its post's author once per liker and post, ever (issue 31, item 6): like, unlike and
 * like again was a notice a toggle, 150 in a few seconds. The notice's insert goes `on conflict do
 * nothing` (notifications.queries.ts), so a second like notice of one liker on one post is not
 * written, and not pushed live, by this index. Partial: other notices repeat by design, and a like
 * notice without a post (none are written so) does not count, as nulls are distinct.
 *
 * Notices already doubled keep their oldest, the one the author may have read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications n where n.type = 'like' and exists (
    select 1 from notifications o
    where o.type = 'like' and o.user_id = n.user_id and o.sender_id = n.sender_id and o.related_post_id = n.related_post_id
      and (o.created_at, o.id) < (n.created_at, n.id))`.execute(db);
  await sql`create unique index notifications_like_once on notifications (user_id, sender_id, related_post_id) where type = 'like'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_like_once`.execute(db);
}
