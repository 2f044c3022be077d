import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bed,
  type Instance,
  type Person,
  startTwoInstances,
} from '../../../test/federation-instances.js';
import { settleFederation, untilFederated } from '../../../test/federation-remote.js';
import { newId } from '../../platform/ids.js';

/**
 * Retraction (decision 092), on the TLS bed: a person on two follows a person on one and keeps
 * their public need as a listing; whatever takes it out of public view on one — a suspension, a
 * limit, federation turned off, the mission made members-only — sends a Delete that two verifies
 * (with the key it kept: one's actor is 404 by then) and applies.
 */
describe('federation: retracting what went out (decision 092)', () => {
  let bed: Bed;
  let bo: Person;
  let moderator: Person;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    bo = await bed.two.person({ username: 'bo_two' });
    moderator = await bed.one.person({ username: 'mo_one', role: 'moderator' });
  });
  afterAll(() => bed?.close());

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const res = await answer;
    if (res.status !== 200) throw new Error(`setup: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { data: Record<string, unknown> }).data;
  };

  /** Bo (on two) follows the person on one, and two has read one's Accept. */
  async function followedFromTwo(person: Person) {
    const follow = await ok(
      bed.two.api('POST', '/federation/follows', {
        cookie: bo.cookie,
        body: { handle: `@${person.username}@${bed.one.hostName}:${bed.one.port}` },
      }),
    );
    await untilFederated(
      bed.two.t,
      async () => {
        await bed.one.app.deps.jobs.drain();
        const row = await bed.two.db
          .selectFrom('federationFollowing')
          .select('state')
          .where('id', '=', follow.id as string)
          .executeTakeFirst();
        return row?.state === 'accepted';
      },
      "two to read one's Accept",
    );
  }

  /** A public need by the person on one, until two keeps it as a listing; its object id. */
  async function needKeptOnTwo(person: Person, body: Record<string, unknown> = {}) {
    const post = await ok(
      bed.one.api('POST', '/posts/create', {
        cookie: person.cookie,
        body: {
          kind: 'need',
          category: 'Medical supplies',
          title: 'Insulin for a neighbour',
          content: 'Our neighbour needs insulin pens this week.',
          ...body,
        },
      }),
    );
    const objectUri = `${bed.one.origin}/ap/posts/${post._id as string}`;
    await untilFederated(bed.one.t, () => keptOnTwo(objectUri), 'two to keep the listing');
    return { postId: post._id as string, objectUri };
  }

  const keptOnTwo = async (objectUri: string) =>
    (await bed.two.db
      .selectFrom('federationRemotePosts')
      .select('objectUri')
      .where('objectUri', '=', objectUri)
      .executeTakeFirst()) !== undefined;

  /** Until two has dropped the listing (one's Delete, delivered and verified). */
  async function goneFromTwo(objectUri: string) {
    await untilFederated(
      bed.one.t,
      async () => {
        await bed.two.app.deps.jobs.drain();
        return !(await keptOnTwo(objectUri));
      },
      'two to drop the listing on the Delete',
    );
  }

  const sentRecord = (instance: Instance, postId: string) =>
    instance.db
      .selectFrom('federationKv')
      .select('key')
      .where('key', '=', JSON.stringify(['muster', 'sent', postId]))
      .executeTakeFirst();

  const actorStatus = async (username: string) =>
    (
      await fetch(`${bed.one.origin}/ap/users/${username}`, {
        headers: { accept: 'application/activity+json' },
      })
    ).status;

  /** A moderator on one closes a case about the person with an account action. */
  async function moderate(person: Person, account: 'suspend' | 'limit') {
    const reporter = await bed.one.person();
    await ok(
      bed.one.api('POST', '/reports', {
        cookie: reporter.cookie,
        body: { targetType: 'user', targetId: person.id, reason: 'spam', note: '' },
      }),
    );
    const open = await bed.one.db
      .selectFrom('moderationCases')
      .select('id')
      .where('targetId', '=', person.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    await ok(
      bed.one.api('POST', `/moderation/cases/${open.id}/action`, {
        cookie: moderator.cookie,
        body: { content: 'none', account, days: 7, rule: 'spam', reason: 'Flooding' },
      }),
    );
  }

  it('a suspension sends a Delete of each post that went out; the actor is 404; lifting it sends nothing back', async () => {
    const ana = await bed.one.person({ username: 'ana_one' });
    await followedFromTwo(ana);
    const first = await needKeptOnTwo(ana);
    const second = await needKeptOnTwo(ana, { title: 'Blankets for the shelter', category: 'Shelter' });
    expect(await actorStatus('ana_one')).toBe(200);

    await moderate(ana, 'suspend');
    await goneFromTwo(first.objectUri);
    await goneFromTwo(second.objectUri);
    expect(await actorStatus('ana_one')).toBe(404);
    expect(await sentRecord(bed.one, first.postId)).toBeUndefined();

    // Lifted (the strike's end passed): no Create goes again for what was retracted (as Mastodon).
    await bed.one.db.updateTable('users').set({ suspendedUntil: null }).where('id', '=', ana.id).execute();
    await bed.one.app.deps.jobs.drain();
    await settleFederation(bed.one.t);
    expect(await keptOnTwo(first.objectUri)).toBe(false);
    expect(await actorStatus('ana_one')).toBe(200);
    // A new post goes out as usual (the suspension ended her sessions: she signs in again).
    const back = { ...ana, cookie: await bed.one.signIn('ana_one') };
    await needKeptOnTwo(back, { title: 'Water after the storm', category: 'Water' });
  });

  it('a limit sends a Delete of each post that went out', async () => {
    const cy = await bed.one.person({ username: 'cy_one' });
    await followedFromTwo(cy);
    const need = await needKeptOnTwo(cy);
    await moderate(cy, 'limit');
    await goneFromTwo(need.objectUri);
    expect(await sentRecord(bed.one, need.postId)).toBeUndefined();
  });

  it('turning federation off in privacy settings sends a Delete of each post that went out', async () => {
    const di = await bed.one.person({ username: 'di_one' });
    await followedFromTwo(di);
    const need = await needKeptOnTwo(di);
    const settings = await ok(bed.one.api('GET', '/users/me/privacy', { cookie: di.cookie }));
    await ok(
      bed.one.api('PUT', '/users/me/privacy', { cookie: di.cookie, body: { ...settings, federate: false } }),
    );
    await goneFromTwo(need.objectUri);
  });

  it('a mission made members-only sends a Delete of its updates that went out', async () => {
    const ed = await bed.one.person({ username: 'ed_one' });
    await followedFromTwo(ed);
    const missionId = newId();
    await bed.one.db
      .insertInto('missions')
      .values({ id: missionId, ownerId: ed.id, title: 'Food bank', type: 'collaboration' })
      .execute();
    await bed.one.db
      .insertInto('missionMembers')
      .values({ missionId, userId: ed.id, role: 'owner' })
      .execute();
    // Another post of Ed's, not of the mission, stays.
    const own = await needKeptOnTwo(ed);
    const update = await needKeptOnTwo(ed, {
      kind: 'general',
      title: 'Open Saturday',
      content: 'We open on Saturday morning.',
      category: undefined,
      mission: { missionId, title: 'Food bank' },
    });

    await ok(
      bed.one.api('PATCH', `/missions/${missionId}`, { cookie: ed.cookie, body: { visibility: 'members' } }),
    );
    await goneFromTwo(update.objectUri);
    await settleFederation(bed.one.t);
    expect(await keptOnTwo(own.objectUri)).toBe(true);
  });
});
