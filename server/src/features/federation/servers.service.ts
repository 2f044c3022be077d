import type { FederatedServer, SetServerPolicyInput } from '@muster/contract/federation';
import type { Db } from '../../db/database.js';
import { requireRole, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validationFailed } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  countServers,
  deleteServer,
  listServers,
  purgeServer,
  serverRow,
  type ServerRow,
  upsertServer,
} from './servers.queries.js';

/*
 * Admins block or limit a whole remote server (issue 38, decision 088). A block refuses what it
 * sends at the inbox (082) and, in the block's own transaction, takes away what it had here: its
 * follows of our people, our people's follows of it, and its listings, replies and reactions. A
 * limit lets its people reach only those here who chose to follow them (incoming.ts).
 */

/** The moderation audit log's writer, handed over by app.ts (a feature imports no other feature). */
export type RecordAudit = (
  trx: Db,
  entry: { actorId: string; action: string; reason: string; details: Record<string, unknown> },
) => Promise<unknown>;

/** At most this many policies: Mastodon's busiest public blocklists hold a few thousand. */
export const SERVER_POLICIES_MAX = 5000;

const present = (row: ServerRow): FederatedServer => ({
  host: row.host,
  policy: row.policy,
  reason: row.reason,
  addedBy: row.addedBy,
  createdAt: row.createdAt.toISOString(),
  followers: Number(row.followers),
  remotePosts: Number(row.remotePosts),
});

export async function serverList(deps: Deps, viewer: Viewer | null): Promise<FederatedServer[]> {
  requireRole(viewer, 'admin');
  return (await listServers(deps.db)).map(present);
}

/** Our own host, and our own name on any port, cannot be blocked or limited: it would cut us off from ourselves. */
function isOwnHost(deps: Deps, host: string): boolean {
  const own = new URL(deps.config.publicUrl);
  return host === own.host.toLowerCase() || host === own.hostname.toLowerCase();
}

/** An admin blocks or limits a server, or changes its policy; audited, its effects in the same transaction. */
export async function setServerPolicy(
  deps: Deps,
  viewer: Viewer | null,
  input: SetServerPolicyInput,
  recordAudit: RecordAudit,
): Promise<FederatedServer> {
  const me = requireRole(viewer, 'admin');
  if (isOwnHost(deps, input.host))
    throw validationFailed([
      { path: 'host', message: 'That is this server: it cannot block or limit itself' },
    ]);
  return inTransaction(deps.db, async (trx) => {
    const { before } = await upsertServer(trx, { ...input, createdBy: me.id });
    if (before === undefined && (await countServers(trx)) > SERVER_POLICIES_MAX)
      throw conflict(
        `The list holds at most ${SERVER_POLICIES_MAX} servers. Remove some before adding more.`,
      );
    const purged = input.policy === 'blocked' ? await purgeServer(trx, input.host) : undefined;
    await recordAudit(trx, {
      actorId: me.id,
      action: input.policy === 'blocked' ? 'server.block' : 'server.limit',
      reason: `${input.host}: ${input.reason}`,
      details: { host: input.host, policy: input.policy, before: before ?? null, ...(purged && { purged }) },
    });
    return present((await serverRow(trx, input.host))!);
  });
}

/** An admin lifts a server's policy; audited. What a block removed does not come back: it was deleted. */
export async function removeServerPolicy(
  deps: Deps,
  viewer: Viewer | null,
  host: string,
  recordAudit: RecordAudit,
): Promise<void> {
  const me = requireRole(viewer, 'admin');
  await inTransaction(deps.db, async (trx) => {
    const gone = await deleteServer(trx, host);
    if (!gone) throw notFound('That server has no policy here');
    await recordAudit(trx, {
      actorId: me.id,
      action: 'server.remove',
      reason: `${gone.host}: was ${gone.policy}`,
      details: { host: gone.host, policy: gone.policy },
    });
  });
}
