import type { RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Another Muster's listings (issue 38, decision 089) as search and the map read them: the
 * federation feature keeps them and says who may see which; search and the map rank, filter and
 * page them inside their own statements. Neither imports the other, so app.ts hands the
 * federation feature's `remoteListings` to both as a value of the type `RemoteListings`
 * (decisions 089 and 092).
 */

/** The columns of the sub-select a `RemoteListingsOf` gives (SQL names). */
export type RemoteListingColumns = {
  /** The Note's id on its home server. */
  object_uri: string;
  /** Its author's actor URI. */
  remote_actor: string;
  /** Its server: host[:port]. */
  host: string;
  /** need, want or provision (a mission's update is in neither search's posts nor the map). */
  kind: 'need' | 'want' | 'provision';
  title: string;
  text: string;
  category: string | null;
  /** A need's or want's status, `expired` once its end has passed though its server said nothing; null for a provision. */
  status: string | null;
  emergency: boolean;
  place_name: string | null;
  /** On the public 0.01° grid, or null (no place). */
  longitude: number | null;
  latitude: number | null;
  /** Its page on its home server. */
  url: string;
  published: Date;
  /** The words search matches (the expression 0043's GIN index is over). */
  search_vector: unknown;
  /**
   * Its server is limited (decision 088): for nobody in particular (a shared answer) such rows
   * are given, marked, so the answer can say it left some out; for a viewer only those whose
   * author the viewer follows are given.
   */
  limited: boolean;
};

/**
 * The remote listings the viewer may be shown (undefined: nobody in particular, see `limited`),
 * as a parenthesised sub-select. Never a blocked server's, nor, for a viewer, one by someone
 * they blocked there (decision 092).
 */
export type RemoteListingsOf = (viewerId: string | undefined) => RawBuilder<RemoteListingColumns>;

export type RemoteListings = {
  shownTo: RemoteListingsOf;
  /**
   * Whether the viewer blocked any of these authors (actor URIs): an answer shared by everybody
   * that names one of them is not theirs as it is (decision 092). Asked only when it names any.
   */
  blockedAmong: (db: Db, viewerId: string, actors: readonly string[]) => Promise<boolean>;
};
