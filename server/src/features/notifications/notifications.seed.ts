import { type Insertable, sql } from 'kysely';
import type { DemoSeed } from '../../db/demo.js';
import type { NotificationsTable } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { stillNeededMessage } from './notifications.present.js';

/** What people saw before the last two days is read; the rest waits for them. */
const UNREAD_FOR_MS = 2 * 86_400_000;

/**
 * The notifications the demo community's own activity would have sent (runs after the posts seed):
 * a welcome when each person joined, then a like, comment or reply notification for each one
 * written by someone else and each connection request still waiting, at the moment it happened, with
 * the same words as the live ones.
 */
export const notificationsSeed: DemoSeed = {
  name: 'notifications',
  async run({ db }) {
    const now = Date.now();
    const rows: Insertable<NotificationsTable>[] = [];
    const add = (row: Omit<Insertable<NotificationsTable>, 'id' | 'readAt'> & { createdAt: Date }) => {
      if (row.senderId && row.senderId === row.userId) return;
      const readAt =
        now - row.createdAt.getTime() > UNREAD_FOR_MS ? new Date(row.createdAt.getTime() + 3_600_000) : null;
      rows.push({ id: newId(), readAt, ...row });
    };

    for (const u of await db.selectFrom('users').select(['id', 'createdAt']).execute()) {
      add({
        userId: u.id,
        type: 'systemNotification',
        message:
          'Welcome to Muster! Complete your profile, then share a need or an offer so people can find you.',
        createdAt: u.createdAt,
      });
    }
    const likes = await db
      .selectFrom('postLikes as l')
      .innerJoin('posts as p', 'p.id', 'l.postId')
      .select(['l.postId', 'l.userId', 'l.createdAt', 'p.authorId'])
      .execute();
    // Likes coalesce as live ones do (issue 34, 0031): per post, the likes its author had read are
    // one notice and those still waiting another, each naming its latest liker and counting the
    // others; every liker is one the author was told of.
    const byPost = new Map<string, { read: typeof likes; unread: typeof likes }>();
    for (const l of likes) {
      if (l.userId === l.authorId) continue;
      const post = byPost.get(l.postId) ?? { read: [], unread: [] };
      byPost.set(l.postId, post);
      post[now - l.createdAt.getTime() > UNREAD_FOR_MS ? 'read' : 'unread'].push(l);
    }
    for (const group of [...byPost.values()].flatMap((p) => [p.read, p.unread])) {
      const latest = group.reduce<(typeof likes)[number] | undefined>(
        (a, l) => (!a || l.createdAt > a.createdAt ? l : a),
        undefined,
      );
      if (!latest) continue;
      add({
        userId: latest.authorId,
        senderId: latest.userId,
        type: 'like',
        kind: 'likes',
        relatedPostId: latest.postId,
        message: 'liked your post',
        othersCount: group.length - 1,
        createdAt: latest.createdAt,
      });
    }
    const told = likes
      .filter((l) => l.userId !== l.authorId)
      .map((l) => ({ postId: l.postId, likerId: l.userId }));
    for (let i = 0; i < told.length; i += 1000)
      await db
        .insertInto('postLikeNotices')
        .values(told.slice(i, i + 1000))
        .onConflict((c) => c.doNothing())
        .execute();
    const comments = await db
      .selectFrom('comments as c')
      .innerJoin('posts as p', 'p.id', 'c.postId')
      .leftJoin('comments as parent', 'parent.id', 'c.parentId')
      .select([
        'c.postId',
        'c.authorId',
        'c.content',
        'c.createdAt',
        'p.authorId as postAuthorId',
        'parent.authorId as parentAuthorId',
      ])
      .execute();
    for (const c of comments) {
      const base = { senderId: c.authorId, relatedPostId: c.postId, createdAt: c.createdAt };
      if (c.parentAuthorId)
        add({
          ...base,
          userId: c.parentAuthorId,
          type: 'replies',
          replyContent: c.content,
          message: 'replied to your comment',
        });
      if (c.postAuthorId !== c.parentAuthorId) {
        add({
          ...base,
          userId: c.postAuthorId,
          type: 'comment',
          commentContent: c.content,
          message: 'commented on your post',
        });
      }
    }
    // A connection request waiting for an answer is a notice, as live ones are (the network seed wrote them).
    const requests = await db
      .selectFrom('connectionRequests')
      .select(['senderId', 'recipientId', 'createdAt'])
      .where('ignoredAt', 'is', null)
      .execute();
    for (const r of requests) {
      add({
        userId: r.recipientId,
        senderId: r.senderId,
        relatedUserId: r.senderId,
        type: 'connectionRequest',
        message: 'sent you a connection request',
        createdAt: r.createdAt,
      });
    }
    // Missions: each join request tells the owner, each update its members and followers, each
    // task its assignee and the owner (as the live subscribers do, with the same words).
    const joinRequests = await db
      .selectFrom('missionJoinRequests as r')
      .innerJoin('missions as m', 'm.id', 'r.missionId')
      .select(['r.userId', 'r.role', 'r.createdAt', 'm.id as missionId', 'm.title', 'm.ownerId'])
      .execute();
    for (const r of joinRequests) {
      add({
        userId: r.ownerId,
        senderId: r.userId,
        relatedUserId: r.userId,
        relatedMissionId: r.missionId,
        type: 'missionUpdate',
        message: `asked to join ${r.title} as a ${r.role}`,
        createdAt: r.createdAt,
      });
    }
    const audience = [
      ...(await db.selectFrom('missionMembers').select(['missionId', 'userId']).execute()),
      ...(await db.selectFrom('missionFollows').select(['missionId', 'userId']).execute()),
    ];
    const updates = await db
      .selectFrom('posts as p')
      .innerJoin('missions as m', 'm.id', 'p.missionId')
      .select(['p.id', 'p.authorId', 'p.createdAt', 'm.id as missionId', 'm.title'])
      .execute();
    for (const u of updates) {
      for (const userId of new Set(
        audience.filter((a) => a.missionId === u.missionId).map((a) => a.userId),
      )) {
        add({
          userId,
          senderId: u.authorId,
          relatedPostId: u.id,
          relatedMissionId: u.missionId,
          type: 'missionUpdate',
          message: `posted an update to ${u.title}`,
          createdAt: u.createdAt,
        });
      }
    }
    const tasks = await db
      .selectFrom('tasks as t')
      .innerJoin('missions as m', 'm.id', 't.missionId')
      .leftJoin('chats as c', 'c.missionId', 'm.id')
      .select([
        't.title',
        't.assigneeId',
        't.createdBy',
        't.createdAt',
        'm.id as missionId',
        'm.ownerId',
        'c.id as chatId',
      ])
      .execute();
    for (const t of tasks) {
      const about = {
        senderId: t.createdBy,
        relatedMissionId: t.missionId,
        chatId: t.chatId,
        type: 'task',
        typeTask: 'task_created',
        createdAt: t.createdAt,
      };
      if (t.assigneeId) add({ ...about, userId: t.assigneeId, message: `assigned you a task: ${t.title}` });
      if (t.ownerId !== t.assigneeId)
        add({ ...about, userId: t.ownerId, message: `added a task to your mission: ${t.title}` });
    }
    // Needs that close (issue 16): the author of an open need the lifecycle job asked "Still needed?" (the posts seed set nudged_at as the job would).
    const asked = await db
      .selectFrom('posts')
      .select(['id', 'authorId', 'title', 'content', 'expiresAt', 'nudgedAt'])
      .where('status', '=', 'open')
      .where('nudgedAt', 'is not', null)
      .execute();
    for (const p of asked) {
      const daysLeft = Math.max(1, Math.ceil((p.expiresAt!.getTime() - p.nudgedAt!.getTime()) / 86_400_000));
      add({
        userId: p.authorId,
        relatedPostId: p.id,
        type: 'stillNeeded',
        message: stillNeededMessage(p.title || p.content, daysLeft),
        createdAt: p.nudgedAt!,
      });
    }
    // Offers of help (issue 13): a pending one tells its receiver (newOffer, missionHelp); an answer
    // tells the helper (the accepted notice points at the pair's chat, if they have one).
    const offers = await db
      .selectFrom('offers as o')
      .innerJoin('users as owner', 'owner.id', 'o.ownerId')
      .leftJoin('posts as p', 'p.id', 'o.postId')
      .leftJoin('missions as m', 'm.id', 'o.missionId')
      .leftJoin('chats as c', (j) =>
        j.on(
          'c.directKey',
          '=',
          sql<string>`case when o.owner_id < o.helper_id then o.owner_id || ':' || o.helper_id else o.helper_id || ':' || o.owner_id end`,
        ),
      )
      .select([
        'o.postId',
        'o.missionId',
        'o.helperId',
        'o.ownerId',
        'o.message',
        'o.status',
        'o.createdAt',
        'o.decidedAt',
        'p.kind',
        'p.title as postTitle',
        'p.content',
        'm.title as missionTitle',
        'owner.firstName',
        'owner.lastName',
        'c.id as chatId',
      ])
      .where('o.status', '!=', 'withdrawn')
      // Seeded people only: a helper on another server (decision 090) is told on theirs.
      .where('o.helperId', 'is not', null)
      .$narrowType<{ helperId: string }>()
      .execute();
    for (const o of offers) {
      const title =
        o.missionTitle ?? (o.postTitle?.trim() || (o.content ?? '').replace(/\s+/g, ' ').slice(0, 80));
      const about = { relatedPostId: o.postId, relatedMissionId: o.missionId };
      if (o.status === 'pending' && o.postId)
        add({
          ...about,
          userId: o.ownerId,
          senderId: o.helperId,
          relatedUserId: o.helperId,
          type: 'newOffer',
          commentContent: o.message,
          message: `offered to help with your ${o.kind}`,
          createdAt: o.createdAt,
        });
      if (o.status === 'pending' && o.missionId)
        add({
          ...about,
          userId: o.ownerId,
          senderId: o.helperId,
          relatedUserId: o.helperId,
          type: 'missionHelp',
          commentContent: o.message,
          message: `offered to help with ${title}`,
          createdAt: o.createdAt,
        });
      const decidedAt = o.decidedAt ?? o.createdAt;
      if (o.status === 'accepted')
        add({
          ...about,
          userId: o.helperId,
          senderId: o.ownerId,
          chatId: o.chatId,
          type: 'systemNotification',
          message: `${`${o.firstName} ${o.lastName}`.trim()} accepted your offer of help with “${title}”`,
          createdAt: decidedAt,
        });
      if (o.status === 'declined')
        add({
          ...about,
          userId: o.helperId,
          senderId: o.ownerId,
          type: 'systemNotification',
          message: `Thank you for offering to help with “${title}”. It is covered for now.`,
          createdAt: decidedAt,
        });
    }
    // In slices: one statement per few hundred rows keeps the bound parameters well inside limits.
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('notifications')
        .values(rows.slice(i, i + 500))
        .execute();
  },
};
