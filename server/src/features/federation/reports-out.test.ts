import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DUPLICATE, REPORT_RECEIVED } from '@muster/contract/safety';
import { type Bed, type Person, startTwoInstances } from '../../../test/federation-instances.js';
import { untilFederated } from '../../../test/federation-remote.js';

describe('federation: reporting what came from another server (decision 094)', () => {
  let bed: Bed;
  let ana: Person;
  let bo: Person;
  let listing: string;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    ana = await bed.one.person({ username: 'ana_flagged', firstName: 'Ana', lastName: 'One' });
    bo = await bed.two.person({ username: 'bo_reporter' });
    // Bo on two follows Ana on one, so Ana's public need reaches two (087).
    const followed = await bed.two.api('POST', '/federation/follows', {
      cookie: bo.cookie,
      body: { handle: `@ana_flagged@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(followed.status).toBe(200);
    const accepted = async () =>
      (await bed.two.db.selectFrom('federationFollowing').select('state').executeTakeFirst())?.state ===
      'accepted';
    await untilFederated(bed.two.t, accepted, "Ana's Accept");
    const made = await bed.one.api('POST', '/posts/create', {
      cookie: ana.cookie,
      body: {
        kind: 'need',
        category: 'Finance',
        title: 'Send a deposit first',
        content: 'Wire me the deposit and the water pump is yours.',
      },
    });
    expect(made.status).toBe(200);
    listing = `${bed.one.origin}/ap/posts/${(made.body as { data: { _id: string } }).data._id}`;
    const arrived = async () =>
      (await bed.two.db
        .selectFrom('federationRemotePosts')
        .where('objectUri', '=', listing)
        .executeTakeFirst()) !== undefined;
    await untilFederated(bed.one.t, arrived, 'the need on two');
  });
  afterAll(() => bed?.close());

  it('each server has its own actor, an Application named by its host, with a key to check its signature', async () => {
    const res = await fetch(`${bed.one.origin}/ap/users/${bed.one.hostName}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(res.status).toBe(200);
    const actor = (await res.json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      type: 'Application',
      id: `${bed.one.origin}/ap/users/${bed.one.hostName}`,
      preferredUsername: bed.one.hostName,
      inbox: `${bed.one.origin}/ap/users/${bed.one.hostName}/inbox`,
    });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toContain('BEGIN PUBLIC KEY');
    // Nobody follows it and it publishes nothing.
    for (const collection of ['followers', 'outbox']) {
      const res = await fetch(`${bed.one.origin}/ap/users/${bed.one.hostName}/${collection}`, {
        headers: { accept: 'application/activity+json' },
      });
      expect(res.status, collection).toBe(404);
    }
  });

  it("a report of a remote need reaches its server's moderation queue, signed by the reporter's server", async () => {
    const reported = await bed.two.api('POST', '/federation/reports', {
      cookie: bo.cookie,
      body: { objectId: listing, reason: 'spam', note: 'Asks for money up front' },
    });
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({ data: { message: REPORT_RECEIVED } });

    const postId = listing.split('/').at(-1)!;
    const caseOf = () =>
      bed.one.db.selectFrom('moderationCases').selectAll().where('targetId', '=', postId).executeTakeFirst();
    await untilFederated(bed.two.t, async () => (await caseOf()) !== undefined, 'a case on one');
    const filed = (await caseOf())!;
    expect(filed).toMatchObject({ targetType: 'post', authorId: ana.id, status: 'open' });
    const flag = await bed.one.db
      .selectFrom('moderationCaseFlags')
      .selectAll()
      .where('caseId', '=', filed.id)
      .executeTakeFirstOrThrow();
    // The server reported, never the person: Bo's name appears nowhere on one.
    expect(flag.note).toBe(
      `Reported by a remote server (${bed.two.hostName}:${bed.two.port}): Spam or scam: Asks for money up front`,
    );
    expect(JSON.stringify(flag)).not.toContain('bo_reporter');

    // Twice: the local duplicate's words, and nothing sent again.
    const again = await bed.two.api('POST', '/federation/reports', {
      cookie: bo.cookie,
      body: { objectId: listing, reason: 'danger' },
    });
    expect(again.body).toEqual({ data: { message: REPORT_DUPLICATE } });
    expect(await bed.two.db.selectFrom('federationReportsOut').selectAll().execute()).toHaveLength(1);
  });

  it('answers 400 with field details, 401 signed out and 404 for what did not come from elsewhere', async () => {
    const bad = await bed.two.api('POST', '/federation/reports', {
      cookie: bo.cookie,
      body: { objectId: 'not a url', reason: 'boring' },
    });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body);
    expect(fields).toContain('objectId');
    expect(fields).toContain('reason');

    const signedOut = await bed.two.api('POST', '/federation/reports', {
      body: { objectId: listing, reason: 'spam' },
    });
    expect(signedOut.status).toBe(401);

    const unknown = await bed.two.api('POST', '/federation/reports', {
      cookie: bo.cookie,
      body: { objectId: `${bed.one.origin}/ap/posts/00000000-0000-4000-8000-000000000000`, reason: 'spam' },
    });
    expect(unknown.status).toBe(404);
    expect(await bed.two.db.selectFrom('federationReportsOut').selectAll().execute()).toHaveLength(1);
  });
});
