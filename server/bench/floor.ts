// The benchmark's floor: a bare Fastify route running one indexed query, in its own process.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { benchUrl } from './scale-db.js';

const { db } = await openDatabase({ databaseUrl: benchUrl });
const floor = Fastify({ logger: false });
floor.get('/floor', async () => (await sql`select id, created_at from posts order by created_at desc, id desc limit 20`.execute(db)).rows);

// The machine's ceiling for a feed page: a deep page's stored text (decision 010), read and sent
// by a bare route — no session, no marks, no blocks, no hooks. The feed's figures are read
// against this one: what the application adds is the difference.
floor.get<{ Querystring: { cursor: string } }>('/page', async (request, reply) => {
  const [at, id] = Buffer.from(request.query.cursor, 'base64url').toString().split('|');
  const { rows } = await sql<{ post: string }>`
    select left(p.rendered, -1) || ',"author":' || a.card || ',"likeCount":' || p.like_count || ',"commentCount":' || p.comment_count || '}' as post
    from (select * from posts where (created_at, id) < (${new Date(at!)}, ${id}::uuid) order by created_at desc, id desc limit 21) p
    join users a on a.id = p.author_id
    order by p.created_at desc, p.id desc`.execute(db);
  const page = rows.slice(0, 20).map((r) => r.post).join(',');
  return reply.type('application/json').send(`{"data":[${page}],"meta":{"nextCursor":null}}`);
});
await floor.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on SIGTERM, so a profile asked for with BENCH_API_ARGS=--cpu-prof gets written.
process.on('SIGTERM', () => process.exit(0));
