// `npm run seed:scale`: 100k users, 1M posts, 3M likes and their hashtags on PostgreSQL, built with
// generate_series in a few statements rather than row by row. Idempotent: it starts from empty.
import { sql } from 'kysely';
import { ensureBenchDatabase } from './scale-db.js';

const USERS = Number(process.env.SCALE_USERS ?? 100_000);
const POSTS = Number(process.env.SCALE_POSTS ?? 1_000_000);
const LIKES = Number(process.env.SCALE_LIKES ?? 3_000_000);

const started = Date.now();
const step = (label: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);
const { db, close } = await ensureBenchDatabase();

await sql`truncate users, posts, post_likes, post_hashtags, saved_posts, comments, sessions, notifications restart identity cascade`.execute(db);
step('emptied');

// UUIDv7-shaped ids made in SQL from the row number, so ids are time-ordered like the app's.
await sql`
  insert into users (id, username, first_name, last_name, headline, location, email, email_verified_at, password_hash, created_at)
  select (lpad(to_hex(i), 12, '0') || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid,
         'user' || i, 'Person', 'Number ' || i, 'Volunteer ' || (i % 97), 'Town ' || (i % 400), 'user' || i || '@scale.test', now(), null,
         now() - interval '400 days' + (i || ' seconds')::interval
  from generate_series(1::bigint, ${USERS}) as i`.execute(db);
step(`${USERS.toLocaleString()} users`);

const tags = ['floodrelief', 'transport', 'shelter', 'medical', 'food', 'water', 'volunteer', 'science', 'creative', 'solar', 'preparedness', 'cleanup'];
await sql`
  insert into posts (id, author_id, kind, title, content, category, status, hashtags, like_count, created_at, updated_at)
  select (lpad(to_hex(i), 12, '0') || '7001' || '8000' || lpad(to_hex(i), 12, '0'))::uuid,
         (lpad(to_hex(1 + (i * 7919) % ${USERS}), 12, '0') || '7000' || '8000' || lpad(to_hex(1 + (i * 7919) % ${USERS}), 12, '0'))::uuid,
         (array['need','want','provision','general','general','general'])[1 + i % 6],
         'Post number ' || i,
         'Scale post ' || i || ' #' || (${sql.val(tags)}::text[])[1 + i % 12] || ' #' || (${sql.val(tags)}::text[])[1 + (i / 12) % 12]
           || case when i % 4 = 0 then ' #local' || (i / 4) % 250 else '' end,
         case when i % 6 < 3 then 'Transport' end,
         case when i % 6 < 2 then 'open' end,
         array[(${sql.val(tags)}::text[])[1 + i % 12], (${sql.val(tags)}::text[])[1 + (i / 12) % 12]]
           || case when i % 4 = 0 then array['local' || (i / 4) % 250] else '{}' end,
         0,
         date_trunc('milliseconds', now()) - interval '30 days' + (i * 2.5 || ' seconds')::interval,
         date_trunc('milliseconds', now()) - interval '30 days' + (i * 2.5 || ' seconds')::interval
  from generate_series(1::bigint, ${POSTS}) as i`.execute(db);
step(`${POSTS.toLocaleString()} posts`);

await sql`
  insert into post_hashtags (post_id, tag, kind, created_at)
  select distinct on (p.id, t.tag) p.id, t.tag, p.kind, p.created_at from posts p cross join lateral unnest(p.hashtags) as t(tag)`.execute(db);
step('hashtags');

// People's ids made in SQL from an expression of the row number (see the users above).
const uid = (n: string) => sql.raw(`(lpad(to_hex(${n}), 12, '0') || '7000' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`);

// The liked post repeats every POSTS likes; shifting the liker by a prime on each round keeps the
// (post, liker) pairs distinct, where the liker from j alone repeated with the post (10^6 is a
// multiple of 10^5) and ON CONFLICT silently dropped two likes in three.
await sql`
  insert into post_likes (post_id, user_id, created_at)
  select distinct on (post_id, user_id) post_id, user_id, now() from (
    select (lpad(to_hex(1 + (j * 104729) % ${POSTS}), 12, '0') || '7001' || '8000' || lpad(to_hex(1 + (j * 104729) % ${POSTS}), 12, '0'))::uuid as post_id,
           ${uid(`1 + (j * 15485863 + (j / ${POSTS}) * 7919) % ${USERS}`)} as user_id
    from generate_series(1::bigint, ${LIKES}) as j) l
  on conflict do nothing`.execute(db);
const liked = await sql<{ n: string }>`select count(*)::text as n from post_likes`.execute(db);
step(`${Number(liked.rows[0]!.n).toLocaleString()} likes (counted in the table)`);

// The social graph: each person about ten connections (two rows each, as the app keeps them),
// three followed hashtags and a request in flight; one in ten blocks someone and one in ten mutes
// someone, so suggestions and the feed's block and mute filters run against tables of real size.
const someone = (mix: string) => uid(`1 + (${mix}) % ${USERS}`);
await sql`
  insert into connections (user_id, other_id, created_at)
  select x, y, now() - interval '100 days'
  from (select ${uid('i')} as a, ${someone('i * 7919 + k * 104729')} as b
        from generate_series(1::bigint, ${USERS}) as i, generate_series(1::bigint, 5) as k) pairs
  cross join lateral (values (a, b), (b, a)) as both_ways(x, y)
  where a <> b
  on conflict do nothing`.execute(db);
