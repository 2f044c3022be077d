import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AlertsTable } from '../../db/schema.js';
import { mapPointOf } from '../../platform/map-point.queries.js';
import { mutedByViewer, postVisibleTo } from '../../social/social.queries.js';

export type AlertRow = Selectable<AlertsTable>;

/** The columns an alert is written with (its point apart from the place, for 0040's `reach`). */
export type AlertColumns = {
  name: string;
  words: string | null;
  category: string | null;
  kinds: string[];
  place: string;
  lon: number;
  lat: number;
  radiusKm: number;
};

/** The person's alerts, oldest first (the order they made them in). */
export function listAlerts(db: Db, userId: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function countAlerts(db: Db, userId: string) {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One of the person's alerts; someone else's is as missing as one that does not exist. */
export function findOwnAlert(db: Db, userId: string, id: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The alert the person made from one of their provisions, if they did. */
export function findAlertFromPost(db: Db, userId: string, postId: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('userId', '=', userId)
    .where('fromPostId', '=', postId)
    .executeTakeFirst();
}

export function insertAlert(
  db: Db,
  row: AlertColumns & { id: string; userId: string; fromPostId: string | null },
) {
  return db.insertInto('alerts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateOwnAlert(db: Db, userId: string, id: string, changes: Partial<AlertColumns>) {
  return db
    .updateTable('alerts')
    .set({ ...changes, updatedAt: sql`date_trunc('milliseconds', now())` })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOwnAlert(db: Db, userId: string, id: string) {
  const res = await db
    .deleteFrom('alerts')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/**
 * A provision of the person's own, with its exact place (theirs: the alert keeps it as they gave
 * it), for "Tell me about needs near this". Undefined when it is not theirs or not there.
 */
export function findOwnPost(db: Db, userId: string, postId: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'kind', 'title', 'content', 'category'])
    .select(
      sql<{
        address?: string;
        name?: string;
        coordinates?: [number, number];
      } | null>`coalesce(exact_location, map_location)`.as('place'),
    )
    .where('id', '=', postId)
    .where('authorId', '=', userId)
    .executeTakeFirst();
}

/** The post a job tells of: an open need, want or provision with a public point. */
export function findTellablePost(db: Db, postId: string) {
  return db
    .selectFrom('posts as p')
    .select(['p.id', 'p.authorId', 'p.kind', 'p.title', 'p.content'])
    .select(sql<string>`coalesce(p.map_location->>'address', '')`.as('placeText'))
    .where('p.id', '=', postId)
    .where('p.kind', 'in', ['need', 'want', 'provision'])
    .where((eb) => eb.or([eb('p.status', 'is', null), eb('p.status', '=', 'open')]))
    .where(sql<boolean>`p.map_location is not null and p.map_location->'coordinates' is not null`)
    .executeTakeFirst();
}

/** Mean Earth radius, km: 0040's `reach` boxes are drawn wider than this circle, never narrower. */
const EARTH_KM = 6371.0088;

/**
 * The alerts a new post fits (decision 080), found through 0040's GiST index (`reach` holds the
 * post's public point, or touches the antimeridian at its latitude: a circle may cross it), then: the
 * great-circle distance from the alert's point to the post's PUBLIC point (map_location, the one
 * spelling mapPointOf) within its radius; its kinds; its category (as written, case aside); its
 * words as search matches them (the post's search_vector, every word by its English stem); never
 * the owner's own post; only a post the owner may read now (postVisibleTo: no block either way,
 * no members-only mission's post to a non-member, nothing hidden, no suspended or limited author)
 * and whose author they did not mute (the notice would be dropped); and not told of by this alert
 * before. Each owner's oldest fitting alert first.
 */
export async function findFittingAlerts(db: Db, postId: string) {
  const point = mapPointOf('p');
  const { rows } = await sql<{ alertId: string; userId: string; name: string }>`
    select a.id as alert_id, a.user_id, a.name
    from posts p
    join alerts a on a.reach && box(${point}, ${point})
      -- A circle across ±180° has its reach clamped at the meridian it crosses (0040): it is found
      -- where that edge meets the post's latitude, and the distance, whose sines wrap, decides.
      or a.reach && box(point(180, (${point})[1]), point(180, (${point})[1]))
      or a.reach && box(point(-180, (${point})[1]), point(-180, (${point})[1]))
    where p.id = ${postId} and p.map_location is not null
      and p.kind = any(a.kinds)
      and a.user_id <> p.author_id
      and (a.category is null or lower(a.category) = lower(coalesce(p.category, '')))
      and (a.words is null or p.search_vector @@ plainto_tsquery('english', a.words))
      and 2 * ${EARTH_KM}::float8 * asin(least(1, sqrt(
            power(sin(radians((${point})[1] - a.lat) / 2), 2)
            + cos(radians(a.lat)) * cos(radians((${point})[1]))
              * power(sin(radians((${point})[0] - a.lon) / 2), 2)))) <= a.radius_km
      and ${postVisibleTo(sql.ref('a.user_id'), 'p')}
      and not ${mutedByViewer(sql.ref('a.user_id'), sql.ref('p.author_id'))}
      and not exists (select 1 from alert_notices seen where seen.alert_id = a.id and seen.post_id = p.id)
    order by a.user_id, a.created_at, a.id`.execute(db);
  return rows;
}

/**
 * Serialises each person's alert notices (transaction-scoped), so two posts' jobs keep the day's
 * cap: one statement for all the people a post's alerts belong to, taken in the order given (the
 * caller sorts it, so two jobs never wait on each other's). The count that follows must be a
 * statement of its own: one that waited here would still read from before the wait.
 */
export async function lockPeople(db: Db, userIds: readonly string[]) {
  await sql`select pg_advisory_xact_lock(hashtextextended('alerts:' || u.id, 0))
    from unnest(${userIds}::text[]) with ordinality as u (id, n) order by u.n`.execute(db);
}

/**
 * Marks the post seen by each fitting alert (told or not: a post seen at the day's cap is not told
 * later), in one statement read under lockPeople: each owner is told once, by their first fitting
 * alert (`fitting` is in each owner's order), while their notices told in the last 24 hours are
 * under `cap`. Gives back the rows that went in; one already there (a retried job, an edit saved
 * twice at once) is not, and tells nobody.
 */
export async function markSeenAll(
  db: Db,
  postId: string,
  fitting: ReadonlyArray<{ alertId: string; userId: string }>,
  cap: number,
) {
  const { rows } = await sql<{ alertId: string; userId: string; told: boolean }>`
    with fit as (
      select f.alert_id, f.user_id, f.n,
        row_number() over (partition by f.user_id order by f.n) as rank
      from unnest(${fitting.map((f) => f.alertId)}::uuid[], ${fitting.map((f) => f.userId)}::uuid[])
        with ordinality as f (alert_id, user_id, n)
    ),
    under as (
      select o.user_id from (select distinct fit.user_id from fit) o
      where (select count(*) from alert_notices t
        where t.user_id = o.user_id and t.told and t.created_at > now() - interval '1 day') < ${cap}
    )
    insert into alert_notices (alert_id, post_id, user_id, told)
    select fit.alert_id, ${postId}, fit.user_id, fit.rank = 1 and fit.user_id in (select user_id from under)
    from fit order by fit.n
    on conflict (alert_id, post_id) do nothing
    returning alert_id, user_id, told`.execute(db);
  return rows;
}
