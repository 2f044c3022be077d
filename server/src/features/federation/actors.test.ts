import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';

const PUBLIC_URL = 'https://muster.test';
const AP = 'application/activity+json';

describe('federation: actors, WebFinger, NodeInfo (decision 082)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL, FEDERATION: 'on' } });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = AP) => t.app.inject({ method: 'GET', url, headers: { accept } });
  const webfinger = (resource: string) =>
    get(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, 'application/jrd+json');

  it('WebFinger finds a person by acct:username@host and links their actor', async () => {
    const ana = await buildUser(t.db, { username: 'ana_wf', firstName: 'Ana', lastName: 'Reyes' });
    const res = await webfinger(`acct:${ana.username}@muster.test`);
    expect(res.statusCode).toBe(200);
    const jrd = res.json();
    expect(jrd.subject).toBe('acct:ana_wf@muster.test');
    expect(jrd.links).toContainEqual(
      expect.objectContaining({ rel: 'self', type: AP, href: `${PUBLIC_URL}/ap/users/ana_wf` }),
    );
  });

  it('WebFinger is 404 for an unknown, a non-searchable, a non-federating and a suspended person', async () => {
    await buildUser(t.db, { username: 'hidden_wf', searchable: false });
    await buildUser(t.db, { username: 'nofed_wf', federate: false });
    await buildUser(t.db, { username: 'susp_wf', suspendedUntil: new Date('9999-01-01') });
    for (const name of ['nobody_wf', 'hidden_wf', 'nofed_wf', 'susp_wf']) {
      expect((await webfinger(`acct:${name}@muster.test`)).statusCode, name).toBe(404);
      expect((await get(`/ap/users/${name}`)).statusCode, name).toBe(404);
    }
  });

  it("a person's actor document has what Mastodon requires", async () => {
    const bea = await buildUser(t.db, {
      username: 'bea_actor',
      firstName: 'Bea',
      lastName: 'Santos',
      bio: 'Nurse <b>&</b> driver\nin Cebu',
    });
    const res = await get('/ap/users/bea_actor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/activity\+json/);
    const actor = res.json();
    const id = `${PUBLIC_URL}/ap/users/bea_actor`;
    expect(actor['@context']).toEqual(
      expect.arrayContaining(['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1']),
    );
    expect(actor).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: 'bea_actor',
      name: 'Bea Santos',
      summary: '<p>Nurse &lt;b&gt;&amp;&lt;/b&gt; driver<br>in Cebu</p>',
      url: `${PUBLIC_URL}/#/profile/bea_actor`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${PUBLIC_URL}/ap/inbox` },
      manuallyApprovesFollowers: false,
      discoverable: true,
      icon: { type: 'Image', url: `${PUBLIC_URL}/avatar.png` },
    });
    expect(actor.publicKey).toMatchObject({ id: expect.stringContaining(id), owner: id });
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // The Ed25519 key for Object Integrity Proofs, beside the RSA one.
    expect(actor.assertionMethod).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'Multikey', controller: id })]),
    );
    // Made once and kept: the same key on every read.
    const again = (await get('/ap/users/bea_actor')).json();
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    const stored = await t.db
      .selectFrom('federationKeys')
      .select('algorithm')
      .where('actorId', '=', bea.id)
      .execute();
    expect(stored.map((k) => k.algorithm).sort()).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
  });

  it("a browser opening an actor's URL is sent to the profile page", async () => {
    await buildUser(t.db, { username: 'cai_html' });
    const res = await get('/ap/users/cai_html', 'text/html');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/#/profile/cai_html`);
  });

  it('a public mission is a Group; a members-only one is not there', async () => {
    const owner = await buildUser(t.db);
    const [open, closed] = [newId(), newId()];
    await t.db
      .insertInto('missions')
      .values([
        { id: open, ownerId: owner.id, title: 'Flood relief', type: 'collaboration', visibility: 'public' },
        { id: closed, ownerId: owner.id, title: 'Quiet', type: 'collaboration', visibility: 'members' },
      ])
      .execute();
    const res = await get(`/ap/users/m-${open}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'Group',
      name: 'Flood relief',
      url: `${PUBLIC_URL}/#/missions/${open}`,
      inbox: `${PUBLIC_URL}/ap/users/m-${open}/inbox`,
    });
    expect((await get(`/ap/users/m-${closed}`)).statusCode).toBe(404);
  });

  it('the followers and outbox collections answer valid OrderedCollections', async () => {
    await buildUser(t.db, { username: 'dan_coll' });
    const followers = await get('/ap/users/dan_coll/followers');
    expect(followers.statusCode).toBe(200);
    expect(followers.json()).toMatchObject({ type: 'OrderedCollection', totalItems: 0 });
    const outbox = await get('/ap/users/dan_coll/outbox');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()).toMatchObject({ type: 'OrderedCollection', totalItems: 0 });
    // Nobody's collections are not there at all.
    expect((await get('/ap/users/nobody_here/followers')).statusCode).toBe(404);
    expect((await get('/ap/users/nobody_here/outbox')).statusCode).toBe(404);
  });

  it('the followers collection pages its followers, 50 a page, oldest first', async () => {
    const fay = await buildUser(t.db, { username: 'fay_pages' });
    await t.db
      .insertInto('federationFollowers')
      .values(
        Array.from({ length: 52 }, (_, i) => ({
          actorKind: 'person' as const,
          actorId: fay.id,
          remoteActor: `https://far.example/users/f${String(i).padStart(2, '0')}`,
          inbox: `https://far.example/users/f${i}/inbox`,
          sharedInbox: 'https://far.example/inbox',
          followId: `https://far.example/follows/${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })),
      )
      .execute();
    const collection = (await get('/ap/users/fay_pages/followers')).json();
    expect(collection.totalItems).toBe(52);
    const pageOf = async (url: string) => (await get(new URL(url).pathname + new URL(url).search)).json();
    const first = await pageOf(collection.first);
    expect(first.type).toBe('OrderedCollectionPage');
    expect(first.orderedItems).toHaveLength(50);
    expect(first.orderedItems[0]).toBe('https://far.example/users/f00');
    const second = await pageOf(first.next);
    expect(second.orderedItems).toEqual(['https://far.example/users/f50', 'https://far.example/users/f51']);
    expect(second.next).toBeUndefined();
  });

  it('NodeInfo 2.1 names the software, the protocol and the usage', async () => {
    const links = await get('/.well-known/nodeinfo', 'application/json');
    expect(links.statusCode).toBe(200);
    expect(links.json().links).toContainEqual(
      expect.objectContaining({ href: `${PUBLIC_URL}/nodeinfo/2.1` }),
    );
    const info = await get('/nodeinfo/2.1', 'application/json');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      version: '2.1',
      software: { name: 'muster', version: '0.1.0' },
      protocols: ['activitypub'],
      usage: { users: { total: expect.any(Number) }, localPosts: expect.any(Number) },
    });
  });
});

describe('federation off', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test default: PUBLIC_URL is http://localhost, so FEDERATION defaults to off.
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 on every federation path, even for a person who exists', async () => {
    expect(t.config.federation.enabled).toBe(false);
    const eve = await buildUser(t.db, { username: 'eve_off' });
    for (const url of [
      `/.well-known/webfinger?resource=acct:${eve.username}@localhost:3000`,
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
      `/ap/users/${eve.username}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: AP } });
      expect(res.statusCode, url).toBe(404);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/ap/inbox',
      headers: { 'content-type': AP },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
  });
});
