import { sql } from 'kysely';
import type { RemoteListings, RemoteListingsOf } from '../../platform/remote-listings.js';
import { hostUnderPolicy } from './federation.queries.js';
import { blockedAmong, remoteActorBlockedBy } from './remote-blocks.queries.js';

/**
 * The words of a remote listing, as 0043's GIN index holds them: the same expression word for
 * word, or the planner cannot use the index.
 */
const remoteListingVector = (alias: string) =>
  sql`to_tsvector('english'::regconfig, ${sql.ref(`${alias}.title`)} || ' ' || ${sql.ref(`${alias}.text`)} || ' ' || coalesce(${sql.ref(`${alias}.category`)}, ''))`;

/**
 * Another Muster's needs, wants and provisions (087's `federation_remote_posts`) that search and
 * the map may show the viewer (decision 089), as a sub-select of `RemoteListingColumns`:
 * - never a blocked server's (088 deletes them at block time; a row stored by a task queued
 *   before the block is still never read, as `remotePost`);
 * - a limited server's (088, Mastodon's "silence") only to a viewer who follows its author (an
 *   accepted follow); for nobody in particular they are given marked `limited`, so a shared
 *   answer can tell it left them out;
 * - for a viewer, never one by someone they blocked (decision 092); a shared answer names its
 *   authors, and `blockedAmong` tells whether it is the viewer's as it is;
 * - a need or want whose end has passed is `expired`, as ours are once their job runs, though its
 *   server has not said so yet;
 * - a mission's update is left out: search's posts and the map show no local ones either.
 */
export const remoteListingsShownTo: RemoteListingsOf = (viewerId) => {
  const limited = hostUnderPolicy(sql.ref('r.host'), 'limited');
  const followed =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from federation_following f
          where f.user_id = ${viewerId} and f.remote_actor = r.remote_actor and f.state = 'accepted')`;
  return sql`(select r.object_uri, r.remote_actor, r.host, r.kind, r.title, r.text, r.category,
      case when r.kind = 'provision' then null
        when r.status = 'open' and r.expires_at <= now() then 'expired'
        else r.status end as status,
      r.emergency, r.place_name, r.longitude, r.latitude, r.url, r.published,
      ${remoteListingVector('r')} as search_vector,
      ${limited} as limited
    from federation_remote_posts r
    where r.kind in ('need', 'want', 'provision')
      and not ${hostUnderPolicy(sql.ref('r.host'), 'blocked')}
      ${
        viewerId === undefined
          ? sql``
          : sql`and (not ${limited} or ${followed})
            and not ${remoteActorBlockedBy(sql`${viewerId}`, sql.ref('r.remote_actor'))}`
      })`;
};

/** What search and the map are handed (app.ts). */
export const remoteListings: RemoteListings = { shownTo: remoteListingsShownTo, blockedAmong };
