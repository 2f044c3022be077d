// `npm run seed:scale`: the benchmark's scale database (decision 029) — 100k people, 1M posts,
// exactly 3M likes, and social graphs shaped like real ones: heavy-tailed degrees, towns as
// communities, triangles, skewed hashtag and mission follows. Built in PostgreSQL by set-based
// statements over generate_series (no rows travel from Node); every "random" choice is a hash of
// the row's numbers, so the same sizes always give the same data. Idempotent: it starts from empty.
//
// Speed: the load runs with session_replication_role = replica (no triggers, so no foreign-key
// probes and no per-row counting) on two connections at once, with the big tables' indexes
// dropped and built afterwards. A post's JSON and a person's card are the exception: the app's
// own triggers write them (render_post, render_user_card, enabled ALWAYS for the load), so the
// seed never keeps a second copy of their shape (issue 33). What the other triggers would have
// written — need expiries, mission update numbers, like/member/follower/update counts,
// search_lexicon, search_names — is written by the same statements, and a sample is checked against the
// triggers at the end.
//
// Sizes: SCALE_USERS, SCALE_POSTS, SCALE_LIKES, SCALE_MISSIONS (e.g. SCALE_USERS=10000
// SCALE_POSTS=100000 SCALE_LIKES=300000 SCALE_MISSIONS=1000 for a quick try).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { loadGazetteer } from '../src/platform/gazetteer-data.js';
import { publicPlace } from '../src/platform/places.js';
import { ensureBenchDatabase } from './scale-db.js';

const USERS = Number(process.env.SCALE_USERS ?? 100_000);
const POSTS = Number(process.env.SCALE_POSTS ?? 1_000_000);
const LIKES = Number(process.env.SCALE_LIKES ?? 3_000_000);
const MISSIONS = Number(process.env.SCALE_MISSIONS ?? 10_000);

/** Towns: the communities. Person x (0-based, username user{x+1}) lives in town x % TOWNS. */
const TOWNS = 400;
/**
 * Where the towns are (issue 37, the map): the TOWNS most populous places of the Philippines in
 * the gazetteer, town t the t-th. A need, want or provision and a mission is placed in its
 * author's or owner's town, scattered up to ~5 km around its centre: its exact place as typed, its
 * public one on the 0.01° grid with the city-level text, as platform/places.ts writes them.
 */
const townPlaces = loadGazetteer()
  .towns.filter((t) => t.cc === 'PH')
  .sort((a, b) => b.pop - a.pop || a.id.localeCompare(b.id))
  .slice(0, TOWNS)
  .map((t, i) => {
    const shown = publicPlace({ address: `${t.name}, Philippines`, coordinates: [t.lng, t.lat] });
    return {
      i,
      lng: t.lng,
      lat: t.lat,
      name: t.name,
      address: shown.address,
      shownName: shown.name ?? t.name,
    };
  });
if (townPlaces.length < TOWNS) throw new Error(`the gazetteer has only ${townPlaces.length} towns in PH`);
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const townsValues = townPlaces
  .map((t) => `(${t.i}, ${t.lng}, ${t.lat}, ${quoted(t.name)}, ${quoted(t.address)}, ${quoted(t.shownName)})`)
  .join(',\n');
/** A place in town `town` (a column of seed_scale_towns `st`), scattered by the hashes of `key`. */
const scattered = (key: string, salt: number) => ({
  lon: `(st.lon + (pg_temp.rnd(${key}, ${salt}) - 0.5) * 0.09)`,
  lat: `(st.lat + (pg_temp.rnd(${key}, ${salt + 1}) - 0.5) * 0.09)`,
});
/** The public place (map_location) and the exact one of a point scattered in town `st`. */
const placeOf = (key: string, salt: number) => {
  const { lon, lat } = scattered(key, salt);
  return {
    shown: `jsonb_build_object('address', st.address, 'name', st.shown_name, 'coordinates',
              jsonb_build_array(round(${lon}::numeric, 2)::float8, round(${lat}::numeric, 2)::float8), 'approximate', true)`,
    exact: `jsonb_build_object('address', 'Purok ' || (1 + ${key} % 9) || ', ' || st.name || ', Philippines',
              'coordinates', jsonb_build_array(${lon}, ${lat}))`,
  };
};
const postPlace = placeOf('n', 41);
const missionPlace = placeOf('i', 43);
/** bench.ts signs in as user1, user501, … (x % VIEWER_EVERY = 0): settled members, below. */
const VIEWER_EVERY = 500;
/** Steps of the permutations that scatter popularity over ids; primes, so coprime with the sizes. */
const SPREAD = 48_271;
const LIKER_STEP = 7_919;
for (const [n, what] of [
  [USERS, 'SCALE_USERS'],
  [POSTS, 'SCALE_POSTS'],
] as const)
  if (n % SPREAD === 0 || n % LIKER_STEP === 0)
    throw new Error(`${what} must not be a multiple of ${SPREAD} or ${LIKER_STEP}`);
if (USERS < 4 * TOWNS) throw new Error(`SCALE_USERS must be at least ${4 * TOWNS}`);

// The graph's shape (decision 029). Each person reaches out to `stubs` people: Pareto(STUBS_MIN,
// STUBS_ALPHA), so most reach a handful and a few hundreds. A stub lands in the person's own town
// with LOCAL, else anywhere; who it lands on is skewed by rank (u^GAMMA), so a few people in each
// town, and a few in all, are asked by very many: the degree's tail. CLOSURE of the stubs also
// connect to one of the reached person's own contacts (a friend of a friend: triangles).
const STUBS_MIN = 5;
const STUBS_ALPHA = 1.5;
const STUBS_MAX = 2_000;
const LOCAL = 0.8;
const GAMMA_TOWN = 2.5;
const GAMMA_ALL = 3;
const CLOSURE = 0.35;

