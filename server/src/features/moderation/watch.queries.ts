import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A watched word or domain with who added it ("First Last (@username)", null once they are gone). */
export type WatchedRow = {
  id: string;
  kind: 'word' | 'domain';
  value: string;
  addedBy: string | null;
  createdAt: Date;
};

const rowColumns = sql`w.id, w.kind, w.value, w.created_at as "createdAt",
  (select a.first_name || ' ' || a.last_name || ' (@' || a.username || ')' from users a where a.id = w.added_by) as "addedBy"`;

/** The whole list, words first, then domains, each alphabetical (at most WATCHED_LIST_MAX rows exist). */
export async function listWatched(db: Db): Promise<WatchedRow[]> {
  const { rows } = await sql<WatchedRow>`select ${rowColumns} from moderation_watched w
    order by w.kind desc, w.value`.execute(db);
  return rows;
}

/** What the matcher needs, and nothing else: read on every write when the cache has aged out. */
export async function watchedEntries(db: Db): Promise<{ kind: 'word' | 'domain'; value: string }[]> {
  return db
    .selectFrom('moderationWatched')
    .select(['kind', 'value'])
    .orderBy('kind', 'desc')
    .orderBy('value')
    .execute();
}

export async function countWatched(db: Db): Promise<number> {
  const row = await db
    .selectFrom('moderationWatched')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds an entry; undefined when that kind and value are watched already. */
export async function addWatched(
  db: Db,
  entry: { id: string; kind: 'word' | 'domain'; value: string; addedBy: string },
): Promise<WatchedRow | undefined> {
  const { rows } = await sql<WatchedRow>`with w as (
      insert into moderation_watched (id, kind, value, added_by)
      values (${entry.id}, ${entry.kind}, ${entry.value}, ${entry.addedBy})
      on conflict on constraint moderation_watched_once do nothing
      returning *)
    select ${rowColumns} from w`.execute(db);
  return rows[0];
}

/** Removes an entry; what it was, or undefined when there was none with that id. */
export async function removeWatched(db: Db, id: string) {
  return db
    .deleteFrom('moderationWatched')
    .where('id', '=', id)
    .returning(['id', 'kind', 'value'])
    .executeTakeFirst();
}

/**
 * Files what the server flagged (decision 072) in the target's open case, opening one if there is
 * none, with the content as it is now: one statement, as a report is filed (cases.queries'
 * fileReport), so a flag and a report at once land in one case. A flag counts no reporter: a case
 * the server alone filed has none and sorts after every case people reported.
 */
export async function fileFlag(
  db: Db,
  f: {
    newCaseId: string;
    flagId: string;
    targetType: string;
    targetId: string;
    ownerId: string;
    note: string;
    snapshot: Record<string, unknown>;
  },
): Promise<string> {
  const { rows } = await sql<{ caseId: string }>`
    with filed as (
      insert into moderation_cases (id, target_type, target_id, author_id, danger, reporter_count,
        first_reported_at, last_reported_at)
      values (${f.newCaseId}, ${f.targetType}, ${f.targetId}, ${f.ownerId}, false, 0,
        date_trunc('milliseconds', now()), date_trunc('milliseconds', now()))
      on conflict (target_type, target_id) where status = 'open' do update
        set last_reported_at = excluded.last_reported_at
      returning id)
    insert into moderation_case_flags (id, case_id, note, snapshot)
    select ${f.flagId}, filed.id, ${f.note}, ${JSON.stringify(f.snapshot)}::jsonb from filed
    returning case_id as "caseId"`.execute(db);
  return rows[0]!.caseId;
}
