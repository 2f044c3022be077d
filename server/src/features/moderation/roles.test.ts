import { randomBytes, randomUUID } from 'node:crypto';
import { mayModerate } from '@muster/contract/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser, signIn } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { LAST_ADMIN } from './roles.service.js';

/**
 * Roles (issue 35 item 1, decision 067): the first admin from ADMIN_USERNAMES, granting and taking
 * roles through the admin routes, the last-admin rule, the audit entries, and the session cache.
 */
let t: TestApp;
const firstLogin = `first_${randomBytes(3).toString('hex')}`;
const byAddress = `boss.${randomBytes(3).toString('hex')}@example.org`;
const laterLogin = `later_${randomBytes(3).toString('hex')}`;
const laterAddress = `${laterLogin}@example.org`;
let first: Awaited<ReturnType<typeof signedInUser>>;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A first app on its own database makes the named accounts; the app under test starts on a
  // database where they already exist, as a restart would.
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      ADMIN_USERNAMES: ` ${firstLogin.toUpperCase()}, ${byAddress},nobody_yet,${laterLogin},${laterAddress} `,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const auditOf = (subjectId: string) =>
  t.db
    .selectFrom('moderationAudit')
    .selectAll()
    .where('subjectId', '=', subjectId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
const roleOf = async (id: string) =>
  (await t.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
const setRole = (cookie: string, userId: string, role: string, reason = 'Trusted volunteer') =>
  api('PUT', `/admin/users/${userId}/role`, cookie, { role, reason });

describe('the first admin', () => {
  it('makes the accounts named in ADMIN_USERNAMES admins at start, once, by username or address', async () => {
    // Made after the app started: a start runs grantFirstAdmins, as a restart would here.
    const a = await buildUser(t.db, { username: firstLogin });
    const b = await buildUser(t.db, { email: byAddress });
    const { grantFirstAdmins } = await import('./roles.service.js');
    const results = await grantFirstAdmins(t.app.deps);
    expect(results.map((r) => r.outcome).sort()).toEqual([
      'changed',
      'changed',
      'unknown',
      'unknown',
      'unknown',
    ]);
    expect(await roleOf(a.id)).toBe('admin');
    expect(await roleOf(b.id)).toBe('admin');
    // A second start changes and audits nothing more.
    expect((await grantFirstAdmins(t.app.deps)).filter((r) => r.outcome === 'changed')).toEqual([]);
    const entries = await auditOf(a.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      action: 'role.grant',
      reason: 'Named in ADMIN_USERNAMES',
      details: { from: 'member', to: 'admin' },
    });
    expect(entries[0]!.actorName).toMatch(/the server/);
    first = { user: a, cookie: await signIn(t, a.username) };
  });

  it('never at start for an account whose address is not verified', async () => {
    const { grantFirstAdmins } = await import('./roles.service.js');
    const squatter = await buildUser(t.db, { username: 'nobody_yet', emailVerifiedAt: null });
    const results = await grantFirstAdmins(t.app.deps);
    expect(results.find((r) => r.login === 'nobody_yet')?.outcome).toBe('unverified');
    expect(await roleOf(squatter.id)).toBe('member');
  });

  it('makes a named address an admin when it is verified, and nobody at sign-up', async () => {
    const signUp = async (username: string, email: string) => {
      const res = await api('POST', '/auth/signup', undefined, {
        username,
        firstName: 'Lee',
        lastName: 'Later',
        email,
        password: 'a long enough password',
      });
      expect(res.statusCode).toBeLessThan(300);
      // The account is made after the answer (decision 011), and its link mailed.
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email));
      return /verify-email-signup\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    };
    const accountOf = (username: string) =>
      t.db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
    // A named username taken by whoever signs up first, with an address of their own: a member,
    // before and after that address is verified.
    const squatter = await signUp(laterLogin, `squatter_${randomBytes(3).toString('hex')}@example.org`);
    expect((await accountOf(laterLogin)).role).toBe('member');
    expect((await api('POST', '/auth/verify-email', undefined, { token: squatter })).statusCode).toBe(200);
    expect((await accountOf(laterLogin)).role).toBe('member');
    // A named address: a member until its link is opened, an admin from then on, audited.
    const owner = `owner_${randomBytes(3).toString('hex')}`;
    const token = await signUp(owner, laterAddress);
    expect((await accountOf(owner)).role).toBe('member');
    expect((await api('POST', '/auth/verify-email', undefined, { token })).statusCode).toBe(200);
    const row = await accountOf(owner);
    expect(row.role).toBe('admin');
    expect(await auditOf(row.id)).toMatchObject([{ actorId: null, action: 'role.grant' }]);
  });
});

