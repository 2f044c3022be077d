import { Announce, Create, Follow, Note, PUBLIC_COLLECTION } from '@fedify/fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bed, type Person, startTwoInstances } from '../../../test/federation-instances.js';
import {
  type RemoteServer,
  settleFederation,
  startRemoteServer,
  untilFederated,
} from '../../../test/federation-remote.js';
import { newId } from '../../platform/ids.js';
import { instant } from './notes.js';

/**
 * Issue 38's "Done when", end to end, on the TLS bed: two real Muster instances (one.muster.test
 * and two.muster.test, each its own database, reaching each other over HTTPS with a test CA),
 * driven only through their HTTP APIs and inboxes. Each step names the line of the issue it
 * proves. The steps share state and run in order: each needs the one before.
 *
 * Muster sends no replies nor boosts of its own, so those come from a Fedify server in the test
 * process (as from Mastodon); so does the blocked server's Follow.
 */

const STEP_MS = 120_000;
/** A word only this need holds, to find it by. */
const WORD = 'zqjerrycans';
/** Cebu City: the exact place Ana gives; two only ever gets the approximate one (0.01° grid). */
const PLACE = { address: 'Osmeña Blvd, Cebu City, Cebu, Philippines', coordinates: [123.893456, 10.312345] };
const BOX = '123.5,10,124.5,11';

type RemoteOrigin = { server: string; objectId: string; authorUri: string };
type Match = {
  kind: string;
  title: string;
  status: string | null;
  place: string | null;
  remote: RemoteOrigin;
};
type Pin = { _id: string; kind: string; coordinates: [number, number]; remote?: RemoteOrigin };
type SentOffer = { id: string; state: string; objectId: string; server: string };
type ReceivedOffer = {
  _id: string;
  status: string;
  message: string;
  person: { username: string; server?: string };
};
type Notice = { type: string; subType: string | null; message: string };
type Comment = { _id: string; content: string; remote: { server: string; handle: string } | null };

