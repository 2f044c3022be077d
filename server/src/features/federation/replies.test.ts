import { importJwk, signRequest } from '@fedify/fedify/sig';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bed,
  type Instance,
  type Person,
  startTwoInstances,
} from '../../../test/federation-instances.js';
import { untilFederated } from '../../../test/federation-remote.js';
import { FEDERATION_QUEUE } from './federation.store.js';

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

type Comment = {
  _id: string;
  content: string;
  author: { _id: string } | null;
  remote: { name: string; handle: string; server: string; profileUrl: string; url: string } | null;
};
type Post = { likeCount: number; commentCount: number; boostCount: number };

/**
 * Remote replies among a post's comments, remote Likes and boosts in its counts (decision 091), on
 * the test bed: two Muster instances over TLS. What two's people send is signed with their own keys
 * on two (as two's Fedify would sign it), so one checks each signature against two's actor over
 * HTTPS, as it would a Mastodon's.
 */
describe('federation: replies as comments, Likes and boosts counted (decision 091)', () => {
  let bed: Bed;
  let n = 0;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  });
  afterAll(() => bed?.close());

  const actorOf = (instance: Instance, person: Person) => `${instance.origin}/ap/users/${person.username}`;

  /** `person` on two sends `activity` to one's shared inbox, signed with their key on two. */
  async function sendFromTwo(person: Person, activity: Record<string, unknown>): Promise<number> {
    const actor = actorOf(bed.two, person);
    // Their actor, served once, makes their keys (decision 082); its publicKey names the one to sign with.
    const doc = (await (await fetch(actor, { headers: { accept: 'application/activity+json' } })).json()) as {
      publicKey: { id: string };
    };
    const key = await bed.two.db
      .selectFrom('federationKeys')
      .select('privateJwk')
      .where('actorKind', '=', 'person')
      .where('actorId', '=', person.id)
      .where('algorithm', '=', 'RSASSA-PKCS1-v1_5')
      .executeTakeFirstOrThrow();
    const jwk = (
      typeof key.privateJwk === 'string' ? JSON.parse(key.privateJwk) : key.privateJwk
    ) as JsonWebKey;
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', actor, ...activity });
    const request = await signRequest(
      new Request(`${bed.one.origin}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      }),
      await importJwk(jwk, 'private'),
      new URL(doc.publicKey.id),
    );
    return (await fetch(request)).status;
  }

  /** A reply by `person` on two to one's post: its Note and the Create that carries it. */
  function reply(person: Person, postUri: string, html: string, type: 'Create' | 'Update' = 'Create') {
    const actor = actorOf(bed.two, person);
    const id = `${actor}/replies/${++n}`;
    const note = {
      id,
      type: 'Note',
      attributedTo: actor,
      inReplyTo: postUri,
      content: html,
      url: `${bed.two.origin}/@${person.username}/${n}`,
      published: new Date().toISOString(),
      to: [PUBLIC],
    };
    return { id, activity: { id: `${id}/activity`, type, to: [PUBLIC], object: note } };
  }

  const comments = async (person: Person, postId: string) => {
    const res = await bed.one.api('GET', `/posts/${postId}/comments`, { cookie: person.cookie });
    expect(res.status).toBe(200);
    return (res.body as { data: Comment[] }).data;
  };
  const post = async (person: Person, postId: string) =>
    ((await bed.one.api('GET', `/posts/${postId}`, { cookie: person.cookie })).body as { data: Post }).data;
  const comment = async (person: Person, postId: string, content: string) => {
    const res = await bed.one.api('POST', `/posts/${postId}/comments`, {
      cookie: person.cookie,
      body: { content },
    });
    expect(res.status).toBe(200);
    return (res.body as { data: Comment }).data;
  };
  const kept = (objectUri: string) =>
    bed.one.db
      .selectFrom('federationRemoteReplies')
      .selectAll()
      .where('objectUri', '=', objectUri)
      .executeTakeFirst();
  const reactions = (postId: string) =>
    bed.one.db.selectFrom('federationReactions').selectAll().where('postId', '=', postId).execute();

  /** A need of A's on one, public, so it federates (and is answerable at its /ap/posts/ id). */
  async function federatedNeed(author: Person) {
    const res = await bed.one.api('POST', '/posts/create', {
      cookie: author.cookie,
      body: { kind: 'need', category: 'Water', title: 'Water for ten families', content: 'Our well is dry.' },
    });
    expect(res.status).toBe(200);
    const id = (res.body as { data: { _id: string } }).data._id;
    return { id, uri: `${bed.one.origin}/ap/posts/${id}` };
  }

  it("shows a reply from two among A's comments with its server; a Like and a boost count, their Undo uncounts", async () => {
    const ana = await bed.one.person({ username: 'ana_rep', firstName: 'Ana', lastName: 'Reyes' });
    const lu = await bed.one.person({ username: 'lu_rep' });
    const bo = await bed.two.person({ username: 'bo_rep', firstName: 'Bo', lastName: 'Two' });
    const need = await federatedNeed(ana);

    const first = await comment(lu, need.id, 'I have two jerrycans');
    const answer = reply(bo, need.uri, '<p>I can bring <b>water</b> on Friday</p><script>alert(1)</script>');
    expect(await sendFromTwo(bo, answer.activity)).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => (await kept(answer.id)) !== undefined,
      'one to keep the reply',
    );
    const last = await comment(ana, need.id, 'Thank you both!');

    // In time order among the local comments, named with its handle and server, its text plain.
    const list = await comments(ana, need.id);
    expect(list.map((c) => c._id)).toEqual([first._id, (await kept(answer.id))!.id, last._id]);
    const remote = list[1]!;
    const server = `${bed.two.hostName}:${bed.two.port}`;
    expect(remote).toMatchObject({
      author: null,
      content: 'I can bring water on Friday',
      remote: {
        name: 'Bo Two',
        handle: `@bo_rep@${server}`,
        server,
        profileUrl: actorOf(bed.two, bo),
        url: `${bed.two.origin}/@bo_rep/${n}`,
        objectId: answer.id,
      },
    });
    // Whoever may read the post reads it; its count includes it.
    expect((await comments(lu, need.id)).map((c) => c._id)).toContain(remote._id);
    expect(await post(lu, need.id)).toMatchObject({ commentCount: 3, likeCount: 0, boostCount: 0 });

    // A Like and a boost: the post's presented counts move at once (the kept texts dropped).
    expect((await bed.one.api('POST', `/posts/${need.id}/like`, { cookie: lu.cookie })).status).toBe(200);
    // As the Undo carries them, each names its actor: only the actor that reacted may take it back.
    const like = {
      id: `${actorOf(bed.two, bo)}#likes/${++n}`,
      type: 'Like',
      actor: actorOf(bed.two, bo),
      object: need.uri,
    };
    const boost = {
      id: `${actorOf(bed.two, bo)}/boosts/${++n}`,
      actor: actorOf(bed.two, bo),
      type: 'Announce',
      object: need.uri,
      to: [PUBLIC],
      published: new Date().toISOString(),
    };
    expect(await post(ana, need.id)).toMatchObject({ likeCount: 1, boostCount: 0 });
    expect(await sendFromTwo(bo, like)).toBe(202);
    expect(await sendFromTwo(bo, boost)).toBe(202);
    await untilFederated(bed.one.t, async () => (await reactions(need.id)).length === 2, 'one to count both');
    expect(await post(ana, need.id)).toMatchObject({ likeCount: 2, boostCount: 1, commentCount: 3 });

    // Undo of each: uncounted, the local like left.
    expect(await sendFromTwo(bo, { id: `${like.id}/undo`, type: 'Undo', object: like })).toBe(202);
    expect(await sendFromTwo(bo, { id: `${boost.id}/undo`, type: 'Undo', object: boost })).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => (await reactions(need.id)).length === 0,
      'one to uncount both',
    );
    expect(await post(ana, need.id)).toMatchObject({ likeCount: 1, boostCount: 0, commentCount: 3 });
  });

  it("lets the post's author (and a moderator, audited) remove a remote reply, and no one else; an Update does not bring it back", async () => {
    const ana = await bed.one.person({ username: 'ana_del' });
    const lu = await bed.one.person({ username: 'lu_del' });
    const mo = await bed.one.person({ username: 'mo_del', role: 'moderator' });
    const bo = await bed.two.person({ username: 'bo_del' });
    const need = await federatedNeed(ana);
    const spam = reply(bo, need.uri, '<p>Buy cheap pills</p>');
    const rude = reply(bo, need.uri, '<p>Something rude</p>');
    expect(await sendFromTwo(bo, spam.activity)).toBe(202);
    expect(await sendFromTwo(bo, rude.activity)).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => (await kept(spam.id)) !== undefined && (await kept(rude.id)) !== undefined,
      'one to keep both replies',
    );
    const spamId = (await kept(spam.id))!.id;
    const rudeId = (await kept(rude.id))!.id;
    expect((await post(ana, need.id)).commentCount).toBe(2);

    // Someone else may not; nor anyone signed out; an unknown id is 404.
    const remove = (person: Person | null, id: string) =>
      bed.one.api('DELETE', `/posts/${need.id}/comments/${id}`, person ? { cookie: person.cookie } : {});
    expect((await remove(lu, spamId)).status).toBe(403);
    expect((await remove(null, spamId)).status).toBe(401);
    expect((await remove(ana, '01890000-0000-7000-8000-000000000000')).status).toBe(404);

    expect((await remove(ana, spamId)).status).toBe(200);
    expect((await comments(ana, need.id)).map((c) => c._id)).toEqual([rudeId]);
    expect((await post(ana, need.id)).commentCount).toBe(1);
    expect((await remove(ana, spamId)).status).toBe(404);

    // Its server edits it: it stays removed (a tombstone), and is not counted again.
    const edited = { ...spam.activity, id: `${spam.id}/edit`, type: 'Update' };
    expect(await sendFromTwo(bo, edited)).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => !(await bed.one.t.app.deps.jobs.busy(FEDERATION_QUEUE)),
      'the Update',
    );
    expect(await kept(spam.id)).toMatchObject({ text: '' });
    expect((await comments(lu, need.id)).map((c) => c._id)).toEqual([rudeId]);

    // A moderator removes the other under someone else's post: in the audit log, naming the server.
    expect((await remove(mo, rudeId)).status).toBe(200);
    expect(await comments(ana, need.id)).toEqual([]);
    expect((await post(ana, need.id)).commentCount).toBe(0);
    const audit = await bed.one.db
      .selectFrom('moderationAudit')
      .select(['action', 'targetId', 'reason'])
      .where('actorId', '=', mo.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'comment.remote_remove',
        targetId: need.id,
        reason: `A reply from ${bed.two.hostName}:${bed.two.port} removed`,
      },
    ]);
  });

  it('leaves a reply out of the list of whoever blocked its author, and only theirs (decision 092)', async () => {
    const ana = await bed.one.person({ username: 'ana_pb' });
    const lu = await bed.one.person({ username: 'lu_pb' });
    const bo = await bed.two.person({ username: 'bo_pb' });
    const need = await federatedNeed(ana);
    const answer = reply(bo, need.uri, '<p>I can help</p>');
    expect(await sendFromTwo(bo, answer.activity)).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => (await kept(answer.id)) !== undefined,
      'one to keep the reply',
    );
    const replyId = (await kept(answer.id))!.id;
    expect((await comments(lu, need.id)).map((c) => c._id)).toEqual([replyId]);

    const blocked = await bed.one.api('POST', '/federation/blocks', {
      cookie: lu.cookie,
      body: { handle: `@bo_pb@${bed.two.hostName}:${bed.two.port}` },
    });
    expect(blocked.status).toBe(200);
    // Under someone else's post nothing is deleted at block time: the list leaves it out for Lu.
    expect(await comments(lu, need.id)).toEqual([]);
    expect((await comments(ana, need.id)).map((c) => c._id)).toEqual([replyId]);
    expect(await kept(answer.id)).toBeDefined();
  });

  it('once two is blocked, what it sent neither shows nor counts, and what it sends next is refused', async () => {
    const ana = await bed.one.person({ username: 'ana_blk' });
    const admin = await bed.one.person({ username: 'ad_blk', role: 'admin' });
    const cy = await bed.two.person({ username: 'cy_blk' });
    const need = await federatedNeed(ana);
    const before = reply(cy, need.uri, '<p>First!</p>');
    expect(await sendFromTwo(cy, before.activity)).toBe(202);
    expect(
      await sendFromTwo(cy, { id: `${actorOf(bed.two, cy)}#likes/${++n}`, type: 'Like', object: need.uri }),
    ).toBe(202);
    await untilFederated(
      bed.one.t,
      async () => (await kept(before.id)) !== undefined && (await reactions(need.id)).length === 1,
      'one to keep the reply and the like',
    );
    expect(await post(ana, need.id)).toMatchObject({ commentCount: 1, likeCount: 1 });

    const blocked = await bed.one.api('POST', '/admin/federation/servers', {
      cookie: admin.cookie,
      body: { host: bed.two.hostName, policy: 'blocked', reason: 'Spam' },
    });
    expect(blocked.status).toBe(200);
    expect(await comments(ana, need.id)).toEqual([]);
    expect(await post(ana, need.id)).toMatchObject({ commentCount: 0, likeCount: 0, boostCount: 0 });

    const after = reply(cy, need.uri, '<p>Still here</p>');
    expect(await sendFromTwo(cy, after.activity)).toBe(403);
    expect(
      await sendFromTwo(cy, {
        id: `${actorOf(bed.two, cy)}/boosts/${++n}`,
        type: 'Announce',
        object: need.uri,
      }),
    ).toBe(403);
    expect(await kept(after.id)).toBeUndefined();
    expect(await comments(ana, need.id)).toEqual([]);
    expect(await post(ana, need.id)).toMatchObject({ commentCount: 0, likeCount: 0, boostCount: 0 });
  });
});
