import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * Admins' policies for whole remote servers (0041 `federation_servers`, decision 088). A policy
 * for `social.example` covers that name on any port and every subdomain; one with a port covers
 * exactly that host and port (the rule of `isBlockedHost` in federation.queries.ts).
 */

/**
 * Whether the host `h` (host[:port], an SQL expression) is covered by the policy host `p` (an SQL
 * expression, or a string passed as a parameter).
 */
const covers = (p: unknown, h: unknown) =>
  sql<boolean>`(${p} = ${h} or split_part(${h}, ':', 1) = ${p}
    or split_part(${h}, ':', 1) like '%.' || ${p})`;

/** The host (and port) of a URL column: what follows the scheme, up to the path. */
const urlHost = (column: string) => sql`lower(split_part(split_part(${sql.ref(column)}, '://', 2), '/', 1))`;

const S_HOST = sql.raw('s.host');

export type ServerRow = {
  host: string;
  policy: 'blocked' | 'limited';
  reason: string;
  addedBy: string | null;
  createdAt: Date;
  followers: number;
  remotePosts: number;
};

const rowColumns = sql`s.host, s.policy, s.reason, s.created_at as "createdAt",
  (select a.first_name || ' ' || a.last_name || ' (@' || a.username || ')' from users a where a.id = s.created_by) as "addedBy",
  (select count(*)::int from federation_followers f join federation_remote_actors ra on ra.uri = f.remote_actor
     where ${covers(S_HOST, sql.ref('ra.host'))}) as followers,
  (select count(*)::int from federation_remote_posts rp where ${covers(S_HOST, sql.ref('rp.host'))}) as "remotePosts"`;

/** Every server with a policy, alphabetical by host, with what we hold from it. */
export async function listServers(db: Db): Promise<ServerRow[]> {
  const { rows } =
    await sql<ServerRow>`select ${rowColumns} from federation_servers s order by s.host`.execute(db);
  return rows;
}

export async function serverRow(db: Db, host: string): Promise<ServerRow | undefined> {
  const { rows } = await sql<ServerRow>`select ${rowColumns} from federation_servers s
    where s.host = ${host}`.execute(db);
  return rows[0];
}

export async function countServers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('federationServers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets a server's policy (a new row, or a changed one: who set it and when become the admin's
 * and now). Returns the policy it had before, undefined when it had none.
 */
export async function upsertServer(
  db: Db,
  row: { host: string; policy: 'blocked' | 'limited'; reason: string; createdBy: string },
): Promise<{ before: 'blocked' | 'limited' | undefined }> {
  const before = await db
    .selectFrom('federationServers')
    .select('policy')
    .where('host', '=', row.host)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('federationServers')
    .values(row)
    .onConflict((oc) =>
      oc.column('host').doUpdateSet({
        policy: row.policy,
        reason: row.reason,
        createdBy: row.createdBy,
        createdAt: sql<Date>`now()`,
      }),
    )
    .execute();
  return { before: before?.policy };
}

export function deleteServer(db: Db, host: string) {
  return db
    .deleteFrom('federationServers')
    .where('host', '=', host)
    .returning(['host', 'policy', 'reason'])
    .executeTakeFirst();
}

/**
 * What a block takes away (decision 088), in the block's transaction: the server's follows of our
 * people and missions (by the follower's actor's host or its inboxes' hosts), our people's follows
 * of its actors, and every listing, reply and reaction we keep from it. Counts of what went.
 */
export async function purgeServer(db: Db, host: string) {
  const followers = await sql`delete from federation_followers f
    where exists (select 1 from federation_remote_actors ra
                  where ra.uri = f.remote_actor and ${covers(host, sql.ref('ra.host'))})
       or ${covers(host, urlHost('f.remote_actor'))}
       or ${covers(host, urlHost('f.inbox'))}
       or (f.shared_inbox is not null and ${covers(host, urlHost('f.shared_inbox'))})`.execute(db);
  const following = await sql`delete from federation_following f
    where exists (select 1 from federation_remote_actors ra
                  where ra.uri = f.remote_actor and ${covers(host, sql.ref('ra.host'))})
       or ${covers(host, urlHost('f.remote_actor'))}`.execute(db);
  const posts = await sql`delete from federation_remote_posts p
    where ${covers(host, sql.ref('p.host'))} or ${covers(host, urlHost('p.remote_actor'))}`.execute(db);
  const replies = await sql`delete from federation_remote_replies p
    where ${covers(host, sql.ref('p.host'))} or ${covers(host, urlHost('p.remote_actor'))}`.execute(db);
  const reactions = await sql`delete from federation_reactions r
    where ${covers(host, sql.ref('r.host'))} or ${covers(host, urlHost('r.remote_actor'))}`.execute(db);
  const n = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);
  return {
    followers: n(followers),
    following: n(following),
    remotePosts: n(posts),
    replies: n(replies),
    reactions: n(reactions),
  };
}
