import { type Kysely, sql } from 'kysely';

/**
 * Issue 34 item 4 (decision 066): notices that come in bursts are told once.
 *
 * - Likes: one notice per post while its author has not read it. `notifications_like_unread`
 *   replaces 0026's `notifications_like_once` (once per liker and post); the like's insert goes
 *   `on conflict … do update` on it: the latest liker becomes the sender, `others_count` counts the
 *   others. Unread like notices already there are merged into their post's newest.
 * - `post_like_notices`: which likers a post's author was told of, so a like is told once per liker
 *   and post, ever (044's rule, which the index above no longer holds): a toggle adds nothing, to
 *   the count nor to the bell. Filled from the like notices there are.
 * - `notifications.burst_until`: when a coalesced notice is next told away from the app (one mail
 *   or push per burst, with the count then). Null on every other notice.
 * - Mentions: `related_comment_id` names the comment a mention is in; `notifications_mention_once`
 *   tells a person once per post and once per comment.
 * - `chats.burst_since` / `burst_until`: a chat's burst of messages, told to each member away
 *   from it once, when it ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications
    add column others_count integer not null default 0,
    add column burst_until timestamptz,
    add column related_comment_id uuid`.execute(db);

  await sql`create table post_like_notices (
      post_id uuid not null references posts (id) on delete cascade,
      liker_id uuid not null references users (id) on delete cascade,
      primary key (post_id, liker_id)
    )`.execute(db);
  await sql`create index post_like_notices_liker on post_like_notices (liker_id)`.execute(db);
  await sql`insert into post_like_notices (post_id, liker_id)
    select distinct n.related_post_id, n.sender_id from notifications n
    where n.type = 'like' and n.sender_id is not null
      and exists (select 1 from posts p where p.id = n.related_post_id)
    on conflict do nothing`.execute(db);

  // The unread like notices of one post become its newest, counting the others' senders.
  await sql`with unread as (
      select id, user_id, related_post_id, sender_id, created_at from notifications
      where type = 'like' and read_at is null and related_post_id is not null
    ), groups as (
      select user_id, related_post_id, count(distinct sender_id)::int as likers from unread
      group by user_id, related_post_id having count(*) > 1
    ), ranked as (
      select u.id, g.likers,
        row_number() over (partition by u.user_id, u.related_post_id order by u.created_at desc, u.id desc) as nth
      from unread u join groups g using (user_id, related_post_id)
    ), kept as (
      update notifications n set others_count = greatest(r.likers - 1, 0)
      from ranked r where r.id = n.id and r.nth = 1
    )
    delete from notifications n using ranked r where r.id = n.id and r.nth > 1`.execute(db);
  await sql`drop index notifications_like_once`.execute(db);
  await sql`create unique index notifications_like_unread on notifications (user_id, related_post_id)
    where type = 'like' and read_at is null`.execute(db);

  await sql`create unique index notifications_mention_once on notifications (user_id, related_post_id, related_comment_id)
    nulls not distinct where type = 'mention'`.execute(db);

  await sql`alter table chats add column burst_since timestamptz, add column burst_until timestamptz`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chats drop column burst_since, drop column burst_until`.execute(db);
  await sql`drop index notifications_mention_once`.execute(db);
  await sql`delete from notifications where type = 'mention'`.execute(db);
  await sql`drop index notifications_like_unread`.execute(db);
  // 0026's index again: a post's like notices of one sender (read ones, a coalesced one) keep their oldest.
  await sql`delete from notifications n where n.type = 'like' and exists (
    select 1 from notifications o
    where o.type = 'like' and o.user_id = n.user_id and o.sender_id = n.sender_id and o.related_post_id = n.related_post_id
      and (o.created_at, o.id) < (n.created_at, n.id))`.execute(db);
  await sql`create unique index notifications_like_once on notifications (user_id, sender_id, related_post_id) where type = 'like'`.execute(
    db,
  );
  await sql`drop table post_like_notices`.execute(db);
  await sql`alter table notifications
    drop column others_count,
    drop column burst_until,
    drop column related_comment_id`.execute(db);
}
