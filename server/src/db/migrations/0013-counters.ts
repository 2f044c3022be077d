import { type Kysely, sql } from 'kysely';

/**
 * `posts.like_count` and `posts.comment_count` are kept by the database (issue 11, 7b): whatever
 * statement adds or removes likes and comments — a like, an unlike, a comment deleted with its
 * replies, or the foreign-key cascades of a deleted account or post — the count moves with it, in
 * the same statement. Counting in the write statements left the counts lying after a cascade.
 *
 * Statement triggers with transition tables: a cascade that removes a person's 5,000 likes makes
 * one UPDATE per post touched, not one per row. The counts stay out of `posts.rendered` (decision
 * 010): `posts_render` fires only on the columns it lists, so a like never re-renders a post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [
    ['post_likes', 'like_count'],
    ['comments', 'comment_count'],
  ] as const) {
    await sql
      .raw(
        `create function count_${table}() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update posts p set ${column} = p.${column} + d.n
    from (select post_id, count(*)::int as n from added group by post_id) d where p.id = d.post_id;
  else
    update posts p set ${column} = p.${column} - d.n
    from (select post_id, count(*)::int as n from removed group by post_id) d where p.id = d.post_id;
  end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_counted_in after insert on ${table}
  referencing new table as added for each statement execute function count_${table}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_counted_out after delete on ${table}
  referencing old table as removed for each statement execute function count_${table}()`,
      )
      .execute(db);
  }
  // Counts written before the triggers (and any a cascade already falsified) are made true once.
  await sql`
    update posts p set like_count = c.likes, comment_count = c.comments
    from (select q.id,
                 (select count(*) from post_likes l where l.post_id = q.id)::int as likes,
                 (select count(*) from comments m where m.post_id = q.id)::int as comments
          from posts q) c
    where p.id = c.id and (p.like_count, p.comment_count) is distinct from (c.likes, c.comments)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['post_likes', 'comments']) {
    await sql.raw(`drop trigger ${table}_counted_in on ${table}`).execute(db);
    await sql.raw(`drop trigger ${table}_counted_out on ${table}`).execute(db);
    await sql.raw(`drop function count_${table}()`).execute(db);
  }
}
