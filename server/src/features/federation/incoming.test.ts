import { Announce, Create, Delete, Flag, Like, Note, Tombstone, Undo } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { freePort } from '../../../test/free-port.js';
import { untilFederated, startRemoteServer, type RemoteServer } from '../../../test/federation-remote.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { remoteCounts } from './federation.queries.js';
import { createActivity, instant, postToNote, updateActivity, type NoteSource } from './notes.js';

/** A need as another Muster publishes it (its post id, its author on that server). */
function remoteNeed(origin: string, author: string, over: Partial<NoteSource> = {}): Note {
  const result = postToNote(
    {
      _id: newId(),
      kind: 'need',
      title: 'Generator for an insulin fridge',
      content: 'Power is out since the typhoon.\n\nWe can pick it up. <script>alert(1)</script>',
      category: 'Power',
      status: 'open',
      expiresAt: '2027-01-28T09:12:03.512Z',
      image: null,
      mapLocation: { address: 'Mandaue City, Cebu', coordinates: [123.94, 10.36], approximate: true },
      mission: null,
      emergencyEmoji: null,
      hashtags: [],
      createdAt: '2026-11-28T09:12:03.512Z',
      updatedAt: '2026-11-28T09:12:03.512Z',
      author: { username: author },
      audience: 'public',
      ...over,
    },
    origin,
  );
  if (!result.ok) throw new Error(result.reason);
  return result.note;
}

