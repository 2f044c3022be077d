import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { recordModeration } from './audit.queries.js';

/** The audit log's own guarantees (0032, decision 067), below any route: what is written stays. */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('the moderation audit log', () => {
  it('keeps who, what and whom by name, and refuses any edit or delete', async () => {
    const { db } = handle;
    const mod = await buildUser(db, { firstName: 'Mona', lastName: 'Diaz' });
    const author = await buildUser(db, { firstName: 'Sam', lastName: 'Hale' });
    const id = await recordModeration(db, {
      actorId: mod.id,
      action: 'suspend',
      targetType: 'user',
      targetId: author.id,
      subjectId: author.id,
      reason: 'Scam: a fake donation drive',
      details: { days: 7 },
    });
    const row = await db
      .selectFrom('moderationAudit')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actorId: mod.id,
      actorName: `Mona Diaz (@${mod.username})`,
      action: 'suspend',
      subjectName: `Sam Hale (@${author.username})`,
      reason: 'Scam: a fake donation drive',
      details: { days: 7 },
    });
    await expect(
      sql`update moderation_audit set reason = 'nothing' where id = ${id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from moderation_audit where id = ${id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    // Deleting an account keeps the entries about it, with the names as they were.
    await db.deleteFrom('users').where('id', '=', author.id).execute();
    const kept = await db
      .selectFrom('moderationAudit')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      subjectId: null,
      subjectName: `Sam Hale (@${author.username})`,
      reason: row.reason,
    });
  });

  it('names the server when no person acted (the first admin)', async () => {
    const { db } = handle;
    const first = await buildUser(db);
    const id = await recordModeration(db, {
      actorId: null,
      action: 'role.grant',
      subjectId: first.id,
      details: { role: 'admin' },
    });
    const row = await db
      .selectFrom('moderationAudit')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.actorId).toBeNull();
    expect(row.actorName).toMatch(/the server/);
  });
});
