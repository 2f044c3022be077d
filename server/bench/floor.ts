// The benchmark's floor: a bare Fastify route running one indexed query, in its own process.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { benchUrl } from './scale-db.js';

const { db } = await openDatabase({ databaseUrl: benchUrl });
const floor = Fastify({ logger: false });
floor.get('/floor', async () => (await sql`select id, created_at from posts order by created_at desc, id desc limit 20`.execute(db)).rows);
await floor.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on SIGTERM, so a profile asked for with BENCH_API_ARGS=--cpu-prof gets written.
process.on('SIGTERM', () => process.exit(0));