await sql`
  insert into hashtag_follows (user_id, tag)
  select ${uid('i')}, (${sql.val(tags)}::text[])[1 + (i + k * 5) % 12]
  from generate_series(1::bigint, ${USERS}) as i, generate_series(0::bigint, 2) as k
  on conflict do nothing`.execute(db);
await sql`
  insert into connection_requests (id, sender_id, recipient_id)
  select gen_random_uuid(), a, b from (
    select ${uid('i')} as a, ${someone('i * 31337 + 17')} as b from generate_series(1::bigint, ${USERS}) as i) r
  where a <> b and not exists (select 1 from connections c where c.user_id = a and c.other_id = b)
  on conflict do nothing`.execute(db);
await sql`
  insert into blocks (blocker_id, blocked_id)
  select ${uid('i')}, ${someone('i * 613 + 3')} from generate_series(10::bigint, ${USERS}, 10) as i
  on conflict do nothing`.execute(db);
await sql`
  insert into mutes (muter_id, muted_id)
  select ${uid('i')}, ${someone('i * 877 + 5')} from generate_series(5::bigint, ${USERS}, 10) as i
  on conflict do nothing`.execute(db);
step('connections, follows, requests, blocks and mutes');

// 10,000 missions, each with its owner and four members (the counts follow by trigger), two
// followers, and a mission chat, so the mission page and list are read at a realistic size.
const MISSIONS = Number(process.env.SCALE_MISSIONS ?? 10_000);
const missionId = (n: string) => sql.raw(`(lpad(to_hex(${n}), 12, '0') || '7002' || '8000' || lpad(to_hex(${n}), 12, '0'))::uuid`);
await sql`
  insert into missions (id, owner_id, title, description, type, category, location, created_at, updated_at)
  select ${missionId('i')}, ${someone('i * 7 + 1')}, 'Mission number ' || i, 'What mission ' || i || ' is about, and who it needs.',
         (array['collaboration', 'partnership'])[1 + i % 2], (array['Disaster response', 'Healthcare', 'Film', 'Research', 'Energy'])[1 + i % 5],
         'Town ' || (i % 400), date_trunc('milliseconds', now()) - interval '200 days' + (i * 1700 || ' seconds')::interval, now()
  from generate_series(1::bigint, ${MISSIONS}) as i`.execute(db);
await sql`insert into mission_members (mission_id, user_id, role) select id, owner_id, 'owner' from missions`.execute(db);
await sql`
  insert into mission_members (mission_id, user_id, role)
  select ${missionId('i')}, ${someone('i * 13 + k * 977')}, (array['partner', 'collaborator'])[1 + (k % 2)]
  from generate_series(1::bigint, ${MISSIONS}) as i, generate_series(1::bigint, 4) as k
  on conflict do nothing`.execute(db);
await sql`
  insert into mission_follows (mission_id, user_id)
  select ${missionId('i')}, ${someone('i * 31 + k * 1499')} from generate_series(1::bigint, ${MISSIONS}) as i, generate_series(1::bigint, 2) as k
  on conflict do nothing`.execute(db);
await sql`insert into chats (id, kind, mission_id) select gen_random_uuid(), 'mission', id from missions`.execute(db);
step(`${MISSIONS.toLocaleString()} missions with members, followers and chats`);

// One post in a hundred is a mission's update (about one per mission), for the home feed's mission walks.
const postNumber = sql.raw(`('x' || right(replace(id::text, '-', ''), 12))::bit(48)::bigint`);
await sql`
  update posts set kind = 'mission_update', category = null, status = null,
         mission_id = ${missionId(`1 + (('x' || right(replace(id::text, '-', ''), 12))::bit(48)::bigint / 100) % ${MISSIONS}`)}
  where ${postNumber} % 100 = 7`.execute(db);
step('mission updates');

// The bench's viewers (bench.ts signs in as them): user1, user501, user1001, … — 200 people with
// the graph of a settled member (issue 13): ~100 connections (two rows per pair, as the app keeps
// them), 10 followed hashtags (two common ones and eight of the long tail) and 5 followed missions.
await sql`
  insert into connections (user_id, other_id, created_at)
  select x, y, now() - interval '50 days'
  from (select ${uid('i')} as a, ${someone('i * 48271 + k * 7907 + 11')} as b
        from generate_series(1::bigint, ${USERS}, 500) as i, generate_series(1::bigint, 95) as k) pairs
  cross join lateral (values (a, b), (b, a)) as both_ways(x, y)
  where a <> b
  on conflict do nothing`.execute(db);
await sql`
  insert into hashtag_follows (user_id, tag)
  select ${uid('i')}, case when k < 2 then (${sql.val(tags)}::text[])[1 + (i + k * 5) % 12] else 'local' || (i + k * 31) % 250 end
  from generate_series(1::bigint, ${USERS}, 500) as i, generate_series(0::bigint, 9) as k
  on conflict do nothing`.execute(db);
await sql`
  insert into mission_follows (mission_id, user_id)
  select ${missionId(`1 + (i * 7 + k * 1009) % ${MISSIONS}`)}, ${uid('i')}
  from generate_series(1::bigint, ${USERS}, 500) as i, generate_series(1::bigint, 5) as k
  on conflict do nothing`.execute(db);
step('bench viewers: connections, hashtags and missions followed');

// The likes were counted into posts.like_count as they went in (migration 0013's triggers).
// Counting rewrote every liked post at the end of the table; put posts back in the order they were
// written, as a table that grew one post at a time is, so a page of the feed sits on a few pages of disk.
await sql`cluster posts using posts_recent`.execute(db);
await sql`vacuum analyze`.execute(db);
step('counted, clustered and analysed');
await close();
