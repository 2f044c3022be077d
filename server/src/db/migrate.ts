import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-accounts.js';
import * as m0003 from './migrations/0003-collaboration-chats.js';
import * as m0004 from './migrations/0004-posts.js';
import * as m0005 from './migrations/0005-comments.js';
import * as m0006 from './migrations/0006-post-files.js';
import * as m0007 from './migrations/0007-hashtag-follows.js';
import * as m0008 from './migrations/0008-people-search.js';
import * as m0009 from './migrations/0009-millisecond-keys.js';
import * as m0010 from './migrations/0010-post-link-previews.js';
import * as m0011 from './migrations/0011-rendered-posts.js';
import * as m0012 from './migrations/0012-social-graph.js';
import * as m0013 from './migrations/0013-counters.js';
import * as m0014 from './migrations/0014-missions.js';
import * as m0015 from './migrations/0015-offers.js';
import * as m0016 from './migrations/0016-home-feed.js';
import * as m0017 from './migrations/0017-search.js';
import * as m0018 from './migrations/0018-chat-requests.js';
import * as m0019 from './migrations/0019-need-lifecycle.js';
import * as m0020 from './migrations/0020-approximate-places.js';
import * as m0021 from './migrations/0021-matches.js';
import * as m0022 from './migrations/0022-emergency-board.js';
import * as m0023 from './migrations/0023-home-feed-walks.js';
import * as m0024 from './migrations/0024-posts-room-for-counts.js';
import * as m0025 from './migrations/0025-triggers-for-what-they-act-on.js';
import * as m0026 from './migrations/0026-like-noticed-once.js';
import * as m0027 from './migrations/0027-public-places-city-level.js';
import * as m0028 from './migrations/0028-credit-told-requests-by-default.js';
import * as m0029 from './migrations/0029-name-typos.js';
import * as m0030 from './migrations/0030-notice-delivery.js';
import * as m0031 from './migrations/0031-notices-coalesce.js';
import * as m0032 from './migrations/0032-moderation-roles.js';
import * as m0033 from './migrations/0033-moderation-queue.js';
import * as m0034 from './migrations/0034-verified-organisations.js';
import * as m0035 from './migrations/0035-moderation-actions.js';
import * as m0036 from './migrations/0036-watched-words.js';
import * as m0037 from './migrations/0037-moderated-reads.js';
import * as m0038 from './migrations/0038-map-points.js';
import * as m0039 from './migrations/0039-map-walk.js';
import * as m0040 from './migrations/0040-alerts.js';
import * as m0041 from './migrations/0041-federation.js';
import * as m0042 from './migrations/0042-federation-in.js';
import * as m0043 from './migrations/0043-remote-listings-search.js';
import * as m0044 from './migrations/0044-remote-offers.js';
import * as m0045 from './migrations/0045-remote-replies-and-reactions.js';
import * as m0046 from './migrations/0046-federation-person-blocks.js';
import * as m0047 from './migrations/0047-federation-reports.js';

// Listed by hand, in order: no directory scanning, so a bundler or a test runner sees them all.
/** Every migration of this code, by name (exported for the tests that count them). */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-collaboration-chats': m0003,
  '0004-posts': m0004,
  '0005-comments': m0005,
  '0006-post-files': m0006,
  '0007-hashtag-follows': m0007,
  '0008-people-search': m0008,
  '0009-millisecond-keys': m0009,
  '0010-post-link-previews': m0010,
  '0011-rendered-posts': m0011,
  '0012-social-graph': m0012,
  '0013-counters': m0013,
  '0014-missions': m0014,
  '0015-offers': m0015,
  '0016-home-feed': m0016,
  '0017-search': m0017,
  '0018-chat-requests': m0018,
  '0019-need-lifecycle': m0019,
  '0020-approximate-places': m0020,
  '0021-matches': m0021,
  '0022-emergency-board': m0022,
  '0023-home-feed-walks': m0023,
  '0024-posts-room-for-counts': m0024,
  '0025-triggers-for-what-they-act-on': m0025,
  '0026-like-noticed-once': m0026,
  '0027-public-places-city-level': m0027,
  '0028-credit-told-requests-by-default': m0028,
  '0029-name-typos': m0029,
  '0030-notice-delivery': m0030,
  '0031-notices-coalesce': m0031,
  '0032-moderation-roles': m0032,
  '0033-moderation-queue': m0033,
  '0034-verified-organisations': m0034,
  '0035-moderation-actions': m0035,
  '0036-watched-words': m0036,
  '0037-moderated-reads': m0037,
  '0038-map-points': m0038,
  '0039-map-walk': m0039,
  '0040-alerts': m0040,
  '0041-federation': m0041,
  '0042-federation-in': m0042,
  '0043-remote-listings-search': m0043,
  '0044-remote-offers': m0044,
  '0045-remote-replies-and-reactions': m0045,
  '0046-federation-person-blocks': m0046,
  '0047-federation-reports': m0047,
};

/**
 * Brings the schema up to date. Kysely's PostgreSQL adapter holds a transaction-scoped advisory
 * lock while it migrates, so several API processes starting together run each migration once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Most starts find nothing to do. Kysely's Migrator first introspects every column of every
  // table to see whether its own tables exist: ~1 s on a just-opened PGlite, whose catalogs are
  // cold. One look at the list of applied migrations answers that start instead (decision 026).
  if (await upToDate(db)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Whether every migration this code knows is applied: readiness (decision 074) waits for it. */
export async function upToDate(db: Db): Promise<boolean> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = new Set(
    (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name),
  );
  return Object.keys(migrations).every((name) => applied.has(name));
}
