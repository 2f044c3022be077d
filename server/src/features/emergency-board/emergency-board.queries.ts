import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Cursor } from '../../platform/paging.js';
import {
  limitedFrom,
  missionIsMembersOnly,
  missionMemberIdsOf,
  mutedByViewer,
  type Person,
  postVisibleTo,
  silencedPeopleOf,
} from '../../social/social.queries.js';

/*
 * The emergency board (issue 16, decisions 023 and 058): which posts are on it, and who hears of a
 * new one live. It owns no table: it reads `posts` (0022's posts_board index) and, for its filters,
 * a mission update's mission, under the kernel's rules.
 */

/** A key's time as `toISOString` writes it (the posts feature's cursors are the same text). */
const isoCreatedAt = sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The mission's category (free text, '' when none), or null when gone: a scalar for filters. */
function missionCategoryOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select mcat.category from missions mcat where mcat.id = ${missionId})`;
}

/** The mission's place as its page shows it (the location text), or null when gone: a scalar for filters. */
function missionLocationOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select mloc.location from missions mloc where mloc.id = ${missionId})`;
}

/**
 * The post `p` is on the emergency board: marked as an emergency (any kind), or a mission update
 * (whether its mission is the viewer's to see, boardPage asks postVisibleTo). The first line is
 * 0022's posts_board predicate word for word, so the board walks that small index newest first.
 * Filters: the post's category, or a mission update's mission's (whole, any case); a place pattern
 * against the post's place (its public text: the street is not in it, issue 16 item 3) or a
 * mission update's mission's location.
 */
function onEmergencyBoard(category: string | undefined, place: string | undefined) {
  const missionOf = sql.ref('p.mission_id');
  const byCategory =
    category === undefined
      ? sql``
      : sql`and lower(coalesce(nullif(p.category, ''), ${missionCategoryOf(missionOf)}, '')) = lower(${category})`;
  const byPlace =
    place === undefined
      ? sql``
      : sql`and (p.map_location->>'address' ilike ${place} or p.map_location->>'name' ilike ${place}
          or (p.mission_id is not null and ${missionLocationOf(missionOf)} ilike ${place}))`;
  return sql<boolean>`((p.emergency_emoji is not null or p.kind = 'mission_update') ${byCategory} ${byPlace})`;
}

/** A place filter as a LIKE pattern matching it anywhere, its own `%`, `_` and `\\` taken literally. */
const boardPlacePattern = (place: string) => `%${place.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The keys of a page of the emergency board as one viewer sees it, newest first by keyset, one more
 * than the page: posts they may read (postVisibleTo: never a members-only mission's update to a
 * stranger), none by people blocked either way or muted by the viewer (the board is a feed of
 * strangers' posts, as the home feed's public tail is). The posts feature dresses them (decision 058).
 */
const boardPage = prepared(
  (
    db,
    a: {
      viewerId: string;
      limit: number;
      category?: string | undefined;
      place?: string | undefined;
      cursorAt?: Date | undefined;
      cursorId?: string | undefined;
    },
  ) => {
    let q = db
      .selectFrom('posts as p')
      .select(['p.id', isoCreatedAt.as('createdAt')])
      .where(postVisibleTo(a.viewerId, 'p'))
      .where(sql<boolean>`not ${mutedByViewer(a.viewerId, sql.ref('p.author_id'))}`)
      .where(onEmergencyBoard(a.category, a.place));
    // A row comparison walks posts_board straight from the cursor, however deep.
    if (a.cursorAt !== undefined)
      q = q.where(sql<boolean>`(p.created_at, p.id) < (${a.cursorAt}, ${a.cursorId}::uuid)`);
    return q
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(sql.lit(a.limit + 1));
  },
  { literal: ['limit'] },
);

export function listEmergencyBoard(
  db: Db,
  viewerId: string,
  options: {
    cursor?: Cursor | undefined;
    limit: number;
    category?: string | undefined;
    place?: string | undefined;
  },
): Promise<Array<{ id: string; createdAt: string }>> {
  return boardPage(db, {
    viewerId,
    limit: options.limit,
    ...(options.category ? { category: options.category } : {}),
    ...(options.place ? { place: boardPlacePattern(options.place) } : {}),
    cursorAt: options.cursor?.createdAt,
    cursorId: options.cursor?.id,
  });
}

/**
 * Who hears live of a new post on the board: everyone but `hidden` (blocked either way with the
 * author, or who muted them); for an update of a members-only mission, only its `members` (the
 * others may not see it, nor learn its id); for a limited author's, only their connections.
 */
export async function boardAudienceOf(
  db: Db,
  authorId: string,
  missionId: string | null,
): Promise<{ hidden: string[]; members: string[] | null }> {
  const mission = sql`${missionId}::uuid`;
  const { rows } = await sql<{ hidden: string[]; members: string[] | null }>`
    select array${silencedPeopleOf(sql`${authorId}::uuid`)} as hidden,
      case when ${missionId}::uuid is not null and ${missionIsMembersOnly(mission)} then array${missionMemberIdsOf(mission)}
        -- A limited author's posts reach their connections only (decision 071): so does the news of one.
        when ${limitedFrom(undefined, sql`${authorId}::uuid`)} then array(select cb.other_id from connections cb where cb.user_id = ${authorId}::uuid)
      end as members`.execute(db);
  return rows[0]!;
}
