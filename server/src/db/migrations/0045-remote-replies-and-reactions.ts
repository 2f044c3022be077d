import { type Kysely, sql } from 'kysely';

/**
 * Issue 38 "What comes in", part 2 (decision 091): remote replies shown among a post's comments,
 * remote Likes and Announces in the counts a post presents.
 *
 * `federation_remote_replies` gains what a comment row needs: `id` (a uuid, so the comments routes
 * name a remote reply as they name a comment), `url` (the reply's page on its own server, when it
 * gave one on that server) and `removed_at`/`removed_by`: the post's author or a moderator took it
 * away. A removed reply is kept as a tombstone (its text emptied) so that a later Update from its
 * server cannot bring it back; it is never shown and not counted. A remote Delete still deletes it.
 *
 * `posts.boost_count`: the Announces of a post. The counts stay the database's, as 0013's are:
 * statement triggers with transition tables on the federation feature's tables add remote Likes
 * to `like_count`, Announces to `boost_count` and replies not removed to `comment_count`, so a
 * block's purge (decision 088) or a post's cascade moves them in the same statement. The counts
 * stay out of `posts.rendered`: no reaction re-renders a post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A volatile default fills every row already kept with an id of its own.
  await sql`alter table federation_remote_replies
      add column id uuid not null default gen_random_uuid(),
      add column url text,
      add column removed_at timestamptz,
      add column removed_by uuid references users (id) on delete set null`.execute(db);
  await sql`create unique index federation_remote_replies_id on federation_remote_replies (id)`.execute(db);
  await sql`alter table posts add column boost_count integer not null default 0`.execute(db);

  await sql`create function count_federation_reactions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update posts p set like_count = p.like_count + d.likes, boost_count = p.boost_count + d.boosts
    from (select post_id, count(*) filter (where kind = 'like')::int as likes,
                 count(*) filter (where kind = 'announce')::int as boosts
          from added group by post_id) d where p.id = d.post_id;
  else
    update posts p set like_count = p.like_count - d.likes, boost_count = p.boost_count - d.boosts
    from (select post_id, count(*) filter (where kind = 'like')::int as likes,
                 count(*) filter (where kind = 'announce')::int as boosts
          from removed group by post_id) d where p.id = d.post_id;
  end if;
  return null;
end $$`.execute(db);
  // An upsert that finds the reaction already kept updates it (its latest activity id): no count moves.
  await sql`create trigger federation_reactions_counted_in after insert on federation_reactions
    referencing new table as added for each statement execute function count_federation_reactions()`.execute(
    db,
  );
  await sql`create trigger federation_reactions_counted_out after delete on federation_reactions
    referencing old table as removed for each statement execute function count_federation_reactions()`.execute(
    db,
  );

  // Replies count while not removed: an insert adds those, a delete takes those off, an update
  // (a removal) moves the difference.
  await sql`create function count_federation_remote_replies() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update posts p set comment_count = p.comment_count + d.n
    from (select post_id, count(*)::int as n from added where removed_at is null group by post_id) d
    where p.id = d.post_id;
  elsif tg_op = 'DELETE' then
    update posts p set comment_count = p.comment_count - d.n
    from (select post_id, count(*)::int as n from removed where removed_at is null group by post_id) d
    where p.id = d.post_id;
  else
    update posts p set comment_count = p.comment_count + d.n
    from (select post_id, sum(n)::int as n from (
            select post_id, 1 as n from added where removed_at is null
            union all select post_id, -1 from removed where removed_at is null) x
          group by post_id) d
    where p.id = d.post_id and d.n <> 0;
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger federation_remote_replies_counted_in after insert on federation_remote_replies
    referencing new table as added for each statement execute function count_federation_remote_replies()`.execute(
    db,
  );
  await sql`create trigger federation_remote_replies_counted_out after delete on federation_remote_replies
    referencing old table as removed for each statement execute function count_federation_remote_replies()`.execute(
    db,
  );
  await sql`create trigger federation_remote_replies_counted_moved after update on federation_remote_replies
    referencing old table as removed new table as added
    for each statement execute function count_federation_remote_replies()`.execute(db);

  // What was kept before the triggers is counted once.
  await sql`update posts p set like_count = p.like_count + d.likes, boost_count = d.boosts
    from (select post_id, count(*) filter (where kind = 'like')::int as likes,
                 count(*) filter (where kind = 'announce')::int as boosts
          from federation_reactions group by post_id) d where p.id = d.post_id`.execute(db);
  await sql`update posts p set comment_count = p.comment_count + d.n
    from (select post_id, count(*)::int as n from federation_remote_replies group by post_id) d
    where p.id = d.post_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update posts p set comment_count = p.comment_count - d.n
    from (select post_id, count(*)::int as n from federation_remote_replies where removed_at is null
          group by post_id) d
    where p.id = d.post_id`.execute(db);
  await sql`update posts p set like_count = p.like_count - d.likes
    from (select post_id, count(*) filter (where kind = 'like')::int as likes
          from federation_reactions group by post_id) d where p.id = d.post_id`.execute(db);
  for (const trigger of ['counted_in', 'counted_out', 'counted_moved'])
    await sql
      .raw(`drop trigger if exists federation_remote_replies_${trigger} on federation_remote_replies`)
      .execute(db);
  await sql`drop function count_federation_remote_replies()`.execute(db);
  await sql`drop trigger federation_reactions_counted_in on federation_reactions`.execute(db);
  await sql`drop trigger federation_reactions_counted_out on federation_reactions`.execute(db);
  await sql`drop function count_federation_reactions()`.execute(db);
  await sql`alter table posts drop column boost_count`.execute(db);
  await sql`drop index federation_remote_replies_id`.execute(db);
  await sql`alter table federation_remote_replies
      drop column removed_by, drop column removed_at, drop column url, drop column id`.execute(db);
}
