import { Follow, Like } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { freePort } from '../../../test/free-port.js';
import {
  untilFederated,
  settleFederation,
  startRemoteServer,
  type ReceivedJson,
  type RemoteServer,
} from '../../../test/federation-remote.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { remoteCounts } from './federation.queries.js';

type Json = ReceivedJson;

describe('federation: admins block or limit a whole server (decision 088)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  let remote: RemoteServer;
  let zoe: URL;
  let origin: string;

  beforeAll(async () => {
    remote = await startRemoteServer(['zoe']);
    zoe = remote.actor('zoe');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_URL: origin, FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    api = apiCaller(t);
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  type Person = Awaited<ReturnType<typeof signedInUser>>;
  const ok = async (res: Awaited<ReturnType<typeof api>>) => {
    if (res.statusCode >= 300) throw new Error(`setup: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const admin = () => signedInUser(t, { role: 'admin' });
  const policies = () => t.db.selectFrom('federationServers').selectAll().execute();
  const followersOf = (userId: string) =>
    t.db.selectFrom('federationFollowers').selectAll().where('actorId', '=', userId).execute();
  const actorOf = (username: string) => ({
    id: new URL(`${origin}/ap/users/${username}`),
    inboxId: new URL(`${origin}/ap/users/${username}/inbox`),
  });
  const followOf = (username: string) =>
    new Follow({
      id: new URL(`${remote.origin}/follows/${newId()}`),
      actor: zoe,
      object: actorOf(username).id,
    });

  /** Zoe follows the local person, and their Accept has come back to her. */
  async function followedByZoe(who: Person) {
    const before = remote.received.length;
    await remote.send('zoe', actorOf(who.user.username), followOf(who.user.username));
    await untilFederated(
      t,
      async () => (await followersOf(who.user.id)).length === 1,
      'the follower to be stored',
    );
    await untilFederated(t, () => remote.received.length > before, 'the Accept');
  }

  async function post(author: Person) {
    const res = await api('POST', '/posts/create', author.cookie, {
      kind: 'need',
      category: 'Medical supplies',
      title: 'Insulin for a neighbour',
      content: 'Our neighbour needs insulin pens this week.',
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { _id: string } }).data._id;
  }
  const creates = (postId: string) =>
    remote.received.filter((a) => {
      const object = a.object as Json | undefined;
      return a.type === 'Create' && object?.id === `${origin}/ap/posts/${postId}`;
    });

  it('is for admins only: 401 signed out, 403 for members and moderators, nothing written', async () => {
    const member = await signedInUser(t);
    const moderator = await signedInUser(t, { role: 'moderator' });
    const body = { host: 'bad.example', policy: 'blocked', reason: 'spam' };
    expect((await api('GET', '/admin/federation/servers')).statusCode).toBe(401);
    expect((await api('POST', '/admin/federation/servers', undefined, body)).statusCode).toBe(401);
    expect((await api('DELETE', '/admin/federation/servers/bad.example')).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      expect((await api('GET', '/admin/federation/servers', who.cookie)).statusCode).toBe(403);
      expect((await api('POST', '/admin/federation/servers', who.cookie, body)).statusCode).toBe(403);
      expect((await api('DELETE', '/admin/federation/servers/bad.example', who.cookie)).statusCode).toBe(403);
    }
    expect(await policies()).toEqual([]);
  });

  it('refuses what is not a host, our own host and no reason with 400 and field details; nothing written', async () => {
    const boss = await admin();
    const own = new URL(origin);
    for (const [body, field] of [
      [{ host: 'https://bad.example', policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: 'bad.example/users/x', policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: 'bad', policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: 'bad.example:99999', policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: 'me@bad.example', policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: own.host, policy: 'blocked', reason: 'x' }, 'host'],
      [{ host: own.hostname, policy: 'limited', reason: 'x' }, 'host'],
      [{ host: 'bad.example', policy: 'silenced', reason: 'x' }, 'policy'],
      [{ host: 'bad.example', policy: 'blocked', reason: '  ' }, 'reason'],
      [{ host: 'bad.example', policy: 'blocked' }, 'reason'],
    ] as const) {
      const res = await api('POST', '/admin/federation/servers', boss.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await api('DELETE', '/admin/federation/servers/not%20a%20host', boss.cookie)).statusCode).toBe(
      400,
    );
    expect((await api('DELETE', '/admin/federation/servers/none.example', boss.cookie)).statusCode).toBe(404);
    expect(await policies()).toEqual([]);
  });

  it('a block drops the server’s followers, our follows of it and what we kept from it, refuses it at the inbox, and is audited', async () => {
    const boss = await admin();
    const ana = await signedInUser(t);
    await followedByZoe(ana);
    // What we keep from Zoe's server: our follow of her, a listing, a reply and a like.
    const postId = await post(ana);
    await t.db
      .insertInto('federationFollowing')
      .values({
        id: newId(),
        userId: ana.user.id,
        remoteActor: zoe.href,
        followId: `${origin}/f/${newId()}`,
        state: 'accepted',
      })
      .execute();
    await t.db
      .insertInto('federationRemotePosts')
      .values({
        objectUri: `${remote.origin}/ap/posts/${newId()}`,
        remoteActor: zoe.href,
        host: remote.host,
        kind: 'need',
        title: 'Water',
        text: 'Water',
        category: null,
        status: 'open',
        placeName: null,
        longitude: null,
        latitude: null,
        expiresAt: null,
        url: `${remote.origin}/p`,
        published: '2026-11-28T09:00:00Z',
        updated: null,
      })
      .execute();
    await t.db
      .insertInto('federationRemoteReplies')
      .values({
        objectUri: `${remote.origin}/notes/${newId()}`,
        postId,
        remoteActor: zoe.href,
        host: remote.host,
        text: 'I can help',
        published: '2026-11-28T09:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('federationReactions')
      .values({
        postId,
        kind: 'like',
        remoteActor: zoe.href,
        host: remote.host,
        activityId: `${remote.origin}/likes/${newId()}`,
      })
      .execute();

    const before = (
      await ok(
        await api('POST', '/admin/federation/servers', boss.cookie, {
          host: remote.host,
          policy: 'limited',
          reason: 'noisy',
        }),
      )
    ).data;
    expect(before).toMatchObject({
      host: remote.host,
      policy: 'limited',
      reason: 'noisy',
      followers: 1,
      remotePosts: 1,
    });
    expect(before.addedBy).toContain(boss.user.username);
    // A limit keeps what is there.
    expect(await followersOf(ana.user.id)).toHaveLength(1);

    // The same server again: its policy changed to a block (the reason trimmed).
    const blocked = (
      await ok(
        await api('POST', '/admin/federation/servers', boss.cookie, {
          host: remote.host,
          policy: 'blocked',
          reason: ' Spam waves ',
        }),
      )
    ).data;
    expect(blocked).toMatchObject({
      host: remote.host,
      policy: 'blocked',
      reason: 'Spam waves',
      followers: 0,
      remotePosts: 0,
    });
    expect(await followersOf(ana.user.id)).toEqual([]);
    expect(
      await t.db.selectFrom('federationFollowing').selectAll().where('userId', '=', ana.user.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('federationRemotePosts').selectAll().where('host', '=', remote.host).execute(),
    ).toEqual([]);
    expect(await remoteCounts(t.db, postId)).toEqual({ likes: 0, announces: 0, replies: 0 });
    expect(
      await t.db.selectFrom('federationRemoteReplies').selectAll().where('postId', '=', postId).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('federationReactions').selectAll().where('postId', '=', postId).execute(),
    ).toEqual([]);
    expect((await ok(await api('GET', '/admin/federation/servers', boss.cookie))).data).toEqual([blocked]);

    // The inbox refuses the server now: 403 before anything is read or stored.
    await expect(remote.send('zoe', actorOf(ana.user.username), followOf(ana.user.username))).rejects.toThrow(
      /403/,
    );
    await t.app.deps.jobs.drain();
    expect(await followersOf(ana.user.id)).toEqual([]);

    // Lifted: her Follow is accepted again.
    expect(
      await ok(
        await api('DELETE', `/admin/federation/servers/${encodeURIComponent(remote.host)}`, boss.cookie),
      ),
    ).toEqual({ data: { ok: true } });
    expect(await policies()).toEqual([]);
    await followedByZoe(ana);

    const log = (await ok(await api('GET', `/admin/audit?actor=${boss.user.username}`, boss.cookie))).data;
    expect(log.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['server.remove', `${remote.host}: was blocked`],
      ['server.block', `${remote.host}: Spam waves`],
      ['server.limit', `${remote.host}: noisy`],
    ]);
    expect(log[1].details).toMatchObject({
      host: remote.host,
      policy: 'blocked',
      before: 'limited',
      purged: { followers: 1, following: 1, remotePosts: 1, replies: 1, reactions: 1 },
    });
  });

  it('nothing is delivered to a blocked server, even to a follower row that slipped in', async () => {
    const boss = await admin();
    const bea = await signedInUser(t);
    await followedByZoe(bea);
    // Delivery works: her next need reaches Zoe.
    const first = await post(bea);
    await untilFederated(t, () => creates(first).length === 1, 'the Create to reach Zoe');

    await ok(
      await api('POST', '/admin/federation/servers', boss.cookie, {
        host: remote.host,
        policy: 'blocked',
        reason: 'test',
      }),
    );
    expect(await followersOf(bea.user.id)).toEqual([]);
    // A follower stored past the block (a Follow handled as the block was being made).
    await t.db
      .insertInto('federationFollowers')
      .values({
        actorKind: 'person',
        actorId: bea.user.id,
        remoteActor: zoe.href,
        inbox: `${remote.origin}/users/zoe/inbox`,
        sharedInbox: `${remote.origin}/inbox`,
        followId: `${remote.origin}/follows/${newId()}`,
      })
      .execute();
    const second = await post(bea);
    await settleFederation(t);
    expect(creates(second)).toEqual([]);
    await ok(
      await api('DELETE', `/admin/federation/servers/${encodeURIComponent(remote.host)}`, boss.cookie),
    );
  });

  it('a limited server: its follows accepted, but what its people say reaches us only from those followed here', async () => {
    const boss = await admin();
    const cai = await signedInUser(t);
    await ok(
      await api('POST', '/admin/federation/servers', boss.cookie, {
        host: remote.host,
        policy: 'limited',
        reason: 'unmoderated',
      }),
    );
    // Her Follow of a public person is still accepted.
    await followedByZoe(cai);
    const postId = await post(cai);
    const like = () =>
      new Like({
        id: new URL(`${remote.origin}/likes/${newId()}`),
        actor: zoe,
        object: new URL(`${origin}/ap/posts/${postId}`),
      });
    await remote.send('zoe', actorOf(cai.user.username), like());
    await settleFederation(t);
    expect(await remoteCounts(t.db, postId)).toEqual({ likes: 0, announces: 0, replies: 0 });

    // Someone here follows her: what she says is kept.
    await t.db
      .insertInto('federationFollowing')
      .values({
        id: newId(),
        userId: cai.user.id,
        remoteActor: zoe.href,
        followId: `${origin}/f/${newId()}`,
        state: 'accepted',
      })
      .execute();
    await remote.send('zoe', actorOf(cai.user.username), like());
    await untilFederated(
      t,
      async () => (await remoteCounts(t.db, postId)).likes === 1,
      'the like to be counted',
    );
    await ok(
      await api('DELETE', `/admin/federation/servers/${encodeURIComponent(remote.host)}`, boss.cookie),
    );
  });
});
