// The benchmark's floor: a bare Fastify route running one indexed query, in its own process.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { extractHashtags } from '@muster/contract/hashtags';
import { openDatabase } from '../src/db/database.js';
import { sendDirectMessageIfAllowed } from '../src/features/chats/chats.queries.js';
import { directKey } from '../src/features/chats/chats.service.js';
import { insertPost } from '../src/features/posts/posts.queries.js';
import { newId } from '../src/platform/ids.js';
import { placeColumns } from '../src/platform/places.js';
import { benchUrl } from './scale-db.js';

const { db } = await openDatabase({ databaseUrl: benchUrl });
const floor = Fastify({ logger: false });
floor.get(
  '/floor',
  async () =>
    (await sql`select id, created_at from posts order by created_at desc, id desc limit 20`.execute(db)).rows,
);

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
  const page = rows
    .slice(0, 20)
    .map((r) => r.post)
    .join(',');
  return reply.type('application/json').send(`{"data":[${page}],"meta":{"nextCursor":null}}`);
});
// The floor for writes: a bare POST, authenticated by nothing, that inserts one row into a table
// shaped like posts — a primary key and one index, in the same database, so each insert pays what
// any of ours does for the commit (WAL flush, synchronous_commit) and the two B-tree entries, and
// nothing else: no session, no triggers, no access rules, no hashtags, no events.
await sql`create table if not exists bench_insert_floor (
  id uuid primary key,
  author_id uuid not null,
  content text not null,
  created_at timestamptz not null default now())`.execute(db);
await sql`create index if not exists bench_insert_floor_author on bench_insert_floor (author_id, created_at desc)`.execute(
  db,
);
await sql`truncate bench_insert_floor`.execute(db);
floor.post<{ Body: { authorId: string; content: string } }>('/insert', async (request) => {
  const { rows } = await sql<{ id: string; createdAt: Date }>`
    insert into bench_insert_floor (id, author_id, content) values (${newId()}, ${request.body.authorId}, ${request.body.content})
    returning id, created_at`.execute(db);
  return { data: rows[0] };
});

// Our own writes' statements from a bare route, as `/page` is for the feed: a send and a post
// are each one statement (decision 031), and these run that statement with the API's values,
// batched as the API's are (db/batched.ts, decision 035), but without the API — no session cache, hooks, validation, rate limit, events or live pushes. Read
// against the insert floor, they say how much of a write's gap is the statement's own work (the
// indexes, triggers and access rules it carries) and how much the API adds (decision 033).
type BareWrite = { sessionId: string; senderId: string; recipientId: string; body: string };
// Nothing written (a session or recipient the bench got wrong) answers non-2xx, which the bench counts.
floor.post<{ Body: BareWrite }>('/send', async (request, reply) => {
  const { sessionId, senderId, recipientId, body } = request.body;
  const row = await sendDirectMessageIfAllowed(db, {
    sessionId,
    chatId: newId(),
    directKey: directKey(senderId, recipientId),
    messageId: newId(),
    requestId: newId(),
    senderId,
    recipientId,
    body,
    clientMessageId: null,
    // The default burst (CHAT_BURST_SECONDS): the statement as the API runs it.
    burstSeconds: 600,
  });
  if (!row.id) return reply.code(409).send({ error: 'nothing sent', row });
  return { data: row };
});
floor.post<{ Body: BareWrite }>('/post', async (request, reply) => {
  const { sessionId, senderId, body } = request.body;
  // The columns createPost gives for a general post, so the statement is the same prepared shape.
  const made = await insertPost(db, sessionId, {
    id: newId(),
    authorId: senderId,
    kind: 'general',
    title: '',
    content: body,
    category: null,
    status: null,
    expiresAt: null,
    image: null,
    video: null,
    fileUrl: null,
    fileName: null,
    review: null,
    ...placeColumns(undefined),
    mission: null,
    missionId: null,
    emergencyEmoji: null,
    hashtags: extractHashtags(body),
  });
  if (!made) return reply.code(401).send({ error: 'session ended' });
  return { data: made };
});

await floor.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on SIGTERM, so a profile asked for with BENCH_API_ARGS=--cpu-prof gets written.
process.on('SIGTERM', () => process.exit(0));
