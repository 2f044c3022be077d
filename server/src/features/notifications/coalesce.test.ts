import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, signedInUser } from '../../../test/factories.js';
import { delayedJobs, runDelayedJobs } from '../../../test/delayed-jobs.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { CHAT_BURST_QUEUE } from './chat-notices.js';
import { DELIVERY_QUEUE } from './delivery.js';

/**
 * Issue 34 items 2–4 (decision 066): what comes in bursts is told once — ten likes on a post are
 * one notice and one mail, five messages one mail — and mentions are told, over a real SMTP
 * server. A burst's end is brought forward (test/delayed-jobs.ts) rather than waited for.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Listed = {
  _id: string;
  type: string;
  subType: string | null;
  read: boolean;
  othersCount: number;
  sender: { _id: string; firstName: string } | null;
  relatedPost: { _id: string } | null;
  commentContent: string | null;
};

/** What reached `to` once the queue has run everything due (mail goes on a turn of its own). */
async function mailsTo(to: string) {
  await t.app.deps.jobs.drain();
  await t.app.deps.jobs.drain();
  return smtp.messages.filter((m) => m.envelopeTo.includes(to));
}

/** A person's choice of channel for a kind, as the settings page stores it. */
async function choose(userId: string, kind: string, channel: string) {
  await sql`insert into notification_settings (user_id, channels) values (${userId}, ${JSON.stringify({ [kind]: channel })}::jsonb)
    on conflict (user_id) do update set channels = notification_settings.channels || excluded.channels`.execute(
    t.db,
  );
}