const tags = [
  'floodrelief',
  'transport',
  'shelter',
  'medical',
  'food',
  'water',
  'volunteer',
  'science',
  'creative',
  'solar',
  'preparedness',
  'cleanup',
];
const tagArray = `array[${tags.map((t) => `'${t}'`).join(',')}]`;

const started = Date.now();
const clock = () => ((Date.now() - started) / 1000).toFixed(1).padStart(6);
const { db, close } = await ensureBenchDatabase();
type Conn = Db;
const run = (c: Conn, text: string) => sql.raw(text).execute(c);
const rowsOf = async <R>(c: Conn, text: string) => (await sql.raw<R>(text).execute(c)).rows;

/** Runs one step and prints its end time, its own duration and which session ran it. */
async function step<T>(
  session: string,
  label: string | ((r: T) => string),
  work: () => Promise<T>,
  quietUnderMs = 0,
): Promise<T> {
  const t0 = Date.now();
  const r = await work();
  if (Date.now() - t0 < quietUnderMs) return r;
  const took = ((Date.now() - t0) / 1000).toFixed(1).padStart(5);
  console.log(`${clock()} s  [${session}] ${took} s  ${typeof label === 'function' ? label(r) : label}`);
  return r;
}

// --- SQL building blocks (text, inlined by the planner: pg_temp.rnd is a one-expression function) ---
/** A person's id from their 0-based number: UUIDv7-shaped, time-ordered like the app's. */
const uid = (x: string) =>
  `(lpad(to_hex((${x}) + 1), 12, '0') || '7000' || '8000' || lpad(to_hex((${x}) + 1), 12, '0'))::uuid`;
const postId = (n: string) =>
  `(lpad(to_hex(${n}), 12, '0') || '7001' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const missionId = (n: string) =>
  `(lpad(to_hex(${n}), 12, '0') || '7002' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const chatId = (n: string) =>
  `(lpad(to_hex(${n}), 12, '0') || '7003' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const requestId = (n: string) =>
  `(lpad(to_hex(${n}), 12, '0') || '7004' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`;
/** Uniform in [0, 1), a hash of (x, salt): deterministic. */
const rnd = (x: string, salt: number) => `pg_temp.rnd(${x}, ${salt})`;
const townOf = (x: string) => `((${x}) % ${TOWNS})`;
const townSize = (x: string) => `((${USERS - 1} - (${x}) % ${TOWNS}) / ${TOWNS} + 1)`;
/** Nobody lands on a bench viewer by chance (their graph is made to measure): the next in town instead. */
const notViewer = (raw: string) =>
  `(case when ${raw} % ${VIEWER_EVERY} = 0 then ${raw} + (case when ${raw} + ${TOWNS} < ${USERS} then ${TOWNS} else -${TOWNS} end) else ${raw} end)`;
/** Someone in x's town, skewed to the town's popular few (gamma > 1) or uniform (gamma = 1). */
const inTown = (x: string, u: string, gamma: number) =>
  `(((floor(${townSize(x)} * ${u} ^ ${gamma})::bigint * 7919 + ${townOf(x)}) % ${townSize(x)}) * ${TOWNS} + ${townOf(x)})`;
/** Anyone, skewed to the popular few of everyone. */
const anyone = (u: string, gamma: number) =>
  `((floor(${USERS} * ${u} ^ ${gamma})::bigint * ${SPREAD} + 11) % ${USERS})`;
/** How many people x reaches out to (see the constants). */
const stubs = (x: string) =>
  `least(${STUBS_MAX}, floor(${STUBS_MIN} / ${rnd(x, 3)} ^ (1.0 / ${STUBS_ALPHA})))::bigint`;
/** Whom x's j-th stub reaches. */
const reach = (x: string, j: string) => {
  const key = `(${x}) * 8192 + (${j})`;
  return notViewer(
    `(case when ${rnd(key, 1)} < ${LOCAL} then ${inTown(x, rnd(key, 2), GAMMA_TOWN)} else ${anyone(rnd(key, 2), GAMMA_ALL)} end)`,
  );
};

// Likes per post: Lomax (a few posts with thousands, most with none to a few), cut to exactly
// LIKES in an order scattered over the posts; likers of one post are distinct by construction.
const likePlan = `
  create temp table like_plan as
  select q, c, (sum(c) over (order by (q * ${LIKER_STEP}) % ${POSTS}, q))::bigint - c as before
  from (select q, least(${Math.floor(USERS / 4)}, floor(2.2 * (${rnd('q', 41)} ^ (-1.0 / 1.5) - 1)))::bigint as c
        from generate_series(1::bigint, ${POSTS}) as q) s`;
const likesOf = `greatest(0, least(c, ${LIKES} - before))`;

/** The server processes of the sessions, whose CPU time is reported at the end. */
const backends = new Set<number>();
/** A session of its own: triggers off, memory for sorts and index builds, and the helpers. */
async function onOwnConnection<T>(work: (c: Conn) => Promise<T>): Promise<T> {
  return db.connection().execute(async (c) => {
    backends.add((await rowsOf<{ pid: number }>(c, `select pg_backend_pid() as pid`))[0]!.pid);
    for (const s of [
      `set session_replication_role = replica`,
      `set work_mem = '256MB'`,
      `set maintenance_work_mem = '512MB'`,
      `set max_parallel_maintenance_workers = 0`,
      `set synchronous_commit = off`,
      `create or replace function pg_temp.rnd(x bigint, s bigint) returns float8 language sql immutable as
         $$ select (hashint8extended(x, s) & 4503599627370495)::float8 / 4503599627370496 $$`,
    ])
      await run(c, s);
    return work(c);
  });
}

// --- Indexes: the big tables' are dropped for the load and built after it (a sort per index
// instead of millions of random insertions). Their definitions wait in seed_scale_pending_indexes
// until rebuilt, so a run that dies half-way is repaired by the next one before anything else. ---
const BULK = [
  'users',
  'posts',
  'post_likes',
  'post_hashtags',
  'connections',
  'connection_requests',
  'hashtag_follows',
  'missions',
  'mission_members',
  'mission_follows',
  'blocks',
  'mutes',
];
type Pending = { tbl: string; name: string; def: string; isConstraint: boolean };

async function rebuild(c: Conn, pending: Pending[]) {
  for (const p of pending) {
    if (p.isConstraint) {
      const has = await rowsOf(
        c,
        `select 1 from pg_constraint where conname = '${p.name}' and conrelid = '${p.tbl}'::regclass`,
      );
      if (!has.length) await run(c, `alter table ${p.tbl} add constraint ${p.name} ${p.def}`);
    } else {
      const has = await rowsOf<{ r: string | null }>(c, `select to_regclass('public.${p.name}')::text as r`);
      if (!has[0]!.r) await run(c, p.def);
    }
    await run(c, `delete from seed_scale_pending_indexes where name = '${p.name}'`);
  }
}

const walAtStart = await onOwnConnection(
  async (c) => (await rowsOf<{ lsn: string }>(c, `select pg_current_wal_lsn()::text as lsn`))[0]!.lsn,
);
await onOwnConnection(async (c) => {
  await run(
    c,
    `create table if not exists seed_scale_pending_indexes (tbl text, name text primary key, def text, is_constraint boolean)`,
  );
  const left = await rowsOf<Pending>(
    c,
    `select tbl, name, def, is_constraint as "isConstraint" from seed_scale_pending_indexes`,
  );
  if (left.length)
    await step('A', `${left.length} indexes left by an unfinished run rebuilt`, () => rebuild(c, left));
  await run(c, `drop table if exists seed_scale_towns`);
  await run(
    c,
    `create table seed_scale_towns (town int primary key, lon float8, lat float8, name text, address text, shown_name text)`,
  );
  await run(c, `insert into seed_scale_towns values ${townsValues}`);
  await step('A', 'emptied', () =>
    run(
      c,
      `truncate users, posts, post_likes, post_hashtags, saved_posts, comments, sessions, notifications, missions, chats, search_names restart identity cascade`,
    ),
  );
  const list = `array[${BULK.map((t) => `'${t}'`).join(',')}]`;
  // Primary keys and unique constraints, where no foreign key depends on them; other indexes.
  await run(
    c,
    `
    insert into seed_scale_pending_indexes
    select k.conrelid::regclass::text, k.conname, pg_get_constraintdef(k.oid), true from pg_constraint k
    where k.conrelid::regclass::text = any(${list}) and k.contype in ('p', 'u')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = k.conrelid)
    union all
    select i.indrelid::regclass::text, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid), false from pg_index i
    where i.indrelid::regclass::text = any(${list}) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  const dropped = await rowsOf<Pending>(
    c,
    `select tbl, name, def, is_constraint as "isConstraint" from seed_scale_pending_indexes`,
  );
  for (const p of dropped)
    await run(c, p.isConstraint ? `alter table ${p.tbl} drop constraint ${p.name}` : `drop index ${p.name}`);
  console.log(`${clock()} s  [A]         ${dropped.length} indexes dropped for the load`);
  await renderingTriggers(c, 'always');
});

