import { Offer, Undo } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import {
  type Bed,
  startTwoInstances,
  type Instance,
  type Person,
} from '../../../test/federation-instances.js';
import { startRemoteServer } from '../../../test/federation-remote.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { MUSTER_NS } from '@muster/contract/federation';
import { OFFER_BUDGET } from '../../platform/limits.js';
import { offerActivity } from './offers-remote.js';

type Sent = {
  id: string;
  state: string;
  title: string;
  server: string;
  objectId: string;
  decidedAt: string | null;
};
type Received = {
  _id: string;
  status: string;
  message: string;
  give: string;
  when: string;
  person: { _id: string; username: string; firstName: string; server?: string };
};
type Notice = { type: string; subType: string | null; message: string; commentContent: string | null };

/**
 * Waits until `check` holds, running both instances' waiting jobs before each ask (a delivery on
 * one, the inbox's work on the other). Bounded only so a broken test ends.
 */
async function until(bed: Bed, check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 1200; i++) {
    await bed.one.app.deps.jobs.drain();
    await bed.two.app.deps.jobs.drain();
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('federation: offers of help on another server’s listing (decision 090)', () => {
  let bed: Bed;
  let ana: Person;
  let bo: Person;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    ana = await bed.one.person({ username: 'ana_one', firstName: 'Ana', lastName: 'One' });
    bo = await bed.two.person({ username: 'bo_two', firstName: 'Bo', lastName: 'Two' });
    // Bo follows Ana from two, so Ana's public needs reach two.
    const followed = await bed.two.api('POST', '/federation/follows', {
      cookie: bo.cookie,
      body: { handle: `@ana_one@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(followed.status).toBe(200);
    await until(
      bed,
      async () =>
        (await bed.two.db.selectFrom('federationFollowing').select('state').executeTakeFirst())?.state ===
        'accepted',
      "one's Accept of Bo's follow",
    );
  });
  afterAll(() => bed?.close());

  /** Ana posts a public need on one; answers its object id as two keeps it, once it arrived. */
  async function needArrived(title: string) {
    const made = await bed.one.api('POST', '/posts/create', {
      cookie: ana.cookie,
      body: { kind: 'need', category: 'Food', title, content: `${title}, this week please.` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const postId = (made.body as { data: { _id: string } }).data._id;
    const objectId = `${bed.one.origin}/ap/posts/${postId}`;
    await until(
      bed,
      async () =>
        !!(await bed.two.db
          .selectFrom('federationRemotePosts')
          .select('objectUri')
          .where('objectUri', '=', objectId)
          .executeTakeFirst()),
      `the need “${title}” to reach two`,
    );
    return { postId, objectId };
  }

  const offer = (who: Person, body: unknown, on: Instance = bed.two) =>
    on.api('POST', '/federation/offers', { cookie: who.cookie, body });
  const sent = async (who: Person) =>
    ((await bed.two.api('GET', '/federation/offers', { cookie: who.cookie })).body as { data: Sent[] }).data;
  const received = async () =>
    (
      (await bed.one.api('GET', '/offers?box=received', { cookie: ana.cookie })).body as {
        data: Received[];
      }
    ).data;
  const notices = async (on: Instance, who: Person) =>
    ((await on.api('GET', '/notifications', { cookie: who.cookie })).body as { data: Notice[] }).data;

  it('Bo on two offers help on Ana’s need on one; Ana sees it with his handle, accepts; Bo hears of it', async () => {
    const { postId, objectId } = await needArrived('Rice for ten families');
    const res = await offer(bo, {
      objectId,
      message: 'I can bring a sack of rice.',
      give: '25 kg of rice',
      when: 'Saturday morning',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = (res.body as { data: Sent }).data;
    expect(mine).toMatchObject({ state: 'sent', title: 'Rice for ten families', objectId });
    expect(mine.server).toBe(`${bed.one.hostName}:${bed.one.port}`);

    // It lands among Ana's offers on one, Bo's card built from his actor, with his server.
    await until(bed, async () => (await received()).length === 1, 'the offer to reach Ana');
    const got = (await received())[0]!;
    const handle = `bo_two@${bed.two.hostName}:${bed.two.port}`;
    expect(got).toMatchObject({
      status: 'pending',
      message: 'I can bring a sack of rice.',
      give: '25 kg of rice',
      when: 'Saturday morning',
      person: {
        _id: `${bed.two.origin}/ap/users/bo_two`,
        username: handle,
        firstName: 'Bo Two',
        server: `${bed.two.hostName}:${bed.two.port}`,
      },
    });
    // Ana is told as of any offer, Bo named in it.
    await until(
      bed,
      async () => (await notices(bed.one, ana)).some((n) => n.type === 'newOffer'),
      'her notice',
    );
    const told = (await notices(bed.one, ana)).find((n) => n.type === 'newOffer')!;
    expect(told.message).toBe(`Bo Two (@${handle})`);
    expect(told.commentContent).toBe('I can bring a sack of rice.');

    // Her need counts it; its "who offered" shows people here only.
    const post = await bed.one.api('GET', `/posts/${postId}`, { cookie: ana.cookie });
    expect(post.status).toBe(200);
    expect((post.body as { data: { offerCount: number; offeredBy: unknown[] } }).data).toMatchObject({
      offerCount: 1,
      offeredBy: [],
    });

    // A second live offer on the same listing: 409, one row.
    const again = await offer(bo, { objectId, message: 'Me again' });
    expect(again.status).toBe(409);
    expect(await sent(bo)).toHaveLength(1);

    // Ana accepts on one: no chat (nobody here to chat with); the Accept goes back to two.
    const accepted = await bed.one.api('PUT', `/offers/${got._id}/accept`, { cookie: ana.cookie });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((accepted.body as { data: { chatId: string | null; offer: Received } }).data).toMatchObject({
      chatId: null,
      offer: { status: 'accepted' },
    });
    await until(bed, async () => (await sent(bo))[0]?.state === 'accepted', "two to read Ana's Accept");
    expect((await sent(bo))[0]!.decidedAt).not.toBeNull();
    await until(
      bed,
      async () => (await notices(bed.two, bo)).some((n) => n.subType === 'remoteOfferAnswer'),
      "Bo's notice",
    );
    const answer = (await notices(bed.two, bo)).find((n) => n.subType === 'remoteOfferAnswer')!;
    expect(answer.message).toBe('Ana One accepted your offer of help with “Rice for ten families”');
    // An accepted offer is no longer Bo's to withdraw.
    expect((await bed.two.api('DELETE', `/federation/offers/${mine.id}`, { cookie: bo.cookie })).status).toBe(
      409,
    );
  });

  it('a declined offer: Bo’s becomes declined and he is thanked; a withdrawn one is withdrawn on one', async () => {
    const cy = await bed.two.person({ username: 'cy_two', firstName: 'Cy', lastName: 'Two' });
    const { objectId } = await needArrived('Blankets for the shelter');
    expect((await offer(bo, { objectId, message: 'Ten blankets here.' })).status).toBe(200);
    const cyOffer = ((await offer(cy, { objectId, message: 'I knit.' })).body as { data: Sent }).data;
    const onOne = async (text: string) => (await received()).find((o) => o.message === text);
    await until(
      bed,
      async () => !!(await onOne('Ten blankets here.')) && !!(await onOne('I knit.')),
      'both offers',
    );

    const declined = await bed.one.api('PUT', `/offers/${(await onOne('Ten blankets here.'))!._id}/decline`, {
      cookie: ana.cookie,
    });
    expect(declined.status).toBe(200);
    const bos = async () => (await sent(bo)).find((o) => o.objectId === objectId);
    await until(bed, async () => (await bos())?.state === 'declined', "two to read Ana's Reject");
    await until(
      bed,
      async () =>
        (await notices(bed.two, bo)).some((n) =>
          n.message.startsWith('Thank you for offering to help with “Blankets'),
        ),
      "Bo's thanks",
    );

    // Cy takes his back before Ana answers: withdrawn here, and on one by his Undo.
    const withdrawn = await bed.two.api('DELETE', `/federation/offers/${cyOffer.id}`, { cookie: cy.cookie });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body as { data: Sent }).data.state).toBe('withdrawn');
    await until(bed, async () => (await onOne('I knit.'))?.status === 'withdrawn', 'the Undo to reach one');
    // Someone else's: 404.
    expect(
      (await bed.two.api('DELETE', `/federation/offers/${cyOffer.id}`, { cookie: bo.cookie })).status,
    ).toBe(404);
  });

  it('answers 400 with field details, 401 signed out, 404 for a listing not kept, 403 for a blocked server', async () => {
    const di = await bed.two.person({ username: 'di_two' });
    const bad = await offer(di, { objectId: 'not a url', message: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('objectId');
    expect(JSON.stringify(bad.body)).toContain('message');
    const anonymous = await bed.two.api('POST', '/federation/offers', {
      body: { objectId: `${bed.one.origin}/ap/posts/x`, message: 'Hi' },
    });
    expect(anonymous.status).toBe(401);
    expect((await bed.two.api('GET', '/federation/offers')).status).toBe(401);
    const unknown = await offer(di, {
      objectId: `${bed.one.origin}/ap/posts/00000000-0000-4000-8000-000000000000`,
      message: 'Hi',
    });
    expect(unknown.status).toBe(404);

    const { objectId } = await needArrived('Water for the school');
    await bed.two.db
      .insertInto('federationServers')
      .values({ host: bed.one.hostName, policy: 'blocked' })
      .execute();
    try {
      const blocked = await offer(di, { objectId, message: 'Hi' });
      expect(blocked.status).toBe(403);
      expect((blocked.body as { code: string }).code).toBe('SERVER_BLOCKED');
    } finally {
      await bed.two.db.deleteFrom('federationServers').execute();
    }
    expect(await sent(di)).toEqual([]);

    // Whose posts do not federate has no actor to sign an Offer with.
    await bed.two.db.updateTable('users').set({ federate: false }).where('id', '=', di.id).execute();
    const quiet = await offer(di, { objectId, message: 'Hi' });
    expect(quiet.status).toBe(403);
    expect((quiet.body as { code: string }).code).toBe('NOT_FEDERATING');
    expect(await sent(di)).toEqual([]);
  });

  it('an Offer names the listing, says the words and what and when, and is addressed to its author only', async () => {
    const actor = new URL(`${bed.two.origin}/ap/users/bo_two`);
    const author = `${bed.one.origin}/ap/users/ana_one`;
    const activity = offerActivity(actor, {
      activityId: `${actor.href}#offers/1`,
      objectUri: `${bed.one.origin}/ap/posts/1`,
      remoteActor: author,
      message: 'I can help <today>.',
      give: 'A van',
      available: 'Sunday',
    });
    const json = (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    expect(json).toMatchObject({
      type: 'Offer',
      actor: actor.href,
      object: `${bed.one.origin}/ap/posts/1`,
      to: author,
      content: '<p>I can help &lt;today&gt;.</p>',
      [`${MUSTER_NS}give`]: 'A van',
      [`${MUSTER_NS}when`]: 'Sunday',
    });
    expect(JSON.stringify(json)).not.toContain('as:Public');
    expect(json.cc).toBeUndefined();
    // A copy (Fedify signs one) keeps them.
    const copy = (await activity.clone({}).toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    expect(copy[`${MUSTER_NS}give`]).toBe('A van');
  });

  it('an Offer from any fediverse server is kept once, however often it comes, and its Undo withdraws it', async () => {
    const remote = await startRemoteServer(['zoe']);
    try {
      const { objectId } = await needArrived('Chairs for the hall');
      const inbox = {
        id: new URL(`${bed.one.origin}/ap/users/ana_one`),
        inboxId: new URL(`${bed.one.origin}/ap/users/ana_one/inbox`),
      };
      const zoeOffer = new Offer({
        id: new URL(`${remote.origin}/offers/chairs`),
        actor: remote.actor('zoe'),
        object: new URL(objectId),
        content: '<p>Six chairs <script>x</script>in my van.</p>',
        to: inbox.id,
      });
      await remote.send('zoe', inbox, zoeOffer);
      await remote.send('zoe', inbox, zoeOffer);
      const zoes = async () => (await received()).filter((o) => o.person.server === remote.host);
      await until(bed, async () => (await zoes()).length === 1, "Zoe's offer");
      await bed.one.app.deps.jobs.drain();
      expect(await zoes()).toHaveLength(1);
      expect((await zoes())[0]).toMatchObject({
        status: 'pending',
        message: 'Six chairs in my van.',
        give: '',
        person: { _id: remote.actor('zoe').href, username: `zoe@${remote.host}`, firstName: 'Zoe Remote' },
      });

      // Only Zoe can take it back.
      await remote.send(
        'zoe',
        inbox,
        new Undo({
          id: new URL(`${remote.origin}/offers/chairs/undo`),
          actor: remote.actor('zoe'),
          object: zoeOffer,
        }),
      );
      await until(bed, async () => (await zoes())[0]?.status === 'withdrawn', 'her Undo');
    } finally {
      await remote.close();
    }
  });

  it('drops an Offer from someone the listing’s author blocked (decision 092)', async () => {
    const remote = await startRemoteServer(['zoe']);
    try {
      const inbox = {
        id: new URL(`${bed.one.origin}/ap/users/ana_one`),
        inboxId: new URL(`${bed.one.origin}/ap/users/ana_one/inbox`),
      };
      const offerOn = (objectId: string, n: number) =>
        new Offer({
          id: new URL(`${remote.origin}/offers/blocked-${n}`),
          actor: remote.actor('zoe'),
          object: new URL(objectId),
          content: '<p>I can help.</p>',
          to: inbox.id,
        });
      const offersOn = (postId: string) =>
        bed.one.db.selectFrom('offers').select('id').where('postId', '=', postId).execute();
      // Her first Offer is kept (and makes her known here, so Ana can name her).
      const first = await needArrived('Blankets for the shelter');
      await remote.send('zoe', inbox, offerOn(first.objectId, 1));
      await until(bed, async () => (await offersOn(first.postId)).length === 1, "Zoe's first offer");

      const blocked = await bed.one.api('POST', '/federation/blocks', {
        cookie: ana.cookie,
        body: { handle: `@zoe@${remote.host}` },
      });
      expect(blocked.status).toBe(200);
      // Her next need still reaches Bo, who follows her: a block leaves her other followers be.
      const second = await needArrived('Pillows for the shelter');
      await remote.send('zoe', inbox, offerOn(second.objectId, 2));
      await bed.one.app.deps.jobs.drain();
      expect(await offersOn(second.postId)).toEqual([]);
    } finally {
      await remote.close();
    }
  });

  it('one refuses an Offer from a blocked server, and keeps nothing', async () => {
    const remote = await startRemoteServer(['zoe']);
    try {
      const { postId, objectId } = await needArrived('Tools for the garden');
      await bed.one.db
        .insertInto('federationServers')
        .values({ host: remote.host, policy: 'blocked' })
        .execute();
      const send = remote.send(
        'zoe',
        {
          id: new URL(`${bed.one.origin}/ap/users/ana_one`),
          inboxId: new URL(`${bed.one.origin}/ap/users/ana_one/inbox`),
        },
        new Offer({
          id: new URL(`${remote.origin}/offers/1`),
          actor: remote.actor('zoe'),
          object: new URL(objectId),
          content: '<p>I have a spade.</p>',
          to: new URL(`${bed.one.origin}/ap/users/ana_one`),
        }),
      );
      await expect(send).rejects.toThrow(/403/);
      await bed.one.app.deps.jobs.drain();
      expect(
        await bed.one.db.selectFrom('offers').select('id').where('postId', '=', postId).execute(),
      ).toEqual([]);
    } finally {
      await bed.one.db.deleteFrom('federationServers').execute();
      await remote.close();
    }
  });
});

describe('the remote offer budget', () => {
  const SCALE = 0.05;
  let limited: TestApp;
  beforeAll(async () => {
    // Federation off: each offer answers 404 at once, and still spends the budget (counted first).
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited?.close());

  it('answers 429 once an account has spent it, and not to another account', async () => {
    const call = apiCaller(limited);
    const fay = await signedInUser(limited);
    const gil = await signedInUser(limited);
    const body = { objectId: 'https://remote.example/ap/posts/1', message: 'Hi' };
    const max = Math.max(1, Math.round(OFFER_BUDGET.max * SCALE));
    for (let i = 0; i < max; i++)
      expect((await call('POST', '/federation/offers', fay.cookie, body)).statusCode).toBe(404);
    expect((await call('POST', '/federation/offers', fay.cookie, body)).statusCode).toBe(429);
    expect((await call('POST', '/federation/offers', gil.cookie, body)).statusCode).toBe(404);
  });
});