describe('federation: what comes in (decision 087)', () => {
  let t: TestApp;
  let one: RemoteServer;
  let other: RemoteServer;
  let origin: string;
  let inbox: { id: URL; inboxId: URL };

  beforeAll(async () => {
    one = await startRemoteServer(['zoe', 'yan'], { actorPath: '/ap/users' });
    other = await startRemoteServer(['mallory'], { actorPath: '/ap/users' });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_URL: origin, FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const ana = await buildUser(t.db, { username: 'ana_in' });
    inbox = { id: new URL(`${origin}/ap/users/${ana.username}`), inboxId: new URL(`${origin}/ap/inbox`) };
  });
  afterAll(async () => {
    await t?.close();
    await one?.close();
    await other?.close();
  });

  const remotePost = (uri: string) =>
    t.db.selectFrom('federationRemotePosts').selectAll().where('objectUri', '=', uri).executeTakeFirst();
  /** A post of ours that federates, by a person here. */
  async function ourPost() {
    const author = await buildUser(t.db);
    const id = newId();
    await t.db
      .insertInto('posts')
      .values({ id, authorId: author.id, kind: 'need', content: 'Water for ten families', status: 'open' })
      .execute();
    return { id, author, uri: new URL(`${origin}/ap/posts/${id}`) };
  }

  it("keeps another Muster's need from someone followed here, with its server; only its author updates or deletes it", async () => {
    const note = remoteNeed(one.origin, 'zoe');
    const uri = note.id!.href;

    // Nobody here follows Zoe and she addressed nobody here: dropped.
    await one.send('zoe', inbox, createActivity(note).clone({ id: new URL(`${uri}#create-early`) }));
    await t.app.deps.jobs.drain();
    expect(await remotePost(uri)).toBeUndefined();
    const ana = await buildUser(t.db, { username: 'ana_follows' });
    await t.db
      .insertInto('federationFollowing')
      .values({
        id: newId(),
        userId: ana.id,
        remoteActor: one.actor('zoe').href,
        followId: `${origin}/ap/users/ana_follows#follows/${newId()}`,
        state: 'accepted',
      })
      .execute();
    // The same Create again (its own id: Fedify reads an id once) after the follow: kept.
    await one.send('zoe', inbox, createActivity(note));
    await untilFederated(t, async () => (await remotePost(uri)) !== undefined, 'the listing to be stored');
    const stored = (await remotePost(uri))!;
    expect(stored).toMatchObject({
      remoteActor: one.actor('zoe').href,
      host: one.host,
      kind: 'need',
      title: 'Generator for an insulin fridge',
      category: 'Power',
      status: 'open',
      placeName: 'Mandaue City, Cebu',
      longitude: 123.94,
      latitude: 10.36,
    });
    expect(stored.text).toContain('Power is out since the typhoon.');

    // Mallory, on another server, sends an Update of Zoe's need: refused (another host).
    const forged = remoteNeed(one.origin, 'zoe', {
      _id: uri.split('/').at(-1)!,
      title: 'Send money to mallory',
    });
    await other.send(
      'mallory',
      inbox,
      updateActivity(forged, '2026-11-29T00:00:00.000Z').clone({ actor: other.actor('mallory') }),
    );
    await t.app.deps.jobs.drain();
    expect((await remotePost(uri))?.title).toBe('Generator for an insulin fridge');
    // Yan, on Zoe's server but not her, tries the same: refused (not the author).
    await one.send(
      'yan',
      inbox,
      updateActivity(
        remoteNeed(one.origin, 'zoe', { _id: uri.split('/').at(-1)!, title: 'Yan was here' }),
        '2026-11-29T00:00:02.000Z',
      ).clone({ actor: one.actor('yan') }),
    );
    await t.app.deps.jobs.drain();
    expect((await remotePost(uri))?.title).toBe('Generator for an insulin fridge');
    // Zoe's own Update replaces it.
    const edited = remoteNeed(one.origin, 'zoe', {
      _id: uri.split('/').at(-1)!,
      title: 'Generator still needed',
      status: 'fulfilled',
    });
    await one.send('zoe', inbox, updateActivity(edited, '2026-11-29T01:00:00.000Z'));
    await untilFederated(
      t,
      async () => (await remotePost(uri))?.title === 'Generator still needed',
      "Zoe's update",
    );
    expect(await remotePost(uri)).toMatchObject({ status: 'fulfilled', remoteActor: one.actor('zoe').href });

    // Another actor's Delete leaves it; Zoe's removes it.
    await one.send(
      'yan',
      inbox,
      new Delete({
        id: new URL(`${one.origin}/d/${newId()}`),
        actor: one.actor('yan'),
        object: new Tombstone({ id: new URL(uri) }),
      }),
    );
    await t.app.deps.jobs.drain();
    expect(await remotePost(uri)).toBeDefined();
    await one.send(
      'zoe',
      inbox,
      new Delete({
        id: new URL(`${uri}#delete`),
        actor: one.actor('zoe'),
        object: new Tombstone({ id: new URL(uri) }),
      }),
    );
    await untilFederated(t, async () => (await remotePost(uri)) === undefined, "Zoe's delete");
  });

  it('counts remote likes and boosts of our posts once per actor, uncounted by Undo; counts replies', async () => {
    const post = await ourPost();
    const like = new Like({
      id: new URL(`${one.origin}/likes/${newId()}`),
      actor: one.actor('zoe'),
      object: post.uri,
    });
    await one.send('zoe', inbox, like);
    await one.send(
      'zoe',
      inbox,
      new Like({ id: new URL(`${one.origin}/likes/${newId()}`), actor: one.actor('zoe'), object: post.uri }),
    );
    const boost = new Announce({
      id: new URL(`${one.origin}/boosts/${newId()}`),
      actor: one.actor('yan'),
      object: post.uri,
    });
    await one.send('yan', inbox, boost);
    const reply = new Note({
      id: new URL(`${other.origin}/notes/${newId()}`),
      attribution: other.actor('mallory'),
      replyTarget: post.uri,
      content: '<p>I can bring <b>two</b> jerrycans</p><script>x()</script>',
      published: instant('2026-11-29T02:00:00Z'),
    });
    await other.send(
      'mallory',
      inbox,
      new Create({ id: new URL(`${reply.id!.href}#create`), actor: other.actor('mallory'), object: reply }),
    );

    await untilFederated(
      t,
      async () => {
        const c = await remoteCounts(t.db, post.id);
        return c.likes === 1 && c.announces === 1 && c.replies === 1;
      },
      'a like, a boost and a reply counted',
    );
    const kept = await t.db
      .selectFrom('federationRemoteReplies')
      .selectAll()
      .where('postId', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      remoteActor: other.actor('mallory').href,
      text: 'I can bring two jerrycans',
    });

    // Someone else's Undo of Zoe's like changes nothing; hers uncounts it, Yan's uncounts his boost.
    await one.send(
      'yan',
      inbox,
      new Undo({ id: new URL(`${one.origin}/undo/${newId()}`), actor: one.actor('yan'), object: like }),
    );
    await one.send(
      'yan',
      inbox,
      new Undo({ id: new URL(`${one.origin}/undo/${newId()}`), actor: one.actor('yan'), object: boost }),
    );
    await t.app.deps.jobs.drain();
    expect(await remoteCounts(t.db, post.id)).toMatchObject({ likes: 1, announces: 0 });
    const lastLike = await t.db
      .selectFrom('federationReactions')
      .select('activityId')
      .where('postId', '=', post.id)
      .where('kind', '=', 'like')
      .executeTakeFirstOrThrow();
    await one.send(
      'zoe',
      inbox,
      new Undo({
        id: new URL(`${one.origin}/undo/${newId()}`),
        actor: one.actor('zoe'),
        object: new Like({ id: new URL(lastLike.activityId), actor: one.actor('zoe'), object: post.uri }),
      }),
    );
    await untilFederated(t, async () => (await remoteCounts(t.db, post.id)).likes === 0, 'the like undone');
  });

  it('files a remote Flag about one of our posts in the moderation queue, naming the server', async () => {
    const post = await ourPost();
    await other.send(
      'mallory',
      inbox,
      new Flag({
        id: new URL(`${other.origin}/flags/${newId()}`),
        actor: other.actor('mallory'),
        objects: [new URL(`${origin}/ap/users/${post.author.username}`), post.uri],
        content: 'Looks like a scam',
      }),
    );
    const caseOf = () =>
      t.db.selectFrom('moderationCases').selectAll().where('targetId', '=', post.id).executeTakeFirst();
    await untilFederated(t, async () => (await caseOf()) !== undefined, 'a case in the queue');
    const filed = (await caseOf())!;
    expect(filed).toMatchObject({ targetType: 'post', authorId: post.author.id, status: 'open' });
    const flag = await t.db
      .selectFrom('moderationCaseFlags')
      .selectAll()
      .where('caseId', '=', filed.id)
      .executeTakeFirstOrThrow();
    expect(flag.note).toBe(`Reported by a remote server (${other.host}): Looks like a scam`);
  });

  it("refuses a blocked server's activities (403) and keeps nothing of them", async () => {
    const post = await ourPost();
    await t.db.insertInto('federationServers').values({ host: other.host, policy: 'blocked' }).execute();
    await expect(
      other.send(
        'mallory',
        inbox,
        new Like({
          id: new URL(`${other.origin}/likes/${newId()}`),
          actor: other.actor('mallory'),
          object: post.uri,
        }),
      ),
    ).rejects.toThrow(/403/);
    expect(await remoteCounts(t.db, post.id)).toEqual({ likes: 0, announces: 0, replies: 0 });
    expect(
      await t.db.selectFrom('federationReactions').select('postId').where('host', '=', other.host).execute(),
    ).toEqual([]);
  });
});