/**
 * The triggers that render a post's JSON and a person's card fire in the load's replica sessions
 * too ('always'), or as every other trigger does ('origin', as the migrations made them). A run
 * that dies between leaves them 'always', which changes nothing for the app: they fire either way.
 */
async function renderingTriggers(c: Conn, when: 'always' | 'origin') {
  const how = when === 'always' ? 'enable always trigger' : 'enable trigger';
  await run(c, `alter table users ${how} users_render_card`);
  await run(c, `alter table posts ${how} posts_render`);
}

// After its own loads each session takes the next index build or vacuum whose table is ready
// (biggest tables first), so neither core idles while the other finishes.
type Task = { label: string; needs: string[]; gives: string; work: (c: Conn) => Promise<unknown> };
const done = new Set<string>();
const wake: Array<() => void> = [];
const give = (key: string) => {
  done.add(key);
  for (const w of wake.splice(0)) w();
};
const loaded = (table: string) => give(`loaded ${table}`);
const tasks: Task[] = [];
let draining = 0;
let running = 0;
async function drain(session: string, c: Conn) {
  draining++;
  for (;;) {
    const i = tasks.findIndex((t) => t.needs.every((n) => done.has(n)));
    if (i >= 0) {
      const [t] = tasks.splice(i, 1);
      running++;
      // Builds and vacuums of small tables are not worth a line each.
      await step(session, t!.label, () => t!.work(c), 1000);
      running--;
      give(t!.gives);
    } else if (!tasks.length) return;
    else if (draining === 2 && running === 0)
      throw new Error(
        `nothing can give what these need: ${tasks.map((t) => `${t.label} (${t.needs.join(', ')})`).join('; ')}`,
      );
    else await new Promise<void>((r) => wake.push(r));
  }
}
const SIZE_ORDER = [
  'posts',
  'post_likes',
  'connections',
  'post_hashtags',
  'users',
  'hashtag_follows',
  'mission_follows',
  'connection_requests',
];
const bySize = (t: string) => (SIZE_ORDER.includes(t) ? SIZE_ORDER.indexOf(t) : SIZE_ORDER.length);
{
  const pending = await onOwnConnection((c) =>
    rowsOf<Pending>(
      c,
      `select tbl, name, def, is_constraint as "isConstraint" from seed_scale_pending_indexes order by is_constraint desc, name`,
    ),
  );
  pending.sort(
    (a, b) =>
      bySize(a.tbl) - bySize(b.tbl) ||
      Number(b.def.includes('USING gin')) - Number(a.def.includes('USING gin')),
  );
  // Requests in flight, one from each person to a friend of a friend they are not connected to (a
  // tenth of them ignored): written once the connections' key can answer "already connected?".
  tasks.push({
    label: 'connection requests',
    needs: [
      pending.some((p) => p.name === 'connections_pkey') ? 'index connections_pkey' : 'loaded connections',
    ],
    gives: 'loaded connection_requests',
    work: (c) =>
      run(
        c,
        `
      insert into connection_requests (id, sender_id, recipient_id, ignored_at, created_at)
      select ${requestId('a + 1')}, ${uid('a')}, ${uid('b')},
             case when a % 10 = 3 then date_trunc('milliseconds', now()) - interval '1 day' end,
             date_trunc('milliseconds', now()) - ${rnd('a', 51)} * interval '30 days'
      from generate_series(0::bigint, ${USERS - 1}) as a,
           lateral (select ${reach('a', '1')} as friend offset 0) f,
           lateral (select ${reach('f.friend', `1 + floor(${rnd('a', 52)} * ${stubs('f.friend')})::bigint`)} as b offset 0) q
      where a <> b and not exists (select 1 from connections k where k.user_id = ${uid('a')} and k.other_id = ${uid('b')})`,
      ),
  });
  for (const p of pending)
    tasks.push({
      label: `index ${p.name}`,
      needs: [`loaded ${p.tbl}`],
      gives: `index ${p.name}`,
      work: (c) => rebuild(c, [p]),
    });
  for (const t of [...BULK].sort((a, b) => bySize(a) - bySize(b)))
    tasks.push({
      label: `${t} vacuumed and analysed`,
      needs: [`loaded ${t}`, ...pending.filter((p) => p.tbl === t).map((p) => `index ${p.name}`)],
      gives: `vacuum ${t}`,
      work: (c) => run(c, `vacuum analyze ${t}`),
    });
  tasks.push({
    label: 'the rest analysed',
    needs: ['loaded chats', 'loaded search_lexicon', 'loaded search_names'],
    gives: 'analyse',
    work: (c) => run(c, `vacuum analyze chats, search_lexicon, search_names`),
  });
}