async function listOf(who: Person, type?: string): Promise<Listed[]> {
  const res = await api('GET', `/notifications${type ? `?type=${type}` : ''}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const postBy = async (who: Person, content: string) => {
  const res = await api('POST', '/posts/create', who.cookie, { content });
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
};

describe('likes coalesce (item 4)', () => {
  it('ten likes on one post are one notice, “Dana Okafor and 9 others”, and one mail for the burst', async () => {
    const author = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    await choose(author.user.id, 'likes', 'mail');
    const postId = await postBy(author, 'Sandbags are at the church hall');
    const likers = [];
    for (let i = 0; i < 9; i++) likers.push(await signedInUser(t, { firstName: `Liker${i}` }));
    likers.push(await signedInUser(t, { firstName: 'Dana', lastName: 'Okafor' }));
    for (const liker of likers)
      expect((await api('POST', `/posts/${postId}/like`, liker.cookie)).statusCode).toBe(200);

    const likes = (await listOf(author)).filter((n) => n.type === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({
      read: false,
      othersCount: 9,
      sender: { _id: likers[9]!.user.id, firstName: 'Dana' },
      relatedPost: { _id: postId },
    });
    // Nothing mailed per like: one delivery waits for the burst's end, about 15 minutes on.
    expect(await mailsTo(author.user.email)).toHaveLength(0);
    const waiting = (await delayedJobs(t, DELIVERY_QUEUE)).filter(
      (j) => (j.data as { notificationId: string }).notificationId === likes[0]!._id,
    );
    expect(waiting).toHaveLength(1);
    const inMinutes = (waiting[0]!.startAfter.getTime() - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(10);
    expect(inMinutes).toBeLessThanOrEqual(15);

    await runDelayedJobs(t, DELIVERY_QUEUE);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(author.user.email), 20_000);
    expect(mail.subject).toBe('Dana Okafor and 9 others liked your post');
    expect(mail.text).toContain(`/post/${postId}`);
    expect(await mailsTo(author.user.email)).toHaveLength(1);

    // A like after the burst ended starts another: told again, once, with the count then.
    const eli = await signedInUser(t, { firstName: 'Eli', lastName: 'Stone' });
    await api('POST', `/posts/${postId}/like`, eli.cookie);
    expect(await mailsTo(author.user.email)).toHaveLength(1);
    await runDelayedJobs(t, DELIVERY_QUEUE);
    await smtp.waitFor((m) => m.subject === 'Eli Stone and 10 others liked your post', 20_000);
    expect(await mailsTo(author.user.email)).toHaveLength(2);
  });

  it('a read notice stays as it was read; the next liker starts a new one, and a liker told of before adds nothing', async () => {
    const author = await signedInUser(t);
    const postId = await postBy(author, 'Water at the school gate');
    const [first, second, third] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    await api('POST', `/posts/${postId}/like`, first.cookie);
    await api('POST', `/posts/${postId}/like`, second.cookie);
    const [read] = (await listOf(author, 'like')).filter((n) => n.relatedPost?._id === postId);
    expect(read).toMatchObject({ othersCount: 1, sender: { _id: second.user.id } });
    expect((await api('PUT', '/notifications/mark-all-read', author.cookie)).statusCode).toBe(200);

    await api('POST', `/posts/${postId}/like`, third.cookie);
    // Taken back and given again by someone already told of: nothing more, here or in the count.
    await api('DELETE', `/posts/${postId}/like`, first.cookie);
    await api('POST', `/posts/${postId}/like`, first.cookie);
    const likes = (await listOf(author, 'like')).filter((n) => n.relatedPost?._id === postId);
    expect(likes).toHaveLength(2);
    expect(likes[0]).toMatchObject({ read: false, othersCount: 0, sender: { _id: third.user.id } });
    expect(likes[1]).toMatchObject({
      _id: read!._id,
      read: true,
      othersCount: 1,
      sender: { _id: second.user.id },
    });
  });

  it('mails nothing for a burst read before it ended, and nothing by default (likes stay in the app)', async () => {
    const [byMail, byDefault] = [await signedInUser(t), await signedInUser(t)];
    await choose(byMail.user.id, 'likes', 'mail');
    const [a, b] = [await postBy(byMail, 'Read in time'), await postBy(byDefault, 'Left in the app')];
    const fan = await signedInUser(t);
    await api('POST', `/posts/${a}/like`, fan.cookie);
    await api('POST', `/posts/${b}/like`, fan.cookie);
    await api('PUT', '/notifications/mark-all-read', byMail.cookie);
    await runDelayedJobs(t, DELIVERY_QUEUE);
    expect(await mailsTo(byMail.user.email)).toHaveLength(0);
    expect(await mailsTo(byDefault.user.email)).toHaveLength(0);
  });
});

describe('chat messages are told once per burst (item 2)', () => {
  const send = (from: Person, to: { id: string }, message: string) =>
    api('POST', '/chats/send', from.cookie, { recipientId: to.id, message });

  it('five messages while away are one mail, naming the sender and the count, when the burst ends', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const kofi = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    let chatId = '';
    for (let i = 1; i <= 5; i++) {
      const res = await send(kofi, ana.user, `Message ${i}: the van leaves at ${6 + i}`);
      expect(res.statusCode).toBe(200);
      chatId = res.json().data.chatId;
    }
    // Nothing per message: one job waits for the burst's end.
    expect(await mailsTo(ana.user.email)).toHaveLength(0);
    const waiting = (await delayedJobs(t, CHAT_BURST_QUEUE)).filter(
      (j) => (j.data as { chatId: string }).chatId === chatId,
    );
    expect(waiting).toHaveLength(1);

    await runDelayedJobs(t, CHAT_BURST_QUEUE);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(ana.user.email), 20_000);
    expect(mail.subject).toBe('Kofi Mensah sent you 5 messages');
    expect(mail.text).toContain('Message 5: the van leaves at 11');
    expect(mail.text).toContain(`${t.config.publicUrl}/#/chats/${chatId}`);
    expect(mail.html).toContain('Read and answer');
    expect(await mailsTo(ana.user.email)).toHaveLength(1);
    // The sender is told nothing of their own messages.
    expect(await mailsTo(kofi.user.email)).toHaveLength(0);
  });

  it('mails nothing when the messages were read before the burst ended', async () => {
    const [ana, kofi] = [await signedInUser(t), await signedInUser(t)];
    let chatId = '';
    for (let i = 1; i <= 5; i++) chatId = (await send(kofi, ana.user, `Hello ${i}`)).json().data.chatId;
    expect((await api('PUT', `/chats/${chatId}/read`, ana.cookie)).statusCode).toBe(204);
    await runDelayedJobs(t, CHAT_BURST_QUEUE);
    expect(await mailsTo(ana.user.email)).toHaveLength(0);
  });

  it('in a mission chat tells each member of what they have not read, none of someone they blocked, none after leaving', async () => {
    const owner = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    const [blocker, writer, leaver] = [
      await signedInUser(t, { firstName: 'Bea' }),
      await signedInUser(t, { firstName: 'Wes', lastName: 'Tan' }),
      await signedInUser(t, { firstName: 'Lee' }),
    ];
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Dune fence', type: 'partnership' })
    ).json().data._id as string;
    for (const who of [blocker, writer, leaver]) {
      await api('POST', `/missions/${missionId}/join`, who.cookie, { role: 'collaborator' });
      const request = (await api('GET', '/chats/join-requests', owner.cookie))
        .json()
        .data.find((r: { user: { _id: string } }) => r.user._id === who.user.id);
      expect(
        (await api('PUT', `/missions/${missionId}/join-requests/${request._id}/approve`, owner.cookie))
          .statusCode,
      ).toBe(200);
    }
    const chatId = (await api('GET', '/chats', owner.cookie))
      .json()
      .data.find((c: { mission?: { _id: string } | null }) => c.mission?._id === missionId)._id as string;
    expect((await api('POST', `/users/${writer.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    const say = (who: Person, message: string) =>
      api('POST', `/chats/${chatId}/messages`, who.cookie, { message });
    expect((await say(owner, 'Morning all')).statusCode).toBe(200);
    expect((await say(writer, 'Posts are in')).statusCode).toBe(200);
    expect((await say(writer, 'Wire next')).statusCode).toBe(200);
    expect((await api('DELETE', `/missions/${missionId}/members/me`, leaver.cookie)).statusCode).toBe(200);
    // What the mission's joining mailed (join requests, approvals) is not what this test reads.
    await mailsTo('');
    smtp.messages.length = 0;

    await runDelayedJobs(t, CHAT_BURST_QUEUE);
    const toOwner = await smtp.waitFor((m) => m.envelopeTo.includes(owner.user.email), 20_000);
    expect(toOwner.subject).toBe('2 new messages in Dune fence');
    expect(toOwner.text).toContain('Wes Tan wrote 2 messages');
    expect(toOwner.text).toContain(`/#/chat/${missionId}`);
    const toBlocker = await smtp.waitFor((m) => m.envelopeTo.includes(blocker.user.email), 20_000);
    // Only the owner's message: the one she blocked is neither shown nor told.
    expect(toBlocker.subject).toBe('A new message in Dune fence');
    expect(toBlocker.text).not.toContain('Wes');
    expect(toBlocker.text).not.toContain('Posts are in');
    // Writing in it, the writer read what came before: nothing to tell them.
    expect(await mailsTo(writer.user.email)).toHaveLength(0);
    expect(await mailsTo(leaver.user.email)).toHaveLength(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it('tells of a chat request once, by the same channel (a stranger’s first message)', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', messagePolicy: 'connections' });
    const stranger = await signedInUser(t, { firstName: 'Sam', lastName: 'Hart' });
    const res = await send(stranger, ana.user, 'Could you lend the generator this weekend?');
    expect(res.statusCode).toBe(202);
    expect(res.json().data.request).toBeDefined();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(ana.user.email), 20_000);
    expect(mail.subject).toBe('Sam Hart asked to send you a message');
    expect(mail.text).toContain('Could you lend the generator this weekend?');
    expect(mail.text).toContain(`${t.config.publicUrl}/#/requests`);
    // A second message while it waits is no second request, and no second mail.
    await send(stranger, ana.user, 'Hello?');
    expect(await mailsTo(ana.user.email)).toHaveLength(1);
  });

  it('holds a burst back through quiet hours, to be told of at their end', async () => {
    const [ana, kofi] = [await signedInUser(t), await signedInUser(t)];
    // Quiet from an hour ago to an hour from now, in UTC: they hold now.
    const clock = (offsetHours: number) =>
      new Date(Date.now() + offsetHours * 3_600_000).toISOString().slice(11, 16);
    await sql`insert into notification_settings (user_id, quiet_enabled, quiet_start, quiet_end, time_zone)
      values (${ana.user.id}, true, ${clock(-1)}, ${clock(1)}, 'UTC')`.execute(t.db);
    const chatId = (await send(kofi, ana.user, 'Late news')).json().data.chatId as string;
    await runDelayedJobs(t, CHAT_BURST_QUEUE);
    expect(await mailsTo(ana.user.email)).toHaveLength(0);
    const held = (await delayedJobs(t, CHAT_BURST_QUEUE)).filter(
      (j) => (j.data as { chatId: string }).chatId === chatId,
    );
    expect(held).toHaveLength(1);
    expect(held[0]!.data).toMatchObject({ userId: ana.user.id, open: true });
    const inMinutes = (held[0]!.startAfter.getTime() - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(0);
    expect(inMinutes).toBeLessThanOrEqual(61);
  });

  it('tells nothing by mail to someone who chose to hear of messages in the app only', async () => {
    const [ana, kofi] = [await signedInUser(t), await signedInUser(t)];
    await choose(ana.user.id, 'chats', 'app');
    await send(kofi, ana.user, 'Are you there?');
    await runDelayedJobs(t, CHAT_BURST_QUEUE);
    expect(await mailsTo(ana.user.email)).toHaveLength(0);
  });
});

describe('mentions (item 3)', () => {
  it('tells each person a post names once, never its author, by mail; an edit tells only those it adds', async () => {
    const author = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    const [ana, ben] = [await signedInUser(t), await signedInUser(t)];
    const postId = await postBy(
      author,
      `Thanks @${ana.user.username} and @${ana.user.username.toUpperCase()}, and me @${author.user.username}`,
    );
    const told = (await listOf(ana, 'mention')).filter((n) => n.relatedPost?._id === postId);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'mention',
        subType: 'post',
        sender: expect.objectContaining({ _id: author.user.id }),
      }),
    ]);
    expect(await listOf(author, 'mention')).toEqual([]);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(ana.user.email), 20_000);
    expect(mail.subject).toMatch(/^Kofi Mensah mentioned you in a post: Thanks @/);
    expect(mail.text).toContain(`/post/${postId}`);

    const edit = await api('PATCH', `/posts/${postId}`, author.cookie, {
      content: `Thanks @${ana.user.username} and @${ben.user.username}`,
    });
    expect(edit.statusCode).toBe(200);
    expect((await listOf(ben, 'mention')).map((n) => n.relatedPost?._id)).toEqual([postId]);
    expect((await listOf(ana, 'mention')).filter((n) => n.relatedPost?._id === postId)).toHaveLength(1);
  });

  it('tells once per comment, and nobody blocked either way or who may not read the post', async () => {
    const [author, commenter, friend, blocked, blocksAuthor] = [
      await signedInUser(t),
      await signedInUser(t, { firstName: 'Cy' }),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    await api('POST', `/users/${commenter.user.id}/block`, blocked.cookie);
    await api('POST', `/users/${author.user.id}/block`, blocksAuthor.cookie);
    const postId = await postBy(author, 'Who has a trailer?');
    const names = [friend, blocked, blocksAuthor].map((p) => `@${p.user.username}`).join(' ');
    const comment = await api('POST', `/posts/${postId}/comments`, commenter.cookie, {
      content: `Ask ${names}`,
    });
    expect(comment.statusCode).toBeLessThan(300);
    const second = await api('POST', `/posts/${postId}/comments`, commenter.cookie, {
      content: `Again @${friend.user.username}`,
    });
    expect(second.statusCode).toBeLessThan(300);
    const friendTold = await listOf(friend, 'mention');
    expect(friendTold.map((n) => [n.subType, n.relatedPost?._id, n.commentContent])).toEqual([
      ['comment', postId, `Again @${friend.user.username}`],
      ['comment', postId, `Ask ${names}`],
    ]);
    // Blocked by the commenter's side, and unable to read the post (its author is blocked): nothing.
    expect(await listOf(blocked, 'mention')).toEqual([]);
    expect(await listOf(blocksAuthor, 'mention')).toEqual([]);
    const stored = await t.db
      .selectFrom('notifications')
      .select('userId')
      .where('type', '=', 'mention')
      .where('userId', 'in', [blocked.user.id, blocksAuthor.user.id])
      .execute();
    expect(stored).toEqual([]);
  });

  it('tells nobody outside a members-only mission of a mention in its update, and at most ten people per post', async () => {
    const owner = await signedInUser(t);
    const outsider = await signedInUser(t);
    const missionId = (
      await api('POST', '/missions', owner.cookie, {
        title: 'Quiet work',
        type: 'partnership',
        visibility: 'members',
      })
    ).json().data._id as string;
    const update = await api('POST', '/posts/create', owner.cookie, {
      content: `Thanks @${outsider.user.username}`,
      mission: { missionId, title: 'Quiet work', updateCount: 1 },
    });
    expect(update.statusCode).toBe(200);
    expect(await listOf(outsider, 'mention')).toEqual([]);

    const many = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.db)));
    const postId = await postBy(owner, many.map((p) => `@${p.username}`).join(' '));
    const told = await t.db
      .selectFrom('notifications')
      .select('userId')
      .where('type', '=', 'mention')
      .where('relatedPostId', '=', postId)
      .execute();
    expect(told.map((n) => n.userId).sort()).toEqual(
      many
        .slice(0, 10)
        .map((p) => p.id)
        .sort(),
    );
  });
});
