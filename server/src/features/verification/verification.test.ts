import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancedSearchResult } from '@muster/contract/search';
import type { Notification } from '@muster/contract/notifications';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { type CapturedMail, startSmtpCapture } from '../../../test/smtp-capture.js';
import { presentCard } from '../../social/social.present.js';

/** Verified organisations (issue 35 item 6, decision 069), through the real routes. */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const mails: CapturedMail[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture({ onMessage: async (mail) => void mails.push(mail) });
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  api = apiCaller(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The mail to `to`, once the queue has sent it (the notice's kind is mailed at once by default). */
async function mailTo(to: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await t.app.deps.jobs.drain();
    const mail = mails.find((m) => m.envelopeTo.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Person = Awaited<ReturnType<typeof signedInUser>>;
const member = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
const moderator = () => signedInUser(t, { role: 'moderator' });

const askBody = (name = 'Cebu Relief Network') => ({
  organisationName: name,
  website: 'https://cebu-relief.example.org',
  contactName: 'Maria Santos',
  contactEmail: 'maria@cebu-relief.example.org',
  proof: 'SEC registration CN201512345; our About page names this account.',
});

async function ask(p: Person, body: Record<string, unknown> = askBody()) {
  const res = await api('POST', '/verification/requests', p.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string };
}

async function decide(mod: Person, id: string, body: Record<string, unknown>) {
  return api('POST', `/moderation/organisations/${id}/decision`, mod.cookie, body);
}

const mine = async (p: Person) => (await api('GET', '/verification/me', p.cookie)).json().data;

async function cardOf(id: string) {
  const row = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { sql: JSON.parse(row.card) as Record<string, unknown>, ts: presentCard(row) };
}

async function auditOf(targetId: string) {
  return t.db
    .selectFrom('moderationAudit')
    .selectAll()
    .where('targetId', '=', targetId)
    .orderBy('createdAt')
    .execute();
}

async function verificationNotices(p: Person) {
  const all = (await api('GET', '/notifications', p.cookie)).json().data as Notification[];
  return all.filter((n) => n.subType === 'verification');
}

describe('asking to be verified', () => {
  it('asks, shows the request waiting, refuses a second one (409), and withdraws it', async () => {
    const a = await member();
    expect(await mine(a)).toBeNull();
    const req = await ask(a);
    expect(req).toMatchObject({ status: 'waiting', organisationName: 'Cebu Relief Network' });
    expect(await mine(a)).toMatchObject({
      _id: req._id,
      status: 'waiting',
      website: 'https://cebu-relief.example.org',
      contactName: 'Maria Santos',
      contactEmail: 'maria@cebu-relief.example.org',
      contactPhone: null,
      reason: null,
      decidedAt: null,
    });
    const again = await api('POST', '/verification/requests', a.cookie, askBody('Another name'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/waiting/);

    expect((await api('DELETE', '/verification/me', a.cookie)).statusCode).toBe(204);
    expect(await mine(a)).toBeNull();
    expect((await api('DELETE', '/verification/me', a.cookie)).statusCode).toBe(404);
    // Withdrawn, a new one may be sent.
    await ask(a, { ...askBody(), contactEmail: undefined, contactPhone: '+63 32 255 0000' });
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const a = await member();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...askBody(), website: 'not a website' }, 'website'],
      [{ ...askBody(), website: 'javascript:alert(1)' }, 'website'],
      [{ ...askBody(), website: 'ftp://files.example.org' }, 'website'],
      [{ ...askBody(), proof: '' }, 'proof'],
      [{ ...askBody(), proof: '   short ' }, 'proof'],
      [{ ...askBody(), organisationName: ' ' }, 'organisationName'],
      [{ ...askBody(), organisationName: 'x'.repeat(81) }, 'organisationName'],
      [{ ...askBody(), contactEmail: undefined }, 'contactEmail'],
      [{ ...askBody(), contactEmail: 'not an email' }, 'contactEmail'],
      [{ ...askBody(), contactEmail: undefined, contactPhone: 'call me' }, 'contactPhone'],
      [{ ...askBody(), extra: 'field' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/verification/requests', a.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field)
        expect(
          res.json().details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect(await mine(a)).toBeNull();
    // A website typed without its scheme is taken as https.
    await ask(a, { ...askBody(), website: 'cebu-relief.example.org/about' });
    expect((await mine(a)).website).toBe('https://cebu-relief.example.org/about');
  });

  it('is for signed-in people only', async () => {
    expect((await api('GET', '/verification/me')).statusCode).toBe(401);
    expect((await api('POST', '/verification/requests', undefined, askBody())).statusCode).toBe(401);
    expect((await api('DELETE', '/verification/me')).statusCode).toBe(401);
  });
});

describe('deciding', () => {
  it('is refused to members (403) and to the signed out (401)', async () => {
    const a = await member();
    const b = await member();
    const req = await ask(a);
    for (const [method, url, body] of [
      ['GET', '/moderation/organisations', undefined],
      ['GET', `/moderation/organisations/${req._id}`, undefined],
      ['POST', `/moderation/organisations/${req._id}/decision`, { decision: 'approve' }],
      ['POST', `/moderation/organisations/${req._id}/revoke`, { reason: 'No' }],
    ] as const) {
      expect((await api(method, url, b.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, a.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await mine(a)).status).toBe('waiting');
    expect(await auditOf(req._id)).toEqual([]);
  });

  it('lists waiting requests oldest first, paged, each with its author', async () => {
    const mod = await moderator();
    const first = await member({ firstName: 'Oldest' });
    const second = await member({ firstName: 'Newer' });
    const r1 = await ask(first, askBody('Oldest Org'));
    const r2 = await ask(second, askBody('Newer Org'));
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        'GET',
        `/moderation/organisations?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        mod.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(1);
      ids.push(...body.data.map((r: { _id: string }) => r._id));
      cursor = body.meta.nextCursor;
    } while (cursor);
    expect(ids.indexOf(r1._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(r1._id)).toBeLessThan(ids.indexOf(r2._id));

    const one = (await api('GET', `/moderation/organisations/${r1._id}`, mod.cookie)).json().data;
    expect(one).toMatchObject({
      _id: r1._id,
      status: 'waiting',
      proof: askBody().proof,
      user: { _id: first.user.id, firstName: 'Oldest', verifiedOrg: null },
      accountCreatedAt: expect.any(String),
    });
    expect(
      (await api('GET', `/moderation/organisations/${crypto.randomUUID()}`, mod.cookie)).statusCode,
    ).toBe(404);
    expect((await api('GET', '/moderation/organisations?cursor=nonsense', mod.cookie)).statusCode).toBe(400);
  });

  it('approves: audited, the person told, and the badge on their card, profile, posts and in search', async () => {
    const mod = await moderator();
    const a = await member({ firstName: 'Quillon', lastName: 'Relief' });
    const viewer = await member();
    const req = await ask(a, askBody('Quillon Relief Society'));
    const post = (
      await api('POST', '/posts/create', a.cookie, { content: 'Water at the quillonhall' })
    ).json().data;
    expect(post.author.verifiedOrg).toBeNull();

    const res = await decide(mod, req._id, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    expect(await mine(a)).toMatchObject({ status: 'approved', reason: null });

    const [entry] = await auditOf(req._id);
    expect(entry).toMatchObject({
      actorId: mod.user.id,
      action: 'organisation.approve',
      targetType: 'organisation_request',
      subjectId: a.user.id,
      details: { organisationName: 'Quillon Relief Society' },
    });

    const [notice] = await verificationNotices(a);
    expect(notice).toMatchObject({
      type: 'systemNotification',
      sender: null,
      message: '“Quillon Relief Society” is verified: your badge shows now',
    });

    // The card: its SQL and TS twins agree, and every place that shows the person carries it.
    const card = await cardOf(a.user.id);
    expect(card.sql).toEqual(card.ts);
    expect(card.sql.verifiedOrg).toBe('Quillon Relief Society');
    const profile = (await api('GET', `/users/profile/${a.user.username}`, viewer.cookie)).json().data;
    expect(profile.verifiedOrg).toBe('Quillon Relief Society');
    const read = (await api('GET', `/posts/${post._id}`, viewer.cookie)).json().data;
    expect(read.author.verifiedOrg).toBe('Quillon Relief Society');
    const found = (await api('GET', '/users/advanced-search?query=Quillon', viewer.cookie)).json()
      .data as AdvancedSearchResult;
    expect(found.users.find((u) => u._id === a.user.id)?.verifiedOrg).toBe('Quillon Relief Society');
    const verified = (await api('GET', '/moderation/organisations?status=approved', mod.cookie)).json().data;
    expect(verified.map((r: { _id: string }) => r._id)).toContain(req._id);

    // Asked again while verified: 409. Answered already: 409, and no second entry.
    expect((await api('POST', '/verification/requests', a.cookie, askBody())).statusCode).toBe(409);
    expect((await decide(mod, req._id, { decision: 'refuse', reason: 'Late' })).statusCode).toBe(409);
    expect(await auditOf(req._id)).toHaveLength(1);

    // Revoked: audited, told, and the badge gone everywhere.
    expect(
      (await api('POST', `/moderation/organisations/${req._id}/revoke`, mod.cookie, { reason: '' }))
        .statusCode,
    ).toBe(400);
    const revoked = await api('POST', `/moderation/organisations/${req._id}/revoke`, mod.cookie, {
      reason: 'The registration number belongs to another society',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await mine(a)).toMatchObject({
      status: 'revoked',
      reason: 'The registration number belongs to another society',
    });
    expect((await auditOf(req._id)).map((e) => e.action)).toEqual([
      'organisation.approve',
      'organisation.revoke',
    ]);
    const notices = await verificationNotices(a);
    expect(notices[0]).toMatchObject({
      message: 'The verification of “Quillon Relief Society” was taken back',
      commentContent: 'The registration number belongs to another society',
    });
    const after = await cardOf(a.user.id);
    expect(after.sql).toEqual(after.ts);
    expect(after.sql.verifiedOrg).toBeNull();
    expect(
      (await api('GET', `/users/profile/${a.user.username}`, viewer.cookie)).json().data.verifiedOrg,
    ).toBeNull();
    expect((await api('GET', `/posts/${post._id}`, viewer.cookie)).json().data.author.verifiedOrg).toBeNull();
    // Another query than before: search shares an answer for a few seconds (decision 018).
    const again = (await api('GET', `/users/advanced-search?query=${a.user.username}`, viewer.cookie)).json()
      .data as AdvancedSearchResult;
    expect(again.users.find((u) => u._id === a.user.id)?.verifiedOrg).toBeNull();
    // Revoked twice: 409.
    expect(
      (await api('POST', `/moderation/organisations/${req._id}/revoke`, mod.cookie, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses with a reason the person reads, and lets them ask again', async () => {
    const mod = await moderator();
    const a = await member();
    const req = await ask(a);
    const noReason = await decide(mod, req._id, { decision: 'refuse' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe('reason');
    expect((await decide(mod, req._id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await mine(a)).status).toBe('waiting');

    const res = await decide(mod, req._id, {
      decision: 'refuse',
      reason: 'The website does not name this account; add it to your About page.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mine(a)).toMatchObject({
      status: 'refused',
      reason: 'The website does not name this account; add it to your About page.',
    });
    expect((await auditOf(req._id))[0]).toMatchObject({
      action: 'organisation.refuse',
      reason: 'The website does not name this account; add it to your About page.',
    });
    const [notice] = await verificationNotices(a);
    expect(notice).toMatchObject({
      message: 'Your request to verify “Cebu Relief Network” was refused',
      commentContent: 'The website does not name this account; add it to your About page.',
    });
    // Mailed at once (the 'verification' kind's default), the reason quoted, the button to the request.
    const mail = await mailTo(a.user.email);
    expect(mail.subject).toBe('Your request to verify “Cebu Relief Network” was refused');
    expect(mail.text).toContain('The website does not name this account; add it to your About page.');
    expect(mail.text).toContain('#/settings/organisation');
    expect((await cardOf(a.user.id)).sql.verifiedOrg).toBeNull();
    expect((await api('GET', '/users/me/export', a.cookie)).json().data.organisationRequests).toEqual([
      expect.objectContaining({ organisationName: 'Cebu Relief Network', status: 'refused' }),
    ]);
    expect((await api('DELETE', '/verification/me', a.cookie)).statusCode).toBe(404);
    const next = await ask(a);
    expect(next._id).not.toBe(req._id);
  });

  it('leaves one’s own request to another moderator, and an admin’s to an admin', async () => {
    const mod = await moderator();
    const own = await ask(mod);
    expect((await decide(mod, own._id, { decision: 'approve' })).statusCode).toBe(403);
    const admin = await signedInUser(t, { role: 'admin' });
    const adminReq = await ask(admin);
    expect((await decide(mod, adminReq._id, { decision: 'refuse', reason: 'No' })).statusCode).toBe(403);
    const other = await signedInUser(t, { role: 'admin' });
    expect((await decide(other, adminReq._id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await decide(other, own._id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await cardOf(mod.user.id)).sql.verifiedOrg).toBe('Cebu Relief Network');
  });
});

describe('search prefers verified organisations when asked', () => {
  it('puts verified people, and verified providers’ posts and posters, first', async () => {
    const mod = await moderator();
    const viewer = await member();
    // The verified one is older: without the preference the newer comes first.
    const org = await member({ firstName: 'Zarnith', lastName: 'Helpers' });
    const solo = await member({ firstName: 'Zarnith', lastName: 'Helpers' });
    const orgPost = (
      await api('POST', '/posts/create', org.cookie, {
        kind: 'provision',
        category: 'Zarnith kits',
        title: 'Zarnith kits',
        content: 'Zarnith kits for families',
      })
    ).json().data._id as string;
    const soloPost = (
      await api('POST', '/posts/create', solo.cookie, {
        kind: 'provision',
        category: 'Zarnith kits',
        title: 'Zarnith kits',
        content: 'Zarnith kits for families',
      })
    ).json().data._id as string;
    const req = await ask(org, askBody('Zarnith Helpers Foundation'));
    expect((await decide(mod, req._id, { decision: 'approve' })).statusCode).toBe(200);

    const search = async (query: string, verifiedFirst?: boolean) => {
      const params = new URLSearchParams({ query });
      if (verifiedFirst !== undefined) params.set('verifiedFirst', String(verifiedFirst));
      const res = await api('GET', `/users/advanced-search?${params}`, viewer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AdvancedSearchResult;
    };
    const plain = await search('zarnith');
    expect(plain.users.map((u) => u._id)).toEqual([solo.user.id, org.user.id]);
    expect(plain.provisionsMatches[0]!.postIds).toEqual([soloPost, orgPost]);

    const preferred = await search('zarnith', true);
    expect(preferred.users.map((u) => u._id)).toEqual([org.user.id, solo.user.id]);
    expect(preferred.users[0]!.verifiedOrg).toBe('Zarnith Helpers Foundation');
    const group = preferred.provisionsMatches[0]!;
    expect(group.postIds).toEqual([orgPost, soloPost]);
    expect(group.users.map((u) => u._id)).toEqual([org.user.id, solo.user.id]);
    expect(group.posts[0]!.author.verifiedOrg).toBe('Zarnith Helpers Foundation');

    expect((await search('zarnith', false)).users.map((u) => u._id)).toEqual([solo.user.id, org.user.id]);
    const bad = await api('GET', '/users/advanced-search?query=zarnith&verifiedFirst=yes', viewer.cookie);
    expect(bad.statusCode).toBe(400);
  });
});