describe('issue 38, done when: two Muster instances federate over TLS', () => {
  let bed: Bed;
  let replier: RemoteServer;
  let blocked: RemoteServer;
  let ana: Person;
  let bo: Person;
  let admin: Person;
  let needId: string;
  let needUri: string;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    replier = await startRemoteServer(['zoe']);
    blocked = await startRemoteServer(['mallory']);
    ana = await bed.one.person({ username: 'ana_one', firstName: 'Ana', lastName: 'One' });
    admin = await bed.one.person({ username: 'admin_one', role: 'admin' });
    bo = await bed.two.person({ username: 'bo_two', firstName: 'Bo', lastName: 'Two' });
  });
  afterAll(async () => {
    await bed?.close();
    await replier?.close();
    await blocked?.close();
  });

  const serverOf = (instance: Bed['one']) => `${instance.hostName}:${instance.port}`;

  /** Until `check` holds, running both instances' waiting jobs (a delivery on one, its inbox work on the other). */
  const until = (check: () => Promise<boolean>, what: string) =>
    untilFederated(
      bed.one.t,
      async () => {
        await bed.two.app.deps.jobs.drain();
        return check();
      },
      what,
    );

  const followersOfAna = () =>
    bed.one.db
      .selectFrom('federationFollowers')
      .select('remoteActor')
      .where('actorId', '=', ana.id)
      .execute();
  const apGet = (url: string) => fetch(url, { headers: { accept: 'application/activity+json' } });

  const data = <T>(res: { status: number; body: unknown }, what: string): T => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
    return (res.body as { data: T }).data;
  };

  it(
    '1. "a person on instance 2 follows a person on instance 1": accepted',
    async () => {
      const follow = data<{ state: string; actor: string }>(
        await bed.two.api('POST', '/federation/follows', {
          cookie: bo.cookie,
          body: { handle: `@ana_one@${serverOf(bed.one)}` },
        }),
        'follow',
      );
      expect(follow).toMatchObject({ state: 'pending', actor: `${bed.one.origin}/ap/users/ana_one` });
      const follows = async () =>
        data<Array<{ state: string; handle: string | null }>>(
          await bed.two.api('GET', '/federation/follows', { cookie: bo.cookie }),
          'follows',
        );
      await until(async () => (await follows())[0]?.state === 'accepted', "one's Accept of Bo's follow");
      expect((await follows())[0]!.handle).toBe(`@ana_one@${serverOf(bed.one)}`);
      expect(await followersOfAna()).toEqual([{ remoteActor: `${bed.two.origin}/ap/users/bo_two` }]);
    },
    STEP_MS,
  );

  it(
    '2. "sees their public need": in search and on the map on two, marked with server one',
    async () => {
      const need = data<{ _id: string }>(
        await bed.one.api('POST', '/posts/create', {
          cookie: ana.cookie,
          body: {
            kind: 'need',
            category: 'Water',
            title: `Water ${WORD} for ten families`,
            content: 'Our well is dry since the storm.',
            mapLocation: PLACE,
          },
        }),
        'the need',
      );
      needId = need._id;
      needUri = `${bed.one.origin}/ap/posts/${needId}`;

      const search = async () =>
        data<{ remoteMatches?: Match[] }>(
          await bed.two.api('GET', `/users/advanced-search?query=${WORD}`, { cookie: bo.cookie }),
          'search',
        ).remoteMatches ?? [];
      // Search answers may be cached a few seconds: polled, not asked once.
      await until(
        async () => (await search()).some((m) => m.remote.objectId === needUri),
        'the need in search on two',
      );
      expect((await search()).find((m) => m.remote.objectId === needUri)).toMatchObject({
        kind: 'need',
        title: `Water ${WORD} for ten families`,
        status: 'open',
        remote: { server: serverOf(bed.one), authorUri: `${bed.one.origin}/ap/users/ana_one` },
      });

      const pins = async () =>
        data<{ items: Pin[] }>(await bed.two.api('GET', `/map?bbox=${BOX}`, { cookie: bo.cookie }), 'map')
          .items;
      await until(async () => (await pins()).some((p) => p._id === needUri), 'the need on the map on two');
      const pin = (await pins()).find((p) => p._id === needUri)!;
      expect(pin).toMatchObject({ kind: 'need', remote: { server: serverOf(bed.one), objectId: needUri } });
      // Only the approximate place crossed: the public grid, never the exact point.
      expect(pin.coordinates).not.toEqual(PLACE.coordinates);
      for (const c of pin.coordinates) expect(Math.abs(c * 100 - Math.round(c * 100))).toBeLessThan(1e-6);
    },
    STEP_MS,
  );

  it(
    '3. "offers help from instance 2, and the author on instance 1 accepts it"',
    async () => {
      const mine = data<SentOffer>(
        await bed.two.api('POST', '/federation/offers', {
          cookie: bo.cookie,
          body: {
            objectId: needUri,
            message: 'I can bring two jerrycans.',
            give: '40 l of water',
            when: 'Friday',
          },
        }),
        'the offer',
      );
      expect(mine).toMatchObject({ state: 'sent', objectId: needUri, server: serverOf(bed.one) });

      const received = async () =>
        data<ReceivedOffer[]>(
          await bed.one.api('GET', '/offers?box=received', { cookie: ana.cookie }),
          'offers received',
        );
      await until(async () => (await received()).length === 1, 'the offer to reach Ana on one');
      const got = (await received())[0]!;
      expect(got).toMatchObject({
        status: 'pending',
        message: 'I can bring two jerrycans.',
        person: { username: `bo_two@${serverOf(bed.two)}`, server: serverOf(bed.two) },
      });

      data(await bed.one.api('PUT', `/offers/${got._id}/accept`, { cookie: ana.cookie }), 'accept');
      const sent = async () =>
        data<SentOffer[]>(
          await bed.two.api('GET', '/federation/offers', { cookie: bo.cookie }),
          'offers sent',
        );
      await until(async () => (await sent())[0]?.state === 'accepted', "two to read Ana's Accept");
      const notices = async () =>
        data<Notice[]>(await bed.two.api('GET', '/notifications', { cookie: bo.cookie }), 'notices');
      await until(
        async () => (await notices()).some((n) => n.subType === 'remoteOfferAnswer'),
        "Bo's notice of the answer",
      );
      expect((await notices()).find((n) => n.subType === 'remoteOfferAnswer')!.message).toBe(
        `Ana One accepted your offer of help with “Water ${WORD} for ten families”`,
      );
    },
    STEP_MS,
  );

  it(
    '4. "a reply and a boost arrive": among the need\'s comments with their server, and counted',
    async () => {
      const inbox = {
        id: new URL(`${bed.one.origin}/ap/users/ana_one`),
        inboxId: new URL(`${bed.one.origin}/ap/inbox`),
      };
      const reply = new Note({
        id: new URL(`${replier.origin}/notes/${newId()}`),
        attribution: replier.actor('zoe'),
        replyTarget: new URL(needUri),
        content: '<p>I have a <b>water filter</b> to lend</p>',
        to: PUBLIC_COLLECTION,
        published: instant(new Date().toISOString()),
      });
      await replier.send(
        'zoe',
        inbox,
        new Create({
          id: new URL(`${reply.id!.href}#create`),
          actor: replier.actor('zoe'),
          object: reply,
          to: PUBLIC_COLLECTION,
        }),
      );
      await replier.send(
        'zoe',
        inbox,
        new Announce({
          id: new URL(`${replier.origin}/boosts/${newId()}`),
          actor: replier.actor('zoe'),
          object: new URL(needUri),
          to: PUBLIC_COLLECTION,
        }),
      );

      const post = async () =>
        data<{ commentCount: number; boostCount: number }>(
          await bed.one.api('GET', `/posts/${needId}`, { cookie: ana.cookie }),
          'the need',
        );
      await until(async () => {
        const p = await post();
        return p.commentCount === 1 && p.boostCount === 1;
      }, 'the reply and the boost counted on one');
      const comments = data<Comment[]>(
        await bed.one.api('GET', `/posts/${needId}/comments`, { cookie: ana.cookie }),
        'comments',
      );
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({
        content: 'I have a water filter to lend',
        remote: { server: replier.host, handle: `@zoe@${replier.host}` },
      });
    },
    STEP_MS,
  );

  it(
    '5. "a Flag from instance 2 lands in instance 1\'s queue"',
    async () => {
      data(
        await bed.two.api('POST', '/federation/reports', {
          cookie: bo.cookie,
          body: { objectId: needUri, reason: 'spam', note: 'Looks like a scam' },
        }),
        'the report',
      );
      const caseOf = () =>
        bed.one.db
          .selectFrom('moderationCases')
          .selectAll()
          .where('targetId', '=', needId)
          .executeTakeFirst();
      await until(async () => (await caseOf()) !== undefined, 'a case in one’s moderation queue');
      const filed = (await caseOf())!;
      expect(filed).toMatchObject({ targetType: 'post', authorId: ana.id, status: 'open' });
      const flag = await bed.one.db
        .selectFrom('moderationCaseFlags')
        .select('note')
        .where('caseId', '=', filed.id)
        .executeTakeFirstOrThrow();
      expect(flag.note).toContain(`Reported by a remote server (${serverOf(bed.two)})`);
      // The server reports, never the person.
      expect(flag.note).not.toContain('bo_two');
    },
    STEP_MS,
  );

  it(
    '6. "a members-only update never crosses"',
    async () => {
      const mission = data<{ _id: string }>(
        await bed.one.api('POST', '/missions', {
          cookie: ana.cookie,
          body: { title: 'Night shelter', type: 'collaboration', visibility: 'members' },
        }),
        'the mission',
      );
      const update = data<{ _id: string }>(
        await bed.one.api('POST', '/posts/create', {
          cookie: ana.cookie,
          body: {
            kind: 'general',
            title: 'Beds ready',
            content: 'Twenty beds are ready tonight.',
            mission: { missionId: mission._id, title: 'Night shelter' },
          },
        }),
        'the update',
      );
      const updateUri = `${bed.one.origin}/ap/posts/${update._id}`;
      // Everything one would send has been sent, and two has handled whatever came.
      await settleFederation(bed.one.t);
      await settleFederation(bed.two.t);
      expect(
        await bed.two.db
          .selectFrom('federationRemotePosts')
          .select('objectUri')
          .where('objectUri', '=', updateUri)
          .execute(),
      ).toEqual([]);
      // Two keeps Ana's need only.
      expect(await bed.two.db.selectFrom('federationRemotePosts').select('objectUri').execute()).toEqual([
        { objectUri: needUri },
      ]);
      expect((await apGet(updateUri)).status).toBe(404);
      expect((await apGet(needUri)).status).toBe(200);
      // Nor is it in Ana's outbox, which holds her need only.
      const outbox = (await (await apGet(`${bed.one.origin}/ap/users/ana_one/outbox`)).json()) as {
        totalItems: number;
        first: string;
      };
      expect(outbox.totalItems).toBe(1);
      const firstPage = await (await apGet(outbox.first)).text();
      expect(firstPage).toContain(needUri);
      expect(firstPage).not.toContain(update._id);
    },
    STEP_MS,
  );

  it(
    '7. "a blocked server\'s activities are refused": 403 at the inbox, nothing kept',
    async () => {
      data(
        await bed.one.api('POST', '/admin/federation/servers', {
          cookie: admin.cookie,
          body: { host: blocked.host, policy: 'blocked', reason: 'Spam waves' },
        }),
        'the block',
      );
      const follow = new Follow({
        id: new URL(`${blocked.origin}/follows/${newId()}`),
        actor: blocked.actor('mallory'),
        object: new URL(`${bed.one.origin}/ap/users/ana_one`),
      });
      await expect(
        blocked.send(
          'mallory',
          {
            id: new URL(`${bed.one.origin}/ap/users/ana_one`),
            inboxId: new URL(`${bed.one.origin}/ap/users/ana_one/inbox`),
          },
          follow,
        ),
      ).rejects.toThrow(/403/);
      await settleFederation(bed.one.t);
      expect(await followersOfAna()).toEqual([{ remoteActor: `${bed.two.origin}/ap/users/bo_two` }]);
      // Nothing from it is kept anywhere: not even its actor.
      expect(
        await bed.one.db
          .selectFrom('federationRemoteActors')
          .select('uri')
          .where('host', '=', blocked.host)
          .execute(),
      ).toEqual([]);
    },
    STEP_MS,
  );
});
