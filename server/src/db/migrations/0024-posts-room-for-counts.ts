import { type Kysely, sql } from 'kysely';

/**
 * A post's counters move all its life (a like, a comment, an offer: 0013's and 0015's triggers), and
 * each move writes a new version of the row. With the page full, that version goes to another
 * page, and every one of the posts' nine indexes gets a new entry: measured at 47–54 KB of WAL for
 * one `offer_count + 1` on the scale data (decision 030). A fifth of each page left free (rows are
 * ~0.8 KB) keeps such updates on their page, where PostgreSQL writes no index entry at all (a HOT
 * update). Pages written from now on keep the room; older ones gain it when the table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts set (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts reset (fillfactor)`.execute(db);
}
