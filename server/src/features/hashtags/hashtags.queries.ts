import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { missionOfPostVisibleTo } from '../../social/social.queries.js';

/*
 * Hashtags: who follows which (`hashtag_follows`, this feature's) and what is used
 * (`post_hashtags`, which the posts feature writes in the post's own statement: tags read here
 * under the kernel's rules).
 */

/** Tags I have used before, most used first: the composer suggests them. */
export function historicalHashtags(db: Db, userId: string) {
  return db
    .selectFrom('postHashtags as h')
    .innerJoin('posts as p', 'p.id', 'h.postId')
    .select(['h.tag', (eb) => eb.fn.countAll<number>().as('count')])
    .where('p.authorId', '=', userId)
    .groupBy('h.tag')
    .orderBy('count', 'desc')
    .limit(sql.lit(100))
    .execute();
}

/**
 * Most used over the last 7 days, split into posts, needs and provisions. A public aggregate, shared
 * by every viewer: only posts everybody may read count — a members-only mission's updates are its
 * members' alone (issue 31 item 2, decision 040).
 */
export function trendingHashtags(db: Db, limit: number) {
  return db
    .selectFrom('postHashtags')
    .select((eb) => [
      'tag',
      eb.fn.countAll<number>().as('count'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'need').as('needCount'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'provision').as('provisionCount'),
    ])
    .where('createdAt', '>', new Date(Date.now() - 7 * 86_400_000))
    .where(missionOfPostVisibleTo(undefined, sql.ref('mission_id')))
    .groupBy('tag')
    .orderBy('count', 'desc')
    .orderBy('tag')
    .limit(sql.lit(limit))
    .execute();
}

export function followHashtag(db: Db, userId: string, tag: string) {
  return db
    .insertInto('hashtagFollows')
    .values({ userId, tag })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function unfollowHashtag(db: Db, userId: string, tag: string) {
  return db.deleteFrom('hashtagFollows').where('userId', '=', userId).where('tag', '=', tag).execute();
}

export function followedHashtags(db: Db, userId: string) {
  return db.selectFrom('hashtagFollows').select('tag').where('userId', '=', userId).orderBy('tag').execute();
}
