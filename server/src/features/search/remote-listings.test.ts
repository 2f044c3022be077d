import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { freePort } from '../../../test/free-port.js';
import { startRemoteServer, untilFederated, type RemoteServer } from '../../../test/federation-remote.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createActivity, postToNote, type NoteSource } from '../federation/notes.js';
import { newId } from '../../platform/ids.js';

/**
 * Another Muster's listings in search and on the map (issue 38, decision 089), received as real
 * Creates from Fedify servers on loopback ports (each a host of its own), then read back through
 * GET /users/advanced-search and GET /map: a followed server's listing with its server, a limited
 * server's only for whoever follows its author, a blocked server's never, and the filters.
 */

type RemoteMatch = {
  kind: string;
  title: string;
  category: string | null;
  status: string | null;
  place: string | null;
  remote: { server: string; url: string; objectId: string; authorUri: string };
};
type Pin = {
  _id: string;
  kind: string;
  title: string;
  status: string | null;
  coordinates: [number, number];
  remote?: { server: string; url: string; objectId: string; authorUri: string };
};

/** A word nothing else in the database holds. */
const WORD = 'zqgenerator';
/** Mandaue City, on the 0.01° grid; the map's box and search's circle are around it. */
const AT: [number, number] = [123.94, 10.36];
const BOX = '123.5,10,124.5,11';

