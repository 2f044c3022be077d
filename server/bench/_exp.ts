import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { benchUrl } from './scale-db.js';
const { db } = await openDatabase({ databaseUrl: benchUrl });
const floor = Fastify({ logger: false });
floor.get('/floor', async () => (await sql`select id, created_at from posts order by created_at desc, id desc limit 20`.execute(db)).rows);
const cur = (await sql<{ c: Date; id: string }>`select created_at as c, id from posts order by created_at desc offset 300000 limit 1`.execute(db)).rows[0]!;
const U = '00000000-01f5-7000-8000-0000000001f5';
const mode = process.env.EXP ?? 'text';
floor.get('/deep', async (req, reply) => {
  const off = Math.floor(Math.random() * 800000) + 100000;
  const c = new Date(cur.c.getTime() + 300000000 - off * 1000);
  if (mode === 'text') {
    const r = await sql<{ page: string }>`select coalesce(json_agg(x.post order by x.created_at desc, x.id desc), '[]')::text as page from (select p.id, p.created_at, json_build_object(
  '_id', p.id, 'kind', p.kind,
  'author', json_build_object('_id', a.id, 'username', a.username, 'firstName', a.first_name, 'lastName', a.last_name, 'headline', a.headline, 'profilePicture', coalesce(a.profile_picture, '/avatar.png')),
  'title', p.title, 'content', p.content, 'category', p.category, 'status', p.status, 'huntType', p.hunt_type, 'image', p.image, 'video', p.video,
  'file', case when p.file_url is null then null else json_build_object('url', p.file_url, 'name', coalesce(p.file_name, 'document')) end,
  'review', p.review, 'mapLocation', p.map_location, 'mission', p.mission, 'emergencyEmoji', p.emergency_emoji, 'linkPreview', p.link_preview, 'hashtags', p.hashtags,
  'likeCount', p.like_count, 'commentCount', p.comment_count,
  'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'likedByMe', exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${U}), 'savedByMe', exists (select 1 from saved_posts s where s.post_id = p.id and s.user_id = ${U})) as post
  from (select * from posts p where (p.created_at, p.id) < (${c}, ${cur.id}::uuid) and not exists (select 1 from blocks b where (b.blocker_id = ${U} and b.blocked_id = p.author_id) or (b.blocked_id = ${U} and b.blocker_id = p.author_id)) order by p.created_at desc, p.id desc limit 21) p join users a on a.id = p.author_id) x`.execute(db);
    reply.type('application/json');
    return `{"data":${r.rows[0]!.page},"meta":{"nextCursor":null}}`;
  }
  if (mode === 'stored') {
    const r = await sql<{ id: string; c: string; t: string }>`select p.id, p.created_at as c, left(p.xbody, -1) || ',"author":' || a.xcard || ',"likeCount":' || p.like_count || ',"commentCount":' || p.comment_count
      || ',"likedByMe":' || exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${U}) || ',"savedByMe":' || exists (select 1 from saved_posts s where s.post_id = p.id and s.user_id = ${U}) || '}' as t
  from (select * from posts p where (p.created_at, p.id) < (${c}, ${cur.id}::uuid) and not exists (select 1 from blocks b where (b.blocker_id = ${U} and b.blocked_id = p.author_id) or (b.blocked_id = ${U} and b.blocker_id = p.author_id)) order by p.created_at desc, p.id desc limit 21) p join users a on a.id = p.author_id order by p.created_at desc, p.id desc`.execute(db);
    const rows = r.rows;
    if (process.env.PARSE) { const data = rows.slice(0, 20).map((x) => JSON.parse(x.t)); return { data, meta: { nextCursor: rows.length > 20 ? rows[19]!.id : null } }; }
    reply.type('application/json');
    let out = '{"data":[';
    for (let i = 0; i < Math.min(rows.length, 20); i++) out += (i ? ',' : '') + rows[i]!.t;
    return out + `],"meta":{"nextCursor":${rows.length > 20 ? JSON.stringify(rows[19]!.id) : null}}}`;
  }
  return null;
});
await floor.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
console.log('ready');