// The mission update that post n is (one post in a hundred): its mission and its number, as the
// trigger numbers them when the posts are written in order (closed forms of that count).
const updateSlot = `((n - 7) / 100)`;
const UPDATE_SLOTS = POSTS >= 7 ? Math.floor((POSTS - 7) / 100) + 1 : 0;

await Promise.all([
  // Session A: people, posts, their hashtags and the lexicon; then the shared queue.
  onOwnConnection(async (c) => {
    await step('A', `${USERS.toLocaleString()} people`, () =>
      run(
        c,
        `
        insert into users (id, username, first_name, last_name, headline, location, email, email_verified_at, password_hash, created_at)
        select id, username, first_name, last_name, headline, location, email, now(), null, created_at
        from (select ${uid('x')} as id, 'user' || (x + 1) as username, 'Person' as first_name, 'Number ' || (x + 1) as last_name,
                     'Volunteer ' || ((x + 1) % 97) as headline, 'Town ' || ${townOf('x')} as location, 'user' || (x + 1) || '@scale.test' as email,
                     now() - interval '400 days' + ((x + 1) || ' seconds')::interval as created_at
              from generate_series(0::bigint, ${USERS - 1}) as x) u`,
      ),
    );
    loaded('users');
    // search_names as its row triggers (0031) would have filled it: each name's words, counted.
    await step('A', 'name words', () =>
      run(
        c,
        `
      insert into search_names (word, deletions, people)
      select w, search_name_deletions(w), sum(u.people) from (
        select first_name, last_name, count(*) as people from users group by first_name, last_name) u, search_name_words(u.first_name, u.last_name) as w
      group by w`,
      ),
    );
    loaded('search_names');
    await run(c, likePlan);
    // Posts in the order they were written (the table grows as in life, so a feed page sits on
    // few disk pages). Their authors are spread evenly (ten posts each): the feeds' costs stay
    // comparable with earlier runs. What the triggers add is written here: the expiry of open
    // needs (0019), a mission update's number (0014), the likes; render_post renders each row.
    await step('A', `${POSTS.toLocaleString()} posts`, () =>
      run(
        c,
        `
        insert into posts (id, author_id, kind, title, content, category, status, hashtags, like_count, mission_id, mission, expires_at,
                           map_location, exact_location, created_at, updated_at)
        select id, author_id, kind, title, content, category, status, hashtags, like_count, mission_id, mission, expires_at,
               case when kind in ('need', 'want', 'provision') then ${postPlace.shown} end,
               case when kind in ('need', 'want', 'provision') then ${postPlace.exact} end, created_at, updated_at
        from (
          select *, case when kind in ('need', 'want') then need_expiry_default(created_at) end as expires_at,
                 case when mission_id is not null then jsonb_build_object('missionId', mission_id::text, 'title', 'Mission number ' || m,
                                                                          'updateCount', ${updateSlot} / ${MISSIONS} + 1) end as mission
          from (
            select n, ${postId('n')} as id, ${uid(`(n * 7919) % ${USERS}`)} as author_id, ${townOf(`(n * 7919) % ${USERS}`)} as town,
                   case when is_update then 'mission_update' else (array['need','want','provision','general','general','general'])[1 + n % 6] end as kind,
                   'Post number ' || n as title,
                   'Scale post ' || n || ' #' || (${tagArray})[1 + n % 12] || ' #' || (${tagArray})[1 + (n / 12) % 12]
                     || case when n % 4 = 0 then ' #local' || (n / 4) % 250 else '' end as content,
                   case when n % 6 < 3 and not is_update then 'Transport' end as category,
                   case when n % 6 < 2 and not is_update then 'open' end as status,
                   array[(${tagArray})[1 + n % 12], (${tagArray})[1 + (n / 12) % 12]] || case when n % 4 = 0 then array['local' || (n / 4) % 250] else '{}' end as hashtags,
                   ${likesOf}::int as like_count,
                   case when is_update then ${missionId('m')} end as mission_id, m,
                   date_trunc('milliseconds', now()) - interval '30 days' + (n * 2.5 || ' seconds')::interval as created_at,
                   date_trunc('milliseconds', now()) - interval '30 days' + (n * 2.5 || ' seconds')::interval as updated_at
            from (select q, c, before from like_plan order by q) lp, lateral (select q as n, q % 100 = 7 and ${MISSIONS} > 0 as is_update,
                                            1 + ((q - 7) / 100) % greatest(${MISSIONS}, 1) as m) k
            ) p) p
        join seed_scale_towns st on st.town = p.town`,
      ),
    );
    loaded('posts');
    await step('A', 'post hashtags', () =>
      run(
        c,
        `
      insert into post_hashtags (post_id, tag, kind, created_at, author_id, mission_id)
      select distinct on (p.id, t.tag) p.id, t.tag, p.kind, p.created_at, p.author_id, p.mission_id from posts p cross join lateral unnest(p.hashtags) as t(tag)
      order by p.id, t.tag`,
      ),
    );
    loaded('post_hashtags');
    // search_lexicon as its two statement triggers (0017) would have filled it: the same words,
    // each text split once rather than once per row.
    await step('A', 'search lexicon', () =>
      run(
        c,
        `
      insert into search_lexicon (word)
      select distinct w from (select distinct category from posts where kind in ('need', 'want', 'provision')) p,
                             regexp_split_to_table(lower(p.category), '[^[:alnum:]]+') as w
      where length(w) >= 3
      union select lower(tag) from (select distinct tag from post_hashtags) t where lower(tag) ~ '^[[:alnum:]]{3,}$'
      on conflict do nothing`,
      ),
    );
    loaded('search_lexicon');
    await drain('A', c);
  }),

  // Session B: likes, the social graph, follows, blocks and mutes, missions; then the shared queue.
  onOwnConnection(async (c) => {
    await run(c, likePlan);
    await step('B', `${LIKES.toLocaleString()} likes`, () =>
      run(
        c,
        `
      insert into post_likes (post_id, user_id, created_at)
      select ${postId('q')}, ${uid(`(hashint8extended(q, 43) % ${USERS} + ${USERS} + m * ${LIKER_STEP}) % ${USERS}`)},
             date_trunc('milliseconds', now()) - interval '30 days' + (q * 2.5 || ' seconds')::interval + ${rnd('q * 65536 + m', 44)} * interval '1 day'
      from like_plan, generate_series(0::bigint, ${likesOf} - 1) as m
      where before < ${LIKES}`,
      ),
    );
    loaded('post_likes');

    // Everyone but the bench viewers reaches out (stubs), and closes some triangles; a pair is
    // one connection however often it was drawn, stored both ways as the app keeps it.
    await step(
      'B',
      (n: number) => `connections: ${n.toLocaleString()} pairs`,
      async () => {
        await run(
          c,
          `
        create temp table reached as
        select x as a, j, ${reach('x', 'j')} as b
        from generate_series(0::bigint, ${USERS - 1}) as x, generate_series(1::bigint, ${stubs('x')}) as j
        where x % ${VIEWER_EVERY} <> 0`,
        );
        await run(c, `analyze reached`);
        // The bench viewers (issue 13's settled member): 60 distinct people of their town and 40 from
        // anywhere, skewed to the well-known as anyone's are; about 100 connections in all.
        await run(
          c,
          `
        insert into reached (a, j, b)
        select x, j, ${notViewer(`(case when j <= 60 then (((x / ${TOWNS} + j * 7) % ${townSize('x')}) * ${TOWNS} + ${townOf('x')})
                                  else ${anyone(rnd(`x * 8192 + j`, 2), GAMMA_ALL)} end)`)}
        from generate_series(0::bigint, ${USERS - 1}, ${VIEWER_EVERY}) as x, generate_series(1::bigint, 100) as j`,
        );
        await run(
          c,
          `
        create temp table pairs as
        select distinct least(a, b) as a, greatest(a, b) as b from (
          select a, b from reached
          union all
          select r.a, ${reach('r.b', `1 + floor(${rnd('r.a * 8192 + r.j', 5)} * ${stubs('r.b')})::bigint`)}
          from reached r where r.a % ${VIEWER_EVERY} <> 0 and ${rnd('r.a * 8192 + r.j', 4)} < ${CLOSURE}) e
        where a <> b`,
        );
        await run(c, `analyze pairs`);
        await run(
          c,
          `
        insert into connections (user_id, other_id, created_at)
        select ${uid('x')}, ${uid('y')}, t
        from (select a, b, date_trunc('milliseconds', now()) - ${rnd('a * 131072 + b', 6)} * interval '365 days' as t from pairs) p,
             lateral (values (a, b), (b, a)) as both_ways(x, y)`,
        );
        return Number((await rowsOf<{ n: string }>(c, `select count(*) as n from pairs`))[0]!.n);
      },
    );
    loaded('connections');

    // Hashtags followed: most people a few, some dozens; the common tags far more than the local
    // ones, and a person's own town's tag more than others'. Viewers: 2 common and 8 local tags.
    await step('B', 'hashtag follows', () =>
      run(
        c,
        `
      insert into hashtag_follows (user_id, tag, created_at)
      select distinct on (x, tag) ${uid('x')}, tag, date_trunc('milliseconds', now()) - ${rnd('x * 64 + k', 24)} * interval '365 days'
      from (
        select x, k, case when ${rnd('x * 64 + k', 22)} < 0.6 then (${tagArray})[1 + floor(12 * ${rnd('x * 64 + k', 23)} ^ 2.2)::int]
                          when ${rnd('x * 64 + k', 22)} < 0.8 then 'local' || ${townOf('x')} % 250
                          else 'local' || (floor(250 * ${rnd('x * 64 + k', 23)} ^ 2)::int * 97 + 3) % 250 end as tag
        from generate_series(0::bigint, ${USERS - 1}) as x,
             generate_series(1::bigint, least(40, floor(2 / ${rnd('x', 21)} ^ (1.0 / 1.6)))::bigint) as k
        where x % ${VIEWER_EVERY} <> 0
        union all
        select x, k, case when k < 2 then (${tagArray})[1 + (x + 1 + k * 5) % 12] else 'local' || (x + 1 + k * 31) % 250 end
        from generate_series(0::bigint, ${USERS - 1}, ${VIEWER_EVERY}) as x, generate_series(0::bigint, 9) as k) f
      order by x, tag`,
      ),
    );
    loaded('hashtag_follows');

    // One in ten blocks someone and one in ten mutes someone (different people: one in five silences).
    await step('B', 'blocks and mutes', async () => {
      await run(
        c,
        `insert into blocks (blocker_id, blocked_id) select distinct ${uid('i - 1')}, ${uid(`(i * 613 + 3) % ${USERS}`)}
        from generate_series(10::bigint, ${USERS}, 10) as i where i - 1 <> (i * 613 + 3) % ${USERS}`,
      );
      await run(
        c,
        `insert into mutes (muter_id, muted_id) select distinct ${uid('i - 1')}, ${uid(`(i * 877 + 5) % ${USERS}`)}
        from generate_series(5::bigint, ${USERS}, 10) as i where i - 1 <> (i * 877 + 5) % ${USERS}`,
      );
    });
    for (const t of ['blocks', 'mutes']) loaded(t);

    // Missions: owned mostly by the well-connected, placed in the owner's town; members and
    // followers mostly from that town; a few missions with thousands of followers, most a handful.
    // The counts the triggers keep are counted from the rows (members, followers) or their closed
    // form (updates, numbered in post order above). Each has its chat.
    await step('B', `${MISSIONS.toLocaleString()} missions with members, followers and chats`, async () => {
      await run(
        c,
        `
        create temp table mission_plan as
        select i, ${notViewer(anyone(rnd('i', 31), 2))} as owner from generate_series(1::bigint, ${MISSIONS}) as i`,
      );
      await run(
        c,
        `
        insert into mission_members (mission_id, user_id, role, joined_at)
        select ${missionId('i')}, ${uid('x')}, role, date_trunc('milliseconds', now()) - interval '200 days' + (i * 1700 || ' seconds')::interval
        from (
          select i, owner as x, 'owner' as role from mission_plan
          union all
          select distinct on (i, x) i, x, role from (
            select i, owner, ${notViewer(`(case when ${rnd('i * 1024 + k', 34)} < 0.75 then ${inTown('owner', rnd('i * 1024 + k', 35), 1)}
                                               else ${anyone(rnd('i * 1024 + k', 35), GAMMA_ALL)} end)`)} as x,
                   (array['partner', 'collaborator'])[1 + k % 2] as role
            from mission_plan, generate_series(1::bigint, least(300, floor(2 / ${rnd('i', 32)} ^ (1.0 / 1.3)))::bigint) as k) m
          where x <> owner order by i, x, role desc) a`,
      );
      await run(
        c,
        `
        insert into mission_follows (mission_id, user_id, created_at)
        select distinct on (i, x) ${missionId('i')}, ${uid('x')}, date_trunc('milliseconds', now()) - ${rnd('i * 65536 + x', 38)} * interval '200 days'
        from (
          select i, ${notViewer(`(case when ${rnd('i * 8192 + k', 36)} < 0.6 then ${inTown('owner', rnd('i * 8192 + k', 37), 1)}
                                      else ${anyone(rnd('i * 8192 + k', 37), GAMMA_ALL)} end)`)} as x
          from mission_plan, generate_series(1::bigint, least(5000, floor(3 / ${rnd('i', 33)} ^ (1.0 / 1.1)))::bigint) as k
          union all
          select 1 + (x + 1 + k * 1009 + (x + 1) * 6) % ${MISSIONS}, x
          from generate_series(0::bigint, ${USERS - 1}, ${VIEWER_EVERY}) as x, generate_series(1::bigint, 5) as k) f
        order by i, x`,
      );
      await run(
        c,
        `
        insert into missions (id, owner_id, title, description, type, category, location, map_location, exact_location, created_at, updated_at,
                              partners_count, collaborators_count, follower_count, update_count)
        select ${missionId('i')}, ${uid('owner')}, 'Mission number ' || i, 'What mission ' || i || ' is about, and who it needs.',
               (array['collaboration', 'partnership'])[1 + i % 2], (array['Disaster response', 'Healthcare', 'Film', 'Research', 'Energy'])[1 + i % 5],
               st.address, ${missionPlace.shown},
               jsonb_build_object('location', 'Mission ' || i || ', ' || st.name, 'mapLocation', ${missionPlace.exact}),
               date_trunc('milliseconds', now()) - interval '200 days' + (i * 1700 || ' seconds')::interval, now(),
               coalesce(m.partners, 0), coalesce(m.collaborators, 0), coalesce(f.n, 0),
               case when i - 1 < ${UPDATE_SLOTS} then (${UPDATE_SLOTS} - i) / ${Math.max(MISSIONS, 1)} + 1 else 0 end
        from mission_plan
        join seed_scale_towns st on st.town = ${townOf('owner')}
        left join (select mission_id, count(*) filter (where role = 'partner')::int as partners,
                          count(*) filter (where role = 'collaborator')::int as collaborators
                   from mission_members group by mission_id) m on m.mission_id = ${missionId('i')}
        left join (select mission_id, count(*)::int as n from mission_follows group by mission_id) f on f.mission_id = ${missionId('i')}`,
      );
      await run(
        c,
        `insert into chats (id, kind, mission_id) select ${chatId('i')}, 'mission', ${missionId('i')} from generate_series(1::bigint, ${MISSIONS}) as i`,
      );
    });
    for (const t of ['missions', 'mission_members', 'mission_follows', 'chats']) loaded(t);

    await drain('B', c);
  }),
]);
await onOwnConnection((c) => renderingTriggers(c, 'origin'));
const wal = await onOwnConnection((c) =>
  rowsOf<{ size: string; db: string }>(
    c,
    `select pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), '${walAtStart}')) as size, pg_size_pretty(pg_database_size(current_database())) as db`,
  ),
);
console.log(
  `${clock()} s  built: loaded, indexed, vacuumed and analysed (WAL written: ${wal[0]!.size}; database: ${wal[0]!.db})`,
);
// The machine is shared: CPU seconds the server spent for us tell the work apart from the waiting
// (readable when PostgreSQL runs on this machine).
try {
  const ticks = [...backends].map((pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  });
  console.log(
    `         PostgreSQL CPU: ${ticks.map((t) => `${t.toFixed(1)} s`).join(' + ')} in ${backends.size} sessions · load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
} catch {
  // A database on another machine: no figure.
}

await onOwnConnection(async (c) => {
  await run(c, `drop table seed_scale_pending_indexes`);
  await run(c, `drop table seed_scale_towns`);
  // The figures, counted from the tables.
  const counts = await rowsOf<Record<string, string>>(
    c,
    `
    select (select count(*) from users) as people, (select count(*) from posts) as posts, (select count(*) from post_likes) as likes,
           (select count(*) from connections) / 2 as connections, (select count(*) from hashtag_follows) as "hashtag follows",
           (select count(*) from missions) as missions, (select count(*) from mission_members) as "mission members",
           (select count(*) from mission_follows) as "mission follows", (select count(*) from connection_requests) as requests,
           (select count(*) from blocks) as blocks, (select count(*) from mutes) as mutes,
           (select count(*) from posts where kind in ('need', 'want') and status = 'open') as "open needs and wants"`,
  );
  console.log(
    `\n${Object.entries(counts[0]!)
      .map(([k, v]) => `${Number(v).toLocaleString()} ${k}`)
      .join(' · ')}`,
  );

  // The graph's shape: degree percentiles, and how much of it sits in triangles.
  const pct = `percentile_disc(array[0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999]) within group (order by n)`;
  const shape = await rowsOf<{ what: string; p: number[]; max: number; mean: string; over1000: string }>(
    c,
    `
    select 'connections per person' as what, ${pct} as p, max(n) as max, round(avg(n), 1) as mean, count(*) filter (where n >= 1000) as over1000
    from (select count(c.user_id) as n from users u left join connections c on c.user_id = u.id group by u.id) d
    union all
    select 'connections, bench viewers', ${pct}, max(n), round(avg(n), 1), count(*) filter (where n >= 1000)
    from (select count(*) as n from connections c join users u on u.id = c.user_id
          where u.username = any(array(select 'user' || (1 + k * ${VIEWER_EVERY}) from generate_series(0, 199) k)) group by c.user_id) d
    union all
    select 'followers per mission', ${pct}, max(n), round(avg(n), 1), count(*) filter (where n >= 1000)
    from (select follower_count as n from missions) d
    union all
    select 'members per mission', ${pct}, max(n), round(avg(n), 1), count(*) filter (where n >= 1000)
    from (select partners_count + collaborators_count + 1 as n from missions) d
    union all
    select 'followers per hashtag', ${pct}, max(n), round(avg(n), 1), count(*) filter (where n >= 1000)
    from (select count(*) as n from hashtag_follows group by tag) d
    union all
    select 'hashtags per person', ${pct}, max(n), round(avg(n), 1), count(*) filter (where n >= 1000)
    from (select count(*) as n from hashtag_follows group by user_id) d`,
  );
  console.log(
    '\n| degree                      | p10 | p25 | p50 | p75 | p90 |  p99 | p99.9 |  max | mean | ≥1000 |',
  );
  console.log(
    '|-----------------------------|-----|-----|-----|-----|-----|------|-------|------|------|-------|',
  );
  for (const s of shape)
    console.log(
      `| ${s.what.padEnd(27)} | ${s.p.map((v, i) => String(v).padStart(i < 5 ? 3 : i === 5 ? 4 : 5)).join(' | ')} | ${String(s.max).padStart(4)} | ${String(s.mean).padStart(4)} | ${String(s.over1000).padStart(5)} |`,
    );
  // Triangles: of 2,000 connections drawn at random, how many pairs share a connection; and for
  // 20 bench viewers, how many people they are not connected to share one with them (the
  // candidates of "people you may know") and the most any of them shares.
  const tri = await rowsOf<Record<string, string>>(
    c,
    `
    select (select round(100.0 * avg((exists (select 1 from connections x join connections y on y.user_id = e.other_id and y.other_id = x.other_id
                                               where x.user_id = e.user_id))::int), 1)
            from (select * from connections tablesample bernoulli (0.1) repeatable (7) limit 2000) e) as "connected pairs with a mutual connection, %",
           (select round(avg(n), 0) from (select v.id, count(distinct t.other_id) as n
              from users v join connections m on m.user_id = v.id join connections t on t.user_id = m.other_id
              where v.username = any(array(select 'user' || (1 + k * ${VIEWER_EVERY}) from generate_series(0, 19) k)) and t.other_id <> v.id
                and not exists (select 1 from connections z where z.user_id = v.id and z.other_id = t.other_id)
              group by v.id) d) as "people sharing a connection with a viewer (mean)",
           (select max(n) from (select v.id, t.other_id, count(*) as n
              from users v join connections m on m.user_id = v.id join connections t on t.user_id = m.other_id
              where v.username = any(array(select 'user' || (1 + k * ${VIEWER_EVERY}) from generate_series(0, 19) k)) and t.other_id <> v.id
              group by v.id, t.other_id) d) as "most shared with a viewer"`,
  );
  console.log(
    `\n${Object.entries(tri[0]!)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · ')}`,
  );
  const town = await rowsOf<{ share: string }>(
    c,
    `
    select round(100.0 * avg((a.location = b.location)::int), 1) as share
    from connections c tablesample system (2) join users a on a.id = c.user_id join users b on b.id = c.other_id`,
  );
  console.log(`connections within the person's own town: ${town[0]!.share} %`);

  // What the triggers would have written, on a sample: each row re-rendered by its trigger in a
  // transaction that is rolled back, and each count recounted from its rows.
  await run(c, `set session_replication_role = origin`);
  await run(c, `begin`);
  try {
    await run(
      c,
      `create temp table before_posts as select id, rendered from posts tablesample bernoulli (0.1) repeatable (7)
                  union select id, rendered from posts where kind = 'mission_update' and id in (select id from posts where kind = 'mission_update' limit 200)`,
    );
    await run(
      c,
      `create temp table before_users as select id, card from users tablesample bernoulli (1) repeatable (7)`,
    );
    await run(c, `update posts p set updated_at = p.updated_at from before_posts b where p.id = b.id`);
    await run(c, `update users u set username = u.username from before_users b where u.id = b.id`);
    const bad = await rowsOf<Record<string, string>>(
      c,
      `
      select (select count(*) from before_posts) as "posts sampled",
             (select count(*) from before_posts b join posts p on p.id = b.id where p.rendered <> b.rendered) as "posts rendered differently",
             (select count(*) from before_users) as "people sampled",
             (select count(*) from before_users b join users u on u.id = b.id where u.card <> b.card) as "cards rendered differently",
             (select count(*) from posts p join before_posts b on b.id = p.id
              where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)) as "like counts off",
             -- need_expiry_default as of the moment the posts were written (post 1's time gives it).
             (select count(*) from posts p join before_posts b on b.id = p.id
              where (p.kind in ('need', 'want')) <> (p.expires_at is not null)
                 or abs(extract(epoch from p.expires_at - greatest(p.created_at + interval '30 days',
                      (select created_at + interval '30 days' - interval '2.5 seconds' from posts where id = ${postId('1')}) + interval '7 days'))) >= 0.001) as "expiries off",
             (select count(*) from missions m where m.id in (select id from missions tablesample bernoulli (5) repeatable (7))
              and (m.partners_count, m.collaborators_count, m.follower_count, m.update_count) is distinct from (
                (select count(*) from mission_members x where x.mission_id = m.id and x.role = 'partner'),
                (select count(*) from mission_members x where x.mission_id = m.id and x.role = 'collaborator'),
                (select count(*) from mission_follows x where x.mission_id = m.id),
                (select count(*) from posts x where x.mission_id = m.id))) as "mission counts off",
             (select count(*) from (select id, mission_id, (mission->>'updateCount')::int as n,
                                           row_number() over (partition by mission_id order by created_at, id) as k
                                    from posts where mission_id in (select id from missions order by id limit 50)) u where n <> k) as "update numbers off",
             (select count(*) from (select distinct w from posts p, regexp_split_to_table(lower(p.category), '[^[:alnum:]]+') as w
                                    where p.kind in ('need', 'want', 'provision') and length(w) >= 3
                                    union select distinct lower(tag) from post_hashtags where lower(tag) ~ '^[[:alnum:]]{3,}$'
                                    except select word from search_lexicon) l) as "lexicon words missing",
             (select count(*) from (select w, count(*)::int from users u, search_name_words(u.first_name, u.last_name) as w group by w
                                    except select word, people from search_names) n) as "name words miscounted"`,
    );
    console.log(
      `trigger check: ${Object.entries(bad[0]!)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}`,
    );
    const off = Object.entries(bad[0]!).filter(
      ([k, v]) => !k.includes('sampled') && v !== '0' && Number(v) !== 0,
    );
    if (off.length) process.exitCode = 1;
  } finally {
    await run(c, `rollback`);
  }
});
console.log(`${clock()} s  done`);
await close();
