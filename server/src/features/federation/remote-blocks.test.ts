import { signRequest } from '@fedify/fedify';
import { Create, Follow, Like, Note } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bed, type Person, startTwoInstances } from '../../../test/federation-instances.js';
import {
  settleFederation,
  startRemoteServer,
  untilFederated,
  type RemoteServer,
} from '../../../test/federation-remote.js';
import { newId } from '../../platform/ids.js';
import { remoteCounts } from './federation.queries.js';

const { Temporal } = globalThis as unknown as { Temporal: { Instant: { from(iso: string): never } } };

/**
 * Blocking a person on another server (decision 092), on the TLS bed (Ana on one, Bo on two, each
 * following the other) and with Zoe on a Fedify server of her own, who likes and answers Ana's need.
 */
describe('federation: blocking a person on another server (decision 092)', () => {
  let bed: Bed;
  let zoe: RemoteServer;
  let ana: Person;
  let bo: Person;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    zoe = await startRemoteServer(['zoe']);
    ana = await bed.one.person({ username: 'ana_one' });
    bo = await bed.two.person({ username: 'bo_two' });
  });
  afterAll(async () => {
    await bed?.close();
    await zoe?.close();
  });

  type Answer = { status: number; body: unknown };
  const ok = async (answer: Promise<Answer>) => {
    const res = await answer;
    if (res.status !== 200) throw new Error(`setup: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { data: Record<string, unknown> }).data;
  };
  /** Runs both instances' waiting jobs until `check` holds. */
  const until = (check: () => Promise<boolean>, what: string) =>
    untilFederated(
      bed.one.t,
      async () => {
        await bed.two.app.deps.jobs.drain();
        return check();
      },
      what,
    );
  const anaActor = () => `${bed.one.origin}/ap/users/ana_one`;
  const boActor = () => `${bed.two.origin}/ap/users/bo_two`;
  const followersOfAna = async () =>
    (
      await bed.one.db
        .selectFrom('federationFollowers')
        .select('remoteActor')
        .where('actorId', '=', ana.id)
        .execute()
    ).map((r) => r.remoteActor);
  const zoeSends = (activity: Follow | Like | Create) =>
    zoe.send(
      'zoe',
      { id: new URL(anaActor()), inboxId: new URL(`${bed.one.origin}/ap/users/ana_one/inbox`) },
      activity,
    );
  const zoeFollows = () =>
    zoeSends(
      new Follow({
        id: new URL(`${zoe.origin}/follows/${newId()}`),
        actor: zoe.actor('zoe'),
        object: new URL(anaActor()),
      }),
    );
  const zoeLikes = (postUri: string) =>
    zoeSends(
      new Like({
        id: new URL(`${zoe.origin}/likes/${newId()}`),
        actor: zoe.actor('zoe'),
        object: new URL(postUri),
      }),
    );

  it('ends the follows both ways (an Undo goes), uncounts their likes and replies, drops what they send, hides from their signed fetches; unblock', async () => {
    // Bo follows Ana and Ana follows Bo, both accepted.
    await ok(
      bed.two.api('POST', '/federation/follows', {
        cookie: bo.cookie,
        body: { handle: `@ana_one@${bed.one.hostName}:${bed.one.port}` },
      }),
    );
    await ok(
      bed.one.api('POST', '/federation/follows', {
        cookie: ana.cookie,
        body: { handle: `@bo_two@${bed.two.hostName}:${bed.two.port}` },
      }),
    );
    const boFollowersOnTwo = () =>
      bed.two.db
        .selectFrom('federationFollowers')
        .select('remoteActor')
        .where('actorId', '=', bo.id)
        .execute();
    await until(
      async () => (await followersOfAna()).includes(boActor()),
      "one to store Bo as Ana's follower",
    );
    await until(async () => (await boFollowersOnTwo()).length === 1, "two to store Ana as Bo's follower");

    // Zoe follows Ana too, likes her need and answers it.
    await zoeFollows();
    await until(async () => (await followersOfAna()).length === 2, "one to store Zoe as Ana's follower");
    const need = await ok(
      bed.one.api('POST', '/posts/create', {
        cookie: ana.cookie,
        body: { kind: 'need', category: 'Water', title: 'Water', content: 'Drinking water for ten.' },
      }),
    );
    const postId = need._id as string;
    const postUri = `${bed.one.origin}/ap/posts/${postId}`;
    await zoeLikes(postUri);
    const reply = new Note({
      id: new URL(`${zoe.origin}/notes/${newId()}`),
      attribution: zoe.actor('zoe'),
      replyTarget: new URL(postUri),
      content: '<p>I can bring some</p>',
      published: Temporal.Instant.from('2026-11-29T02:00:00Z'),
    });
    await zoeSends(
      new Create({ id: new URL(`${reply.id!.href}#create`), actor: zoe.actor('zoe'), object: reply }),
    );
    await until(
      async () =>
        JSON.stringify(await remoteCounts(bed.one.db, postId)) === '{"likes":1,"announces":0,"replies":1}',
      "Zoe's like and reply counted",
    );

    // Zoe's signed fetch of Ana's actor is answered before the block.
    const signedGet = async (url: string) => {
      const request = await signRequest(
        new Request(url, { headers: { accept: 'application/activity+json' } }),
        zoe.keys[0]!.privateKey,
        new URL(`${zoe.actor('zoe').href}#main-key`),
      );
      return (await fetch(request)).status;
    };
    expect(await signedGet(anaActor())).toBe(200);

    // Ana blocks Bo (by handle, over WebFinger) and Zoe (known here from her follow).
    const blockedBo = await ok(
      bed.one.api('POST', '/federation/blocks', {
        cookie: ana.cookie,
        body: { handle: `@bo_two@${bed.two.hostName}:${bed.two.port}` },
      }),
    );
    expect(blockedBo).toMatchObject({
      actor: boActor(),
      handle: `@bo_two@${bed.two.hostName}:${bed.two.port}`,
    });
    const blockedZoe = await ok(
      bed.one.api('POST', '/federation/blocks', { cookie: ana.cookie, body: { handle: `@zoe@${zoe.host}` } }),
    );
    expect(blockedZoe).toMatchObject({ actor: zoe.actor('zoe').href, name: 'Zoe Remote' });
    // Twice is once.
    const again = await ok(
      bed.one.api('POST', '/federation/blocks', { cookie: ana.cookie, body: { handle: `@zoe@${zoe.host}` } }),
    );
    expect(again.id).toBe(blockedZoe.id);

    // Their follows of Ana are gone; hers of Bo is gone here and, on the Undo, on two.
    expect(await followersOfAna()).toEqual([]);
    expect(
      await bed.one.db.selectFrom('federationFollowing').select('id').where('userId', '=', ana.id).execute(),
    ).toEqual([]);
    await until(async () => (await boFollowersOnTwo()).length === 0, 'two to read the Undo of her Follow');
    // Zoe's like and reply no longer count; what she sends now is dropped.
    expect(await remoteCounts(bed.one.db, postId)).toEqual({ likes: 0, announces: 0, replies: 0 });
    await zoeLikes(postUri);
    await zoeFollows();
    await settleFederation(bed.one.t);
    expect(await remoteCounts(bed.one.db, postId)).toEqual({ likes: 0, announces: 0, replies: 0 });
    expect(await followersOfAna()).toEqual([]);
    // Her signed fetches of Ana's actor, outbox and post are 404; an unsigned one is answered.
    expect(await signedGet(anaActor())).toBe(404);
    expect(await signedGet(`${anaActor()}/outbox`)).toBe(404);
    expect(await signedGet(postUri)).toBe(404);
    expect((await fetch(anaActor(), { headers: { accept: 'application/activity+json' } })).status).toBe(200);

    // Nothing of Ana's reaches either any more.
    const receivedBefore = zoe.received.length;
    const later = await ok(
      bed.one.api('POST', '/posts/create', {
        cookie: ana.cookie,
        body: { kind: 'need', category: 'Food', title: 'Rice', content: 'Rice for the shelter.' },
      }),
    );
    await settleFederation(bed.one.t);
    await bed.two.app.deps.jobs.drain();
    expect(zoe.received.length).toBe(receivedBefore);
    expect(
      await bed.two.db
        .selectFrom('federationRemotePosts')
        .select('objectUri')
        .where('objectUri', '=', `${bed.one.origin}/ap/posts/${later._id as string}`)
        .execute(),
    ).toEqual([]);

    // Listed newest first, each with an id to unblock by.
    const list = async () =>
      (
        (await bed.one.api('GET', '/federation/blocks', { cookie: ana.cookie })).body as {
          data: Array<{ id: string; actor: string }>;
        }
      ).data;
    expect((await list()).map((b) => b.actor)).toEqual([zoe.actor('zoe').href, boActor()]);
    // Someone else cannot lift Ana's block.
    const cy = await bed.one.person({ username: 'cy_one' });
    expect(
      (await bed.one.api('DELETE', `/federation/blocks/${blockedZoe.id as string}`, { cookie: cy.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await bed.one.api('DELETE', `/federation/blocks/${blockedZoe.id as string}`, { cookie: ana.cookie }))
        .status,
    ).toBe(200);
    expect((await list()).map((b) => b.actor)).toEqual([boActor()]);
    // Unblocked, Zoe may follow again.
    await zoeFollows();
    await until(
      async () => (await followersOfAna()).includes(zoe.actor('zoe').href),
      "Zoe's follow accepted again",
    );
  });

  it('answers 400 for a bad handle or one of ours, 401 signed out, 404 for nobody there', async () => {
    const di = await bed.one.person({ username: 'di_one' });
    const bad = await bed.one.api('POST', '/federation/blocks', {
      cookie: di.cookie,
      body: { handle: 'not a handle' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('handle');
    const ours = await bed.one.api('POST', '/federation/blocks', {
      cookie: di.cookie,
      body: { handle: `@ana_one@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(ours.status).toBe(400);
    expect(JSON.stringify(ours.body)).toContain('handle');
    expect(
      (
        await bed.one.api('POST', '/federation/blocks', {
          body: { handle: `@bo_two@${bed.two.hostName}:${bed.two.port}` },
        })
      ).status,
    ).toBe(401);
    expect((await bed.one.api('GET', '/federation/blocks')).status).toBe(401);
    const nobody = await bed.one.api('POST', '/federation/blocks', {
      cookie: di.cookie,
      body: { handle: `@nobody_here@${bed.two.hostName}:${bed.two.port}` },
    });
    expect(nobody.status).toBe(404);
    expect(
      await bed.one.db
        .selectFrom('federationPersonBlocks')
        .select('id')
        .where('userId', '=', di.id)
        .execute(),
    ).toEqual([]);
  });
});
