import { Follow } from '@fedify/fedify/vocab';
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
import { runNeedLifecycle } from '../posts/lifecycle.service.js';
import { OUTBOX_PAGE } from './outgoing.js';

type Json = ReceivedJson;
const MUSTER = 'https://muster.social/ns#';

/** Cebu, exactly (a street corner): what goes out must be the city-level point, never this. */
const EXACT = { address: 'Osmeña Blvd, Cebu City, Cebu, Philippines', coordinates: [123.893456, 10.312345] };

describe('federation: what goes out (decision 086)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  let remote: RemoteServer;
  let origin: string;

  beforeAll(async () => {
    // Zoe, on a server of her own (as on Mastodon, her actor at /users/zoe).
    remote = await startRemoteServer(['zoe']);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_URL: origin, FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    api = apiCaller(t);
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await remote.close();
  });

  /** Zoe follows the local person, and their Accept has come back to her. */
  async function followedByZoe(username: string, userId: string) {
    const before = remote.received.length;
    await remote.send(
      'zoe',
      {
        id: new URL(`${origin}/ap/users/${username}`),
        inboxId: new URL(`${origin}/ap/users/${username}/inbox`),
      },
      new Follow({
        id: new URL(`${remote.origin}/follows/${newId()}`),
        actor: remote.actor('zoe'),
        object: new URL(`${origin}/ap/users/${username}`),
      }),
    );
    await untilFederated(
      t,
      async () =>
        (
          await t.db
            .selectFrom('federationFollowers')
            .select('actorId')
            .where('actorId', '=', userId)
            .execute()
        ).length === 1,
      'the follower to be stored',
    );
    await untilFederated(t, () => remote.received.length > before, 'the Accept');
  }

  type Author = Awaited<ReturnType<typeof signedInUser>>;
  async function post(author: Author, body: Json = {}) {
    const res = await api('POST', '/posts/create', author.cookie, {
      kind: 'need',
      category: 'Medical supplies',
      title: 'Insulin for a neighbour',
      content: 'Our neighbour needs insulin pens this week.',
      mapLocation: EXACT,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { _id: string } }).data._id;
  }

  /** The activities of one type about one post that reached Zoe. */
  const arrived = (type: string, postId: string) =>
    remote.received.filter((a) => {
      const object = a.object as Json | string | undefined;
      const id = typeof object === 'string' ? object : object?.id;
      return a.type === type && id === `${origin}/ap/posts/${postId}`;
    });

  it('a public need goes out as a signed Create; an edit, fulfilment and expiry as Updates; a delete as a Delete', async () => {
    const ana = await signedInUser(t, { username: 'ana_out' });
    await followedByZoe('ana_out', ana.user.id);

    const id = await post(ana);
    await untilFederated(t, () => arrived('Create', id).length === 1, 'the Create');
    const create = arrived('Create', id)[0]!;
    expect(create.actor).toBe(`${origin}/ap/users/ana_out`);
    const note = create.object as Json;
    expect(note.type).toBe('Note');
    expect(note.content).toContain('Need: Insulin for a neighbour');
    expect(note.content).toContain('#<span>medicalsupplies</span>');
    expect(note[`${MUSTER}kind`]).toBe('need');
    expect(note[`${MUSTER}status`]).toBe('open');
    // The approximate place, on the public grid; never the exact point nor its street.
    const place = note.location as Json;
    expect(place.name).toContain('(approximate)');
    expect(JSON.stringify(create)).not.toContain('Osmeña');
    expect(place.latitude).not.toBe(EXACT.coordinates[1]);
    expect(place.longitude).not.toBe(EXACT.coordinates[0]);
    expect(
      Math.abs((place.latitude as number) * 100 - Math.round((place.latitude as number) * 100)),
    ).toBeLessThan(1e-6);

    // An edit: an Update with the Note as it is now.
    expect(
      (await api('PATCH', `/posts/${id}`, ana.cookie, { title: 'Insulin pens, urgent' })).statusCode,
    ).toBe(200);
    await untilFederated(t, () => arrived('Update', id).length === 1, 'the Update of the edit');
    expect((arrived('Update', id)[0]!.object as Json).content).toContain('Insulin pens, urgent');

    // Fulfilled: another Update, with the status in the text and the extension.
    expect((await api('PATCH', `/posts/${id}`, ana.cookie, { status: 'fulfilled' })).statusCode).toBe(200);
    await untilFederated(t, () => arrived('Update', id).length === 2, 'the Update of the fulfilment');
    const fulfilled = arrived('Update', id)[1]!;
    expect((fulfilled.object as Json)[`${MUSTER}status`]).toBe('fulfilled');
    expect((fulfilled.object as Json).content).toContain('Fulfilled');
    // Each change is an activity of its own (a receiver drops only a repeat of the same one).
    expect(fulfilled.id).not.toBe(arrived('Update', id)[0]!.id);

    // Deleted: a Delete with a Tombstone in its place.
    expect((await api('DELETE', `/posts/${id}`, ana.cookie)).statusCode).toBe(200);
    await untilFederated(t, () => arrived('Delete', id).length === 1, 'the Delete');
    expect((arrived('Delete', id)[0]!.object as Json).type).toBe('Tombstone');

    // A need that expires goes out as an Update with its status.
    const soon = await post(ana, { title: 'Water for the clinic', openForDays: 7 });
    await untilFederated(t, () => arrived('Create', soon).length === 1, 'the second Create');
    await runNeedLifecycle(t.app.deps, new Date(Date.now() + 8 * 86_400_000));
    await settleFederation(t);
    await untilFederated(t, () => arrived('Update', soon).length === 1, 'the Update of the expiry');
    expect((arrived('Update', soon)[0]!.object as Json)[`${MUSTER}status`]).toBe('expired');
  });

  it('a post a moderator hides is taken back with a Delete', async () => {
    const cai = await signedInUser(t, { username: 'cai_out' });
    await followedByZoe('cai_out', cai.user.id);
    const id = await post(cai, { title: 'Tarps' });
    await untilFederated(t, () => arrived('Create', id).length === 1, 'the Create');
    // Reported, and hidden by a moderator's action (the moderation feature's own path).
    const [reporter, mod] = await Promise.all([signedInUser(t), signedInUser(t, { role: 'moderator' })]);
    const report = { targetType: 'post', targetId: id, reason: 'spam', note: '' };
    expect((await api('POST', '/reports', reporter.cookie, report)).statusCode).toBe(200);
    const { id: caseId } = await t.db
      .selectFrom('moderationCases')
      .select('id')
      .where('targetId', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const action = { content: 'hide', rule: 'spam', reason: 'Spam' };
    expect((await api('POST', `/moderation/cases/${caseId}/action`, mod.cookie, action)).statusCode).toBe(
      200,
    );
    await untilFederated(t, () => arrived('Delete', id).length === 1, 'the Delete of the hidden post');
  });

  it('members-only updates, a limited author, someone who does not federate and a never-sent post send nothing', async () => {
    const bo = await signedInUser(t, { username: 'bo_out' });
    await followedByZoe('bo_out', bo.user.id);
    const missionId = newId();
    await t.db
      .insertInto('missions')
      .values({
        id: missionId,
        ownerId: bo.user.id,
        title: 'Night shelter',
        type: 'collaboration',
        visibility: 'members',
      })
      .execute();
    await t.db
      .insertInto('missionMembers')
      .values({ missionId, userId: bo.user.id, role: 'owner' })
      .execute();
    const update = await post(bo, {
      kind: 'general',
      title: 'Beds ready',
      content: 'Twenty beds are ready tonight.',
      mission: { missionId, title: 'Night shelter' },
      mapLocation: undefined,
    });
    await settleFederation(t);
    expect(remote.received.filter((a) => JSON.stringify(a).includes(update))).toEqual([]);
    // Its object URL is not there either.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/ap/posts/${update}`,
      headers: { accept: 'application/activity+json' },
    });
    expect(hidden.statusCode).toBe(404);

    // A limited author's posts reach only their connections: nothing leaves.
    await t.db
      .updateTable('users')
      .set({ limitedUntil: new Date(Date.now() + 86_400_000) })
      .where('id', '=', bo.user.id)
      .execute();
    const limited = await post(bo, { title: 'Blankets' });
    await settleFederation(t);
    expect(remote.received.filter((a) => JSON.stringify(a).includes(limited))).toEqual([]);
    // Deleted, a post that never went out sends no Delete.
    expect((await api('DELETE', `/posts/${limited}`, bo.cookie)).statusCode).toBe(200);
    await settleFederation(t);
    expect(remote.received.filter((a) => JSON.stringify(a).includes(limited))).toEqual([]);

    // Federation turned off by the person: nothing goes.
    const di = await signedInUser(t, { username: 'di_out' });
    await followedByZoe('di_out', di.user.id);
    await t.db.updateTable('users').set({ federate: false }).where('id', '=', di.user.id).execute();
    const quiet = await post(di, { title: 'Rice' });
    await settleFederation(t);
    expect(remote.received.filter((a) => JSON.stringify(a).includes(quiet))).toEqual([]);
  });

  it("a public post's object URL answers its Note; the outbox lists public posts newest first, in pages", async () => {
    const eve = await signedInUser(t, { username: 'eve_out' });
    const ids: string[] = [];
    for (let i = 0; i < OUTBOX_PAGE + 1; i++) ids.push(await post(eve, { title: `Need ${i}` }));
    // Not a federated kind: a general post is not in the outbox.
    expect(
      (await api('POST', '/posts/create', eve.cookie, { kind: 'general', content: 'Hello all' })).statusCode,
    ).toBe(200);

    const object = await t.app.inject({
      method: 'GET',
      url: `/ap/posts/${ids[0]}`,
      headers: { accept: 'application/activity+json' },
    });
    expect(object.statusCode).toBe(200);
    const note = object.json() as Json;
    expect(note).toMatchObject({ type: 'Note', id: `${origin}/ap/posts/${ids[0]}`, 'muster:kind': 'need' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/ap/posts/${newId()}`,
          headers: { accept: 'application/activity+json' },
        })
      ).statusCode,
    ).toBe(404);

    const get = async (url: string) =>
      (
        await t.app.inject({ method: 'GET', url, headers: { accept: 'application/activity+json' } })
      ).json() as Json;
    const outbox = await get('/ap/users/eve_out/outbox');
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: OUTBOX_PAGE + 1 });
    const first = await get(
      new URL(outbox.first as string).pathname + new URL(outbox.first as string).search,
    );
    const items = first.orderedItems as Json[];
    expect(items).toHaveLength(OUTBOX_PAGE);
    expect(items[0]).toMatchObject({ type: 'Create', object: { id: `${origin}/ap/posts/${ids.at(-1)}` } });
    const next = new URL(first.next as string);
    const second = await get(next.pathname + next.search);
    expect((second.orderedItems as Json[]).map((c) => (c.object as Json).id)).toEqual([
      `${origin}/ap/posts/${ids[0]}`,
    ]);
    expect(second.next).toBeUndefined();

    // A public mission's (Group's) outbox lists its public updates, attributed to their authors.
    const missionId = newId();
    await t.db
      .insertInto('missions')
      .values({ id: missionId, ownerId: eve.user.id, title: 'Food bank', type: 'collaboration' })
      .execute();
    await t.db
      .insertInto('missionMembers')
      .values({ missionId, userId: eve.user.id, role: 'owner' })
      .execute();
    const update = await post(eve, {
      kind: 'general',
      title: 'Open Saturday',
      content: 'We open on Saturday morning.',
      mission: { missionId, title: 'Food bank' },
    });
    const missionOutbox = await get(`/ap/users/m-${missionId}/outbox`);
    expect(missionOutbox).toMatchObject({ totalItems: 1 });
    const missionFirst = new URL(missionOutbox.first as string);
    const [only] = (await get(missionFirst.pathname + missionFirst.search)).orderedItems as Json[];
    expect(only).toMatchObject({
      type: 'Create',
      actor: `${origin}/ap/users/eve_out`,
      object: { id: `${origin}/ap/posts/${update}`, [`${MUSTER}kind`]: 'mission_update' },
    });
    // Someone who does not federate has no outbox.
    await t.db.updateTable('users').set({ federate: false }).where('id', '=', eve.user.id).execute();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/ap/users/eve_out/outbox',
          headers: { accept: 'application/activity+json' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