describe('remote listings in search and on the map (decision 089)', () => {
  let t: TestApp;
  let followed: RemoteServer;
  let limited: RemoteServer;
  let blocked: RemoteServer;
  let inbox: { id: URL; inboxId: URL };
  let ana: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

  beforeAll(async () => {
    followed = await startRemoteServer(['zoe'], { actorPath: '/ap/users' });
    limited = await startRemoteServer(['lia'], { actorPath: '/ap/users' });
    blocked = await startRemoteServer(['mallory'], { actorPath: '/ap/users' });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_URL: origin, FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    ana = await signedInUser(t, { username: 'ana_remote' });
    bob = await signedInUser(t, { username: 'bob_remote' });
    inbox = { id: new URL(`${origin}/ap/users/ana_remote`), inboxId: new URL(`${origin}/ap/inbox`) };
    // Ana follows Zoe, Lia and Mallory (so what they send is kept, 087); Bob follows nobody.
    for (const [server, name] of [
      [followed, 'zoe'],
      [limited, 'lia'],
      [blocked, 'mallory'],
    ] as const)
      await t.db
        .insertInto('federationFollowing')
        .values({
          id: newId(),
          userId: ana.user.id,
          remoteActor: server.actor(name).href,
          followId: `${origin}/ap/users/ana_remote#follows/${newId()}`,
          state: 'accepted',
        })
        .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await followed?.close();
    await limited?.close();
    await blocked?.close();
  });

  /** A listing as another Muster publishes it, sent to us; resolves once it is stored. */
  async function receive(server: RemoteServer, author: string, over: Partial<NoteSource>) {
    const result = postToNote(
      {
        _id: newId(),
        kind: 'need',
        title: `${WORD} for an insulin fridge`,
        content: 'Power is out since the typhoon.',
        category: 'Power',
        status: 'open',
        expiresAt: '2099-01-28T09:12:03.512Z',
        image: null,
        mapLocation: { address: 'Mandaue City, Cebu', coordinates: AT, approximate: true },
        mission: null,
        emergencyEmoji: null,
        hashtags: [],
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        author: { username: author },
        audience: 'public',
        ...over,
      },
      server.origin,
    );
    if (!result.ok) throw new Error(result.reason);
    const uri = result.note.id!.href;
    await server.send(author, inbox, createActivity(result.note));
    await untilFederated(
      t,
      async () =>
        (await t.db
          .selectFrom('federationRemotePosts')
          .select('objectUri')
          .where('objectUri', '=', uri)
          .executeTakeFirst()) !== undefined,
      `${over.title ?? 'a listing'} to be stored`,
    );
    return uri;
  }

  async function search(cookie: string, params: Record<string, string> = {}) {
    const res = await api(
      'GET',
      `/users/advanced-search?${new URLSearchParams({ query: WORD, ...params })}`,
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.remoteMatches as RemoteMatch[];
  }
  async function map(cookie: string, params: Record<string, string> = {}) {
    const res = await api('GET', `/map?${new URLSearchParams({ bbox: BOX, ...params })}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Pin[]; total: number };
  }
  const titles = (list: Array<{ title: string }>) => list.map((x) => x.title).sort();

  let need: string;
  beforeAll(async () => {
    need = await receive(followed, 'zoe', { title: `${WORD} for an insulin fridge` });
    await receive(followed, 'zoe', {
      kind: 'provision',
      title: `Spare ${WORD} to lend`,
      category: 'Tools',
      status: null,
      expiresAt: null,
    });
    await receive(followed, 'zoe', { title: `${WORD} fuel`, status: 'fulfilled' });
    // Its end has passed, though its server still says open.
    await receive(followed, 'zoe', { title: `${WORD} cables`, expiresAt: '2020-01-01T00:00:00.000Z' });
    await receive(limited, 'lia', { title: `${WORD} for the clinic` });
    await receive(blocked, 'mallory', { title: `${WORD} wanted by mallory` });
    // Limited after its listing was kept (088: a limit keeps what is there).
    await t.db
      .insertInto('federationServers')
      .values({ host: limited.host, policy: 'limited', reason: 'spam waves' })
      .execute();
  }, 120_000);

  it("finds a followed server's need by its words, with its server, its page and its Note's id", async () => {
    const found = await search(bob.cookie);
    const mine = found.find((m) => m.remote.objectId === need);
    expect(mine).toMatchObject({
      kind: 'need',
      title: `${WORD} for an insulin fridge`,
      category: 'Power',
      status: 'open',
      place: 'Mandaue City, Cebu',
      remote: { server: followed.host, objectId: need, authorUri: followed.actor('zoe').href },
    });
    expect(mine!.remote.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // Closed ones (fulfilled, and expired by its date) below the open ones, as local posts are.
    const statuses = found.filter((m) => m.kind !== 'provision').map((m) => m.status);
    expect(statuses.slice(0, 1)).toEqual(['open']);
    expect(found.find((m) => m.title === `${WORD} cables`)?.status).toBe('expired');
    // Words it does not hold find nothing of it.
    expect(await search(bob.cookie, { query: 'zqnothinghere' })).toEqual([]);
  });

  it("leaves a limited server's listings out unless the viewer follows their author", async () => {
    // Bob first: the answer shared by everyone leaves Lia's out, and must not then be Ana's.
    expect(titles(await search(bob.cookie))).not.toContain(`${WORD} for the clinic`);
    expect(titles(await search(ana.cookie))).toContain(`${WORD} for the clinic`);
    expect(titles(await search(bob.cookie))).not.toContain(`${WORD} for the clinic`);

    expect(titles((await map(bob.cookie)).items)).not.toContain(`${WORD} for the clinic`);
    expect(titles((await map(ana.cookie)).items)).toContain(`${WORD} for the clinic`);
    expect(titles((await map(bob.cookie)).items)).not.toContain(`${WORD} for the clinic`);
  });

  it("never shows a blocked server's listings, though kept from before the block", async () => {
    // Ana's answers are her own (she follows someone limited here): nothing of them is kept.
    expect(titles(await search(ana.cookie))).toContain(`${WORD} wanted by mallory`);
    expect(titles((await map(ana.cookie)).items)).toContain(`${WORD} wanted by mallory`);
    // Blocked without the purge (a row stored by a task queued before the block): never read.
    await t.db
      .insertInto('federationServers')
      .values({ host: blocked.host, policy: 'blocked', reason: 'abuse' })
      .execute();
    expect(titles(await search(ana.cookie))).not.toContain(`${WORD} wanted by mallory`);
    expect(titles((await map(ana.cookie)).items)).not.toContain(`${WORD} wanted by mallory`);
    expect(titles(await search(bob.cookie, { section: 'needs' }))).not.toContain(`${WORD} wanted by mallory`);
    expect(titles((await map(bob.cookie, { status: 'open,fulfilled,expired' })).items)).not.toContain(
      `${WORD} wanted by mallory`,
    );
  });

  it('applies search filters to them: section, category and the circle', async () => {
    expect(titles(await search(bob.cookie, { section: 'provisions' }))).toEqual([`Spare ${WORD} to lend`]);
    expect(titles(await search(bob.cookie, { section: 'needs' }))).not.toContain(`Spare ${WORD} to lend`);
    expect(await search(bob.cookie, { section: 'users' })).toEqual([]);
    expect(titles(await search(bob.cookie, { section: 'needs', category: 'Tools' }))).toEqual([]);
    expect(titles(await search(bob.cookie, { section: 'provisions', category: 'tools' }))).toEqual([
      `Spare ${WORD} to lend`,
    ]);
    // Within 10 km of Mandaue; then from Manila, 570 km away.
    const near = await search(bob.cookie, { lat: '10.33', lon: '123.9', radiusKm: '10' });
    expect(near.map((m) => m.remote.objectId)).toContain(need);
    expect(await search(bob.cookie, { lat: '14.6', lon: '121', radiusKm: '100' })).toEqual([]);
  });

  it('puts them on the map at their approximate place with their server, by the same filters', async () => {
    // Its own selection (the last 30 days: all of them): the answers before the block are kept 5 s.
    const m = (p: Record<string, string> = {}) => map(bob.cookie, { sinceDays: '30', ...p });
    const { items, total } = await m();
    const pin = items.find((i) => i._id === need);
    expect(pin).toMatchObject({
      kind: 'need',
      status: 'open',
      coordinates: AT,
      remote: { server: followed.host, objectId: need, authorUri: followed.actor('zoe').href },
    });
    // Open needs (the default) and provisions: neither the fulfilled nor the expired one.
    expect(titles(items.filter((i) => i.remote))).toEqual(
      [`Spare ${WORD} to lend`, `${WORD} for an insulin fridge`].sort(),
    );
    expect(total).toBeGreaterThanOrEqual(2);
    expect(titles((await m({ status: 'fulfilled,expired' })).items.filter((i) => i.remote))).toEqual(
      [`Spare ${WORD} to lend`, `${WORD} cables`, `${WORD} fuel`].sort(),
    );
    expect(titles((await m({ kinds: 'provision' })).items)).toEqual([`Spare ${WORD} to lend`]);
    expect((await m({ kinds: 'mission' })).items).toEqual([]);
    expect(titles((await m({ category: 'power' })).items)).toEqual([`${WORD} for an insulin fridge`]);
    expect((await m({ emergency: 'true' })).items).toEqual([]);
    // Elsewhere: not there.
    expect((await m({ bbox: '100,10,101,11' })).items).toEqual([]);
  });

  it('leaves out, for whoever blocked their author there, what others still see (decision 092)', async () => {
    const cara = await signedInUser(t, { username: 'cara_remote' });
    const zoes = [`Spare ${WORD} to lend`, `${WORD} for an insulin fridge`].sort();
    // Provisions only: Lia's limited need is not among them, so Bob's answer is the one shared by
    // everybody, and it names Zoe; Cara's first look gets it as it is.
    const provisions = { section: 'provisions' };
    const provisionPins = { kinds: 'provision', sinceDays: '7' };
    expect(titles(await search(bob.cookie, provisions))).toEqual([`Spare ${WORD} to lend`]);
    expect(titles((await map(bob.cookie, provisionPins)).items)).toEqual([`Spare ${WORD} to lend`]);
    expect(titles(await search(cara.cookie, provisions))).toEqual([`Spare ${WORD} to lend`]);

    // Known here, as whom someone follows is (the follows above were written without it).
    await t.db
      .insertInto('federationRemoteActors')
      .values({
        uri: followed.actor('zoe').href,
        handle: `@zoe@${followed.host}`,
        host: followed.host,
        inbox: `${followed.origin}/inbox`,
      })
      .execute();
    const blocked = await api('POST', '/federation/blocks', cara.cookie, { handle: `@zoe@${followed.host}` });
    expect(blocked.statusCode, blocked.body).toBe(200);

    // The shared answers (still fresh) are not hers as they are.
    expect(await search(cara.cookie, provisions)).toEqual([]);
    expect((await map(cara.cookie, provisionPins)).items).toEqual([]);
    // Her own: every section (Lia's limited need matches, so each viewer's listings are read for them).
    expect(titles(await search(cara.cookie)).filter((x) => zoes.includes(x))).toEqual([]);
    expect(titles((await map(cara.cookie)).items).filter((x) => zoes.includes(x))).toEqual([]);
    // Nobody else's.
    expect(titles(await search(bob.cookie, provisions))).toEqual([`Spare ${WORD} to lend`]);
    expect(titles((await map(bob.cookie, provisionPins)).items)).toEqual([`Spare ${WORD} to lend`]);
    expect(titles(await search(bob.cookie))).toEqual(expect.arrayContaining(zoes));
    expect(titles((await map(bob.cookie)).items)).toEqual(expect.arrayContaining(zoes));
  });
});
