import { type Kysely, sql } from 'kysely';

/**
 * Issue 37 item 2 (decision 080): saved alerts, "tell me about new needs like this near me", owned
 * by the alerts feature. An alert keeps its owner's chosen place as given (`place`, theirs alone:
 * it may be their exact point) and its point apart (`lon`, `lat`) for the distance. `reach` is the
 * box around its circle in degrees, kept by PostgreSQL itself: a new post finds the alerts whose
 * box holds its public point through the GiST index (`reach && box(p, p)`), then the great-circle
 * distance decides. `from_post_id`: a provision's own alert ("Tell me about needs near this"),
 * gone with the provision.
 *
 * `alert_notices`: each alert tells of each post once (the key), and a person hears of at most a
 * few a day (counted on `user_id, created_at`). `told` says whether a notice was given for it, so
 * an alert whose owner was at the day's cap still counts the post as seen: it is not told later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alerts (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      words text,
      category text,
      kinds text[] not null,
      place jsonb not null,
      lon float8 not null check (lon between -180 and 180),
      lat float8 not null check (lat between -90 and 90),
      radius_km int not null check (radius_km between 1 and 500),
      from_post_id uuid references posts(id) on delete cascade,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      updated_at timestamptz not null default date_trunc('milliseconds', now()),
      -- Drawn wider than the circle, never narrower: a degree of latitude is 111.2 km on the mean
      -- sphere (111.0 here), of longitude that times cos(latitude) at the latitude nearest the pole
      -- the circle reaches; a circle over a pole takes every longitude. Clamped to ±180 and ±90.
      reach box generated always as (box(
        point(greatest(-180, lon - least(180, radius_km / (111.0 * greatest(cos(radians(least(90, abs(lat) + radius_km / 111.0))), 0.0001)))),
              greatest(-90, lat - radius_km / 111.0)),
        point(least(180, lon + least(180, radius_km / (111.0 * greatest(cos(radians(least(90, abs(lat) + radius_km / 111.0))), 0.0001)))),
              least(90, lat + radius_km / 111.0)))) stored
    )`.execute(db);
  await sql`create index alerts_user on alerts (user_id, created_at)`.execute(db);
  await sql`create index alerts_reach on alerts using gist (reach)`.execute(db);
  await sql`create index alerts_from_post on alerts (from_post_id) where from_post_id is not null`.execute(
    db,
  );
  await sql`create table alert_notices (
      alert_id uuid not null references alerts(id) on delete cascade,
      post_id uuid not null references posts(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      told boolean not null,
      created_at timestamptz not null default now(),
      primary key (alert_id, post_id)
    )`.execute(db);
  await sql`create index alert_notices_told on alert_notices (user_id, created_at) where told`.execute(db);
  await sql`create index alert_notices_post on alert_notices (post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists alert_notices`.execute(db);
  await sql`drop table if exists alerts`.execute(db);
}
