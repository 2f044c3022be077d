import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { createTestDatabase } from '../../test/helpers.js';
import { newId } from '../platform/ids.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import * as likeOnce from './migrations/0026-like-noticed-once.js';
import * as coalesce from './migrations/0031-notices-coalesce.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

it('finds an up-to-date database up to date at once, and migrates a new one through the Migrator', async () => {
  const migrated = await createTestDatabase();
  try {
    expect(await migrateToLatest(migrated.db)).toEqual([]);
  } finally {
    await migrated.close();
  }
  const blank = await openDatabase({});
  try {
    const applied = await migrateToLatest(blank.db);
    expect(applied[0]).toBe('0001-foundation');
    expect(applied.length).toBeGreaterThanOrEqual(22);
    expect(await migrateToLatest(blank.db)).toEqual([]);
  } finally {
    await blank.close();
  }
});

it('starts a new embedded data directory from a template tarball, and reopens it as it is', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-template-'));
  dirs.push(dataDir);
  const source = await openDatabase({});
  await migrateToLatest(source.db);
  const template = path.join(dataDir, 'template.tar.gz');
  await fs.writeFile(template, Buffer.from(await (await source.dumpDataDir!()).arrayBuffer()));
  await source.close();

  const first = await openDatabase({ dataDir, template });
  expect(await migrateToLatest(first.db)).toEqual([]);
  await sql`insert into app_meta (key, value) values ('kept', 'yes')`.execute(first.db);
  await first.close();
  const again = await openDatabase({ dataDir, template });
  const { rows } = await sql<{ value: string }>`select value from app_meta where key = 'kept'`.execute(
    again.db,
  );
  expect(rows).toEqual([{ value: 'yes' }]);
  await again.close();
});

it('0026 keeps the oldest of like notices already doubled, then refuses a second (issue 31, item 6)', async () => {
  const database = await createTestDatabase();
  try {
    const { db } = database;
    // A migration takes the untyped handle it runs on.
    const untyped = db as unknown as Kysely<unknown>;
    // 0031 replaced 0026's index: back to before both.
    await coalesce.down(untyped);
    await likeOnce.down(untyped);
    const [author, fan, other] = [await buildUser(db), await buildUser(db), await buildUser(db)];
    const [postA, postB] = [newId(), newId()];
    const notice = (senderId: string, relatedPostId: string | null, minutesAgo: number, type = 'like') => ({
      id: newId(),
      userId: author.id,
      senderId,
      relatedPostId,
      type,
      message: 'liked your post',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    // Doubled likes of one fan on post A (the oldest stays), one on B, another liker's pair on A,
    // likes without a post and comments (all of which stay).
    const rows = [
      notice(fan.id, postA, 30),
      notice(fan.id, postA, 20),
      notice(fan.id, postA, 10),
      notice(fan.id, postB, 5),
      notice(other.id, postA, 4),
      notice(other.id, postA, 3),
      notice(fan.id, null, 2),
      notice(fan.id, null, 1),
      notice(fan.id, postA, 1, 'comment'),
      notice(fan.id, postA, 0, 'comment'),
    ];
    await db.insertInto('notifications').values(rows).execute();
    await likeOnce.up(untyped);
    const kept = await db.selectFrom('notifications').select('id').where('userId', '=', author.id).execute();
    const expected = [0, 3, 4, 6, 7, 8, 9].map((i) => rows[i]!.id);
    expect(kept.map((r) => r.id).sort()).toEqual(expected.sort());
    await expect(
      db
        .insertInto('notifications')
        .values(notice(fan.id, postA, 0))
        .execute(),
    ).rejects.toThrow();
  } finally {
    await database.close();
  }
});

it('0031 merges the unread like notices of a post into its newest, counting the others, then refuses a second (issue 34)', async () => {
  const database = await createTestDatabase();
  try {
    const { db } = database;
    const untyped = db as unknown as Kysely<unknown>;
    await coalesce.down(untyped);
    const [author, a, b, c, d] = [
      await buildUser(db),
      await buildUser(db),
      await buildUser(db),
      await buildUser(db),
      await buildUser(db),
    ];
    const postOf = async () => {
      const id = newId();
      await db
        .insertInto('posts')
        .values({ id, authorId: author.id, kind: 'general', content: 'Like me' })
        .execute();
      return id;
    };
    const [postA, postB] = [await postOf(), await postOf()];
    const notice = (senderId: string, relatedPostId: string, minutesAgo: number, read = false) => ({
      id: newId(),
      userId: author.id,
      senderId,
      relatedPostId,
      type: 'like',
      kind: 'likes',
      message: 'liked your post',
      readAt: read ? new Date() : null,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    // Post A: three unread (a, b, c: c newest) and d's, read; post B: one unread.
    const rows = [
      notice(a.id, postA, 30),
      notice(b.id, postA, 20),
      notice(c.id, postA, 10),
      notice(d.id, postA, 40, true),
    ];
    const alone = notice(a.id, postB, 5);
    await db
      .insertInto('notifications')
      .values([...rows, alone])
      .execute();
    await coalesce.up(untyped);
    const kept = await db
      .selectFrom('notifications')
      .select(['id', 'othersCount'])
      .where('userId', '=', author.id)
      .orderBy('createdAt')
      .execute();
    expect(kept).toEqual([
      { id: rows[3]!.id, othersCount: 0 },
      { id: rows[2]!.id, othersCount: 2 },
      { id: alone.id, othersCount: 0 },
    ]);
    // Every liker told of is kept, so none is told again.
    const told = await db.selectFrom('postLikeNotices').select(['postId', 'likerId']).execute();
    expect(told).toHaveLength(5);
    await expect(
      db
        .insertInto('notifications')
        .values(notice(b.id, postA, 0))
        .execute(),
    ).rejects.toThrow();
  } finally {
    await database.close();
  }
});