describe('granting and taking roles', () => {
  it('lets an admin make a member a moderator, audited with the reason, and shows the role in the session', async () => {
    const b = await signedInUser(t, { firstName: 'Bo' });
    // B's session is read (and cached) as a member first.
    expect((await api('GET', '/auth/me', b.cookie)).json().data.role).toBe('member');
    const forgotten: string[] = [];
    t.app.deps.realtime.onForgetSessions((userId) => forgotten.push(userId));

    const res = await setRole(first.cookie, b.user.id, 'moderator', 'Knows the valley well');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      person: { user: { _id: b.user.id }, role: 'moderator' },
      message: `Bo ${b.user.lastName} is now a moderator.`,
    });
    // The next request, even a cached GET, sees the new role: this process dropped the copy, and
    // the hub carries the news to every other process.
    expect((await api('GET', '/auth/me', b.cookie)).json().data.role).toBe('moderator');
    expect(forgotten).toContain(b.user.id);
    expect(await auditOf(b.user.id)).toMatchObject([
      {
        actorId: first.user.id,
        action: 'role.grant',
        reason: 'Knows the valley well',
        details: { from: 'member', to: 'moderator' },
        targetType: 'user',
        targetId: b.user.id,
      },
    ]);

    // The staff list shows them; taking the role back is a revoke.
    const staff = (await api('GET', '/admin/staff', first.cookie)).json().data;
    expect(staff.map((p: { user: { _id: string } }) => p.user._id)).toContain(b.user.id);
    expect(staff[0].role).toBe('admin');
    const back = await setRole(first.cookie, b.user.id, 'member', 'Moved away');
    expect(back.json().data.message).toBe(`Bo ${b.user.lastName} is no longer staff.`);
    expect((await api('GET', '/auth/me', b.cookie)).json().data.role).toBe('member');
    expect((await auditOf(b.user.id)).map((e) => [e.action, e.details])).toEqual([
      ['role.grant', { from: 'member', to: 'moderator' }],
      ['role.revoke', { from: 'moderator', to: 'member' }],
    ]);
    // The same role again changes and audits nothing.
    expect((await setRole(first.cookie, b.user.id, 'member')).json().data.message).toMatch(
      /already a member/,
    );
    expect(await auditOf(b.user.id)).toHaveLength(2);
  });

  it('refuses members and moderators (403), the signed out (401), and writes nothing', async () => {
    const member = await signedInUser(t);
    const mod = await signedInUser(t, { role: 'moderator' });
    const target = await buildUser(t.db);
    for (const who of [member, mod]) {
      expect((await setRole(who.cookie, target.id, 'admin')).statusCode).toBe(403);
      expect((await api('GET', '/admin/staff', who.cookie)).statusCode).toBe(403);
      expect((await api('GET', '/admin/people?query=user', who.cookie)).statusCode).toBe(403);
      expect((await api('GET', '/admin/audit', who.cookie)).statusCode).toBe(403);
    }
    // A moderator cannot make themselves an admin either.
    expect((await setRole(mod.cookie, mod.user.id, 'admin')).statusCode).toBe(403);
    expect((await setRole('', target.id, 'admin')).statusCode).toBe(401);
    expect((await api('GET', '/admin/audit')).statusCode).toBe(401);
    expect(await roleOf(target.id)).toBe('member');
    expect(await roleOf(mod.user.id)).toBe('moderator');
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('answers bad input with 400 and the field, and an unknown person with 404', async () => {
    const target = await buildUser(t.db);
    const noReason = await setRole(first.cookie, target.id, 'moderator', '   ');
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('reason');
    const badRole = await setRole(first.cookie, target.id, 'owner');
    expect(badRole.statusCode).toBe(400);
    expect(JSON.stringify(badRole.json())).toContain('role');
    expect((await setRole(first.cookie, 'not-an-id', 'moderator')).statusCode).toBe(400);
    expect(
      (
        await api('PUT', `/admin/users/${target.id}/role`, first.cookie, {
          role: 'moderator',
          reason: 'x',
          extra: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await setRole(first.cookie, randomUUID(), 'moderator')).statusCode).toBe(404);
    expect((await api('GET', '/admin/people?query=', first.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/admin/audit?cursor=nonsense', first.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/admin/audit?action=DROP%20TABLE', first.cookie)).statusCode).toBe(400);
    expect(await roleOf(target.id)).toBe('member');
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('finds people by the start of their username or address, wildcards taken literally', async () => {
    const tag = randomBytes(3).toString('hex');
    const p = await buildUser(t.db, { username: `find_${tag}`, email: `mail_${tag}@example.org` });
    const ids = async (q: string) =>
      (await api('GET', `/admin/people?query=${encodeURIComponent(q)}`, first.cookie))
        .json()
        .data.map((x: { user: { _id: string } }) => x.user._id);
    expect(await ids(`find_${tag}`)).toEqual([p.id]);
    expect(await ids(`MAIL_${tag}`)).toEqual([p.id]);
    expect(await ids(`%${tag}`)).toEqual([]);
  });
});

describe('the last admin', () => {
  it('cannot step down while no one else is an admin (409), and can once there is another', async () => {
    // This file's other admins step down first, so `first` is the only admin left.
    const others = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', '<>', first.user.id)
      .execute();
    for (const o of others) expect((await setRole(first.cookie, o.id, 'member')).statusCode).toBe(200);

    const alone = await setRole(first.cookie, first.user.id, 'moderator', 'Stepping back');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(LAST_ADMIN);
    expect(await roleOf(first.user.id)).toBe('admin');

    const second = await signedInUser(t);
    expect((await setRole(first.cookie, second.user.id, 'admin')).statusCode).toBe(200);
    // Both demoting each other at once: one wins; the other is no admin any more (403) or would
    // leave none (409). Never both.
    const [x, y] = await Promise.all([
      setRole(first.cookie, second.user.id, 'member', 'Race'),
      setRole(second.cookie, first.user.id, 'member', 'Race'),
    ]);
    const codes = [x.statusCode, y.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.find((c) => c !== 200)).toBeOneOf([403, 409]);
    const admins = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    // The one still an admin steps down only after naming another.
    const keeper = admins[0]!.id === first.user.id ? first : second;
    const third = await signedInUser(t);
    expect((await setRole(keeper.cookie, third.user.id, 'admin')).statusCode).toBe(200);
    expect((await setRole(keeper.cookie, keeper.user.id, 'member', 'Handing over')).statusCode).toBe(200);
    expect((await api('GET', '/admin/staff', keeper.cookie)).statusCode).toBe(403);
    first = third;
  });
});

describe('the audit log', () => {
  it('pages newest first and filters by action, actor and subject', async () => {
    const mod = await signedInUser(t, { firstName: 'Mo' });
    const subject = await buildUser(t.db);
    for (const role of ['moderator', 'admin', 'moderator', 'member'])
      expect((await setRole(first.cookie, subject.id, role, `to ${role}`)).statusCode).toBe(200);
    expect((await setRole(first.cookie, mod.user.id, 'moderator')).statusCode).toBe(200);

    const seen: Array<{ _id: string; reason: string; createdAt: string }> = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const url: string = `/admin/audit?subject=${subject.username}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await api('GET', url, first.cookie)).json();
      seen.push(...body.data);
      cursor = body.meta.nextCursor;
      if (!cursor) break;
    }
    expect(seen.map((e) => e.reason)).toEqual(['to member', 'to moderator', 'to admin', 'to moderator']);
    expect(new Set(seen.map((e) => e._id)).size).toBe(4);

    const revokes = (
      await api('GET', `/admin/audit?action=role.revoke&subject=${subject.username}`, first.cookie)
    ).json().data;
    expect(revokes.map((e: { details: unknown }) => e.details)).toEqual([
      { from: 'moderator', to: 'member' },
      { from: 'admin', to: 'moderator' },
    ]);
    const byFirst = (
      await api('GET', `/admin/audit?actor=${first.user.username}&limit=100`, first.cookie)
    ).json().data as Array<{ actorId: string; subjectId: string }>;
    expect(byFirst.length).toBeGreaterThanOrEqual(5);
    expect(byFirst.every((e) => e.actorId === first.user.id)).toBe(true);
    expect((await api('GET', `/admin/audit?actor=nobody_at_all`, first.cookie)).json().data).toEqual([]);
  });

  it('has no route that edits or deletes an entry', async () => {
    const doc = (await api('GET', '/openapi.json')).json().paths as Record<string, Record<string, unknown>>;
    const auditRoutes = Object.entries(doc).filter(([path]) => path.includes('/audit'));
    expect(auditRoutes.flatMap(([, ops]) => Object.keys(ops))).toEqual(['get']);
  });
});

describe('mayModerate', () => {
  it('lets staff act on weaker or equal roles, never a moderator on an admin', () => {
    expect(mayModerate('moderator', 'member')).toBe(true);
    expect(mayModerate('moderator', 'moderator')).toBe(true);
    expect(mayModerate('moderator', 'admin')).toBe(false);
    expect(mayModerate('admin', 'admin')).toBe(true);
    expect(mayModerate('admin', 'moderator')).toBe(true);
    expect(mayModerate('admin', 'member')).toBe(true);
    expect(mayModerate('member', 'member')).toBe(false);
    expect(mayModerate(null, 'member')).toBe(false);
    expect(mayModerate(undefined, 'member')).toBe(false);
  });
});
