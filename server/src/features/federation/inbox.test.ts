import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Follow, Undo } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { freePort } from '../../../test/free-port.js';
import { untilFederated, startRemoteServer, type RemoteServer } from '../../../test/federation-remote.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';

/** An activity's object as it came: its id, or the id of the object given whole. */
const idOf = (object: unknown) =>
  typeof object === 'string' ? object : (object as { id?: string } | undefined)?.id;

describe('federation: the inbox (decision 082)', () => {
  let t: TestApp;
  let remote: RemoteServer;
  let zoe: URL;
  let origin: string;

  beforeAll(async () => {
    // Zoe, on a server of her own (as on Mastodon, her actor at /users/zoe).
    remote = await startRemoteServer(['zoe']);
    zoe = remote.actor('zoe');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_URL: origin, FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await remote.close();
  });

  const actorOf = (username: string) => ({
    id: new URL(`${origin}/ap/users/${username}`),
    inboxId: new URL(`${origin}/ap/users/${username}/inbox`),
  });
  const followersOf = (userId: string) =>
    t.db.selectFrom('federationFollowers').selectAll().where('actorId', '=', userId).execute();
  const follow = (username: string) =>
    new Follow({
      id: new URL(`${remote.origin}/follows/${newId()}`),
      actor: zoe,
      object: actorOf(username).id,
    });

  it('a signed Follow is stored, answered with an Accept delivered to the follower, and undone', async () => {
    const ana = await buildUser(t.db, { username: 'ana_inbox' });
    const activity = follow('ana_inbox');
    await remote.send('zoe', actorOf('ana_inbox'), activity);

    await untilFederated(
      t,
      async () => (await followersOf(ana.id)).length === 1,
      'the follower to be stored',
    );
    const [row] = await followersOf(ana.id);
    expect(row).toMatchObject({
      actorKind: 'person',
      remoteActor: zoe.href,
      inbox: `${remote.origin}/users/zoe/inbox`,
      sharedInbox: `${remote.origin}/inbox`,
      followId: activity.id!.href,
    });
    const cached = await t.db
      .selectFrom('federationRemoteActors')
      .selectAll()
      .where('uri', '=', zoe.href)
      .executeTakeFirstOrThrow();
    expect(cached).toMatchObject({ handle: `@zoe@${remote.host}`, host: remote.host, name: 'Zoe Remote' });

    // The Accept went through our job queue, signed with Ana's key, which Zoe's server checked.
    await untilFederated(t, () => remote.received.length === 1, 'the Accept to arrive');
    const accept = remote.received[0]!;
    expect(accept).toMatchObject({ type: 'Accept', actor: `${origin}/ap/users/ana_inbox` });
    expect(idOf(accept.object)).toBe(activity.id!.href);

    // The followers collection counts her.
    const collection = await t.app.inject({
      method: 'GET',
      url: '/ap/users/ana_inbox/followers',
      headers: { accept: 'application/activity+json' },
    });
    expect(collection.json()).toMatchObject({ totalItems: 1 });

    await remote.send(
      'zoe',
      actorOf('ana_inbox'),
      new Undo({ id: new URL(`${remote.origin}/undo/${newId()}`), actor: zoe, object: activity }),
    );
    await untilFederated(
      t,
      async () => (await followersOf(ana.id)).length === 0,
      'the Undo to remove the follower',
    );
  });

  it('a public mission (a Group) is followed the same way', async () => {
    const owner = await buildUser(t.db);
    const missionId = newId();
    await t.db
      .insertInto('missions')
      .values({ id: missionId, ownerId: owner.id, title: 'Clean-up', type: 'collaboration' })
      .execute();
    const before = remote.received.length;
    await remote.send('zoe', actorOf(`m-${missionId}`), follow(`m-${missionId}`));
    await untilFederated(
      t,
      async () => (await followersOf(missionId)).length === 1,
      "the mission's follower",
    );
    expect((await followersOf(missionId))[0]).toMatchObject({ actorKind: 'mission' });
    await untilFederated(t, () => remote.received.length === before + 1, 'the Accept from the mission');
    expect(remote.received.at(-1)!.actor).toBe(`${origin}/ap/users/m-${missionId}`);

    // Deleted, the mission takes its followers and its keys with it.
    await t.db.deleteFrom('missions').where('id', '=', missionId).execute();
    expect(await followersOf(missionId)).toEqual([]);
    expect(
      await t.db.selectFrom('federationKeys').select('actorId').where('actorId', '=', missionId).execute(),
    ).toEqual([]);
  });

  it('a Follow of someone who does not federate is not stored', async () => {
    const dee = await buildUser(t.db, { username: 'dee_inbox', federate: false });
    const before = remote.received.length;
    // Their inbox is not there (404), as their actor is not.
    await expect(remote.send('zoe', actorOf('dee_inbox'), follow('dee_inbox'))).rejects.toThrow(/404/);
    // Nor through the shared inbox, where the target is read from the activity.
    await remote.send(
      'zoe',
      { id: actorOf('dee_inbox').id, inboxId: new URL(`${origin}/ap/inbox`) },
      follow('dee_inbox'),
    );
    await t.app.deps.jobs.drain();
    expect(await followersOf(dee.id)).toEqual([]);
    expect(remote.received.length).toBe(before);
  });

  it('an unsigned or badly signed POST is refused with 401 and writes nothing', async () => {
    const bea = await buildUser(t.db, { username: 'bea_inbox' });
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${remote.origin}/follows/${newId()}`,
      type: 'Follow',
      actor: zoe.href,
      object: `${origin}/ap/users/bea_inbox`,
    });
    const inbox = `${origin}/ap/users/bea_inbox/inbox`;
    const unsigned = await fetch(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    });
    expect(unsigned.status).toBe(401);

    // Signed in Zoe's name, with a key that is not hers.
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const forged = await signRequest(
      new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      }),
      stranger.privateKey,
      new URL(`${zoe.href}#main-key`),
      { spec: 'draft-cavage-http-signatures-12' },
    );
    expect((await fetch(forged)).status).toBe(401);
    expect(await followersOf(bea.id)).toEqual([]);
  });

  it("a blocked server's Follow is refused with 403 and nothing is stored", async () => {
    const cai = await buildUser(t.db, { username: 'cai_inbox' });
    await t.db
      .insertInto('federationServers')
      .values({ host: '127.0.0.1', policy: 'blocked', reason: 'test' })
      .execute();
    try {
      const before = remote.received.length;
      await expect(remote.send('zoe', actorOf('cai_inbox'), follow('cai_inbox'))).rejects.toThrow(/403/);
      expect(await followersOf(cai.id)).toEqual([]);
      expect(remote.received.length).toBe(before);
      // Nothing was queued for it either.
      await t.app.deps.jobs.drain();
      expect(await followersOf(cai.id)).toEqual([]);
    } finally {
      await t.db.deleteFrom('federationServers').execute();
    }
  });

  it('an inbox post larger than 256 KB is refused (413)', async () => {
    const res = await fetch(`${origin}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ type: 'Create', content: 'x'.repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('federation: the inbox is rate-limited per remote server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: 'https://muster.test', FEDERATION: 'on', FEDERATION_INBOX_RATE_LIMIT: '3' },
    });
  });
  afterAll(() => t.close());

  /** A post claiming a signature by a key on `host` (refused by Fedify, 400/401, but counted first). */
  const post = (host: string) =>
    t.app.inject({
      method: 'POST',
      url: '/ap/inbox',
      headers: {
        'content-type': 'application/activity+json',
        signature: `keyId="https://${host}/users/x#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"`,
      },
      payload: JSON.stringify({ type: 'Follow', actor: `https://${host}/users/x` }),
    });

  it("counts each server's posts by its signing key's host: the fourth in a minute is 429", async () => {
    for (let i = 0; i < 3; i++) expect([400, 401]).toContain((await post('busy.example')).statusCode);
    const refused = await post('busy.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another server has a budget of its own.
    expect([400, 401]).toContain((await post('quiet.example')).statusCode);
  });
});
