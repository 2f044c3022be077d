import type { Db } from '../../../db/database.js';
import type { Deps } from '../../../platform/deps.js';
import { mailLater } from '../../../platform/mail.js';
import type { ScheduledJob } from '../../../platform/scheduler.js';
import { inTransaction } from '../../../platform/transaction.js';
import { appLink } from '../notice-mail.js';
import { unsubscribeHeaders, unsubscribeUrl } from '../unsubscribe.js';
import { composeDigest, type MatchForDigest } from './digest-content.js';
import { renderDigestMail } from './digest-render.js';
import {
  chosenTimeZones,
  claimDigests,
  findDigestChats,
  findDigestNotices,
  findDuePeople,
  findNetworkPosts,
  findTagPosts,
  zoneKnown,
} from './digest.queries.js';
import { DIGEST_BATCH, DIGEST_LIMITS, DIGEST_PICK_PAGE } from './digest-timing.js';

/**
 * The digest (issue 34, decision 065): a scheduled turn finds whose digest is due and puts them,
 * a few hundred at a time, on this queue; each job claims, builds and mails its people's digests
 * in one transaction, so a digest is marked made exactly when its mail is queued.
 */
export const DIGEST_QUEUE = 'digest';

/**
 * The needs matching a person's provisions that came in a window: the matching feature's reading
 * of its own pairs, handed in by the app (a feature imports no other feature).
 */
export type DigestMatches = (
  db: Db,
  input: { people: ReadonlyArray<{ userId: string; since: Date }>; until: Date; perPerson: number },
) => Promise<Array<MatchForDigest & { recipientId: string }>>;

type DigestJob = { people: string[]; zones: string[]; at: string };

/** Zones PostgreSQL knows, asked once per process (its tz database does not change under a running server). */
const zoneCache = new Map<string, boolean>();
async function knownZones(db: Db, zones: string[]): Promise<string[]> {
  const known: string[] = [];
  for (const zone of zones) {
    let ok = zoneCache.get(zone);
    if (ok === undefined) zoneCache.set(zone, (ok = await zoneKnown(db, zone)));
    if (ok) known.push(zone);
  }
  return known;
}

/**
 * One turn of the scheduler at `at`: the people whose digest is due, in batches by id (a keyset
 * walk), each batch a job sent in a transaction of its own. A turn while the last turn's jobs are
 * still waiting or running sends nothing: the people in them are not done yet, and sending them
 * again would only make work that their claim then throws away.
 */
export async function scheduleDigests(deps: Deps, at: Date) {
  if (await deps.jobs.busy(DIGEST_QUEUE)) return { batches: 0, people: 0, waited: true };
  const zones = await knownZones(deps.db, await chosenTimeZones(deps.db));
  let after: string | null = null;
  let batches = 0;
  let people = 0;
  for (;;) {
    // A page of several jobs' people per statement: the walk's cost is its rows, not its trips.
    const ids = await findDuePeople(deps.db, { at, after, zones, limit: DIGEST_PICK_PAGE });
    if (!ids.length) break;
    await inTransaction(deps.db, async (trx) => {
      for (let i = 0; i < ids.length; i += DIGEST_BATCH) {
        const job: DigestJob = { people: ids.slice(i, i + DIGEST_BATCH), zones, at: at.toISOString() };
        await deps.jobs.send(trx, DIGEST_QUEUE, job);
        batches += 1;
      }
    });
    people += ids.length;
    if (ids.length < DIGEST_PICK_PAGE) break;
    after = ids.at(-1)!;
  }
  return { batches, people, waited: false };
}

/** Items of `rows` for each recipient, in the rows' order. */
function byRecipient<R extends { recipientId: string }>(rows: R[]): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const row of rows) {
    const list = map.get(row.recipientId);
    if (list) list.push(row);
    else map.set(row.recipientId, [row]);
  }
  return map;
}

/**
 * A digest job: claims the digests of its people that are still due at the turn's `at` (setting
 * last_digest_at in this transaction), reads every section for all of them at once, and mails
 * each person who has something to be told, keyed by person and period so that no one is mailed
 * twice for one period whatever runs twice. Someone with nothing to be told is marked done too:
 * no mail, and their next digest starts from here.
 */
export async function buildDigests(deps: Deps, trx: Db, job: DigestJob, matches: DigestMatches) {
  const at = new Date(job.at);
  const claimed = await claimDigests(trx, { userIds: job.people, zones: job.zones, at });
  if (!claimed.length) return { claimed: 0, mailed: 0 };
  const window = { people: claimed, until: at };
  const notices = byRecipient(await findDigestNotices(trx, window));
  const network = byRecipient(await findNetworkPosts(trx, window));
  const tags = byRecipient(await findTagPosts(trx, window));
  const chats = byRecipient(await findDigestChats(trx, window));
  const found = byRecipient(await matches(trx, { ...window, perPerson: DIGEST_LIMITS.matches }));
  let mailed = 0;
  for (const person of claimed) {
    const digest = composeDigest({
      frequency: person.digest,
      firstName: person.firstName,
      notices: notices.get(person.userId) ?? [],
      network: network.get(person.userId) ?? [],
      tags: tags.get(person.userId) ?? [],
      matches: found.get(person.userId) ?? [],
      chats: chats.get(person.userId) ?? [],
    });
    if (!digest) continue;
    const mail = await renderDigestMail(
      digest,
      {
        home: `${deps.config.publicUrl}/`,
        open: (path) => appLink(deps, path),
        unsubscribe: await unsubscribeUrl(deps, person.userId, 'digest', trx),
      },
      deps.log,
    );
    await mailLater(
      deps.jobs,
      trx,
      {
        to: person.email,
        forUser: person.userId,
        ...mail,
        headers: await unsubscribeHeaders(deps, person.userId, 'digest', trx),
      },
      { key: `digest:${person.userId}:${new Date(person.periodStart).toISOString()}` },
    );
    mailed += 1;
  }
  return { claimed: claimed.length, mailed };
}

/** The digest's queue and its scheduled turn. */
export function defineDigest(deps: Deps, matches: DigestMatches) {
  // One job (a batch of people) per transaction: fifty of them in one would hold it for minutes.
  // Paced (DIGEST_PACE): the digest may take its time, the people reading the app may not (decision 065).
  deps.jobs.define(
    DIGEST_QUEUE,
    async (trx, data) => {
      await buildDigests(deps, trx, data as DigestJob, matches);
    },
    { batchSize: 1, pace: deps.config.digestPace },
  );
  deps.scheduler.add(digestJob(deps));
}

export function digestJob(deps: Deps): ScheduledJob {
  return {
    name: 'digest',
    // DIGEST_SCHEDULE_MS: a quarter of an hour, so a digest goes by 08:15 where the person lives.
    everyMs: deps.config.digestScheduleMs,
    run: (now) => scheduleDigests(deps, now),
  };
}
