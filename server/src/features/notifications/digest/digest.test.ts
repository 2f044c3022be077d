import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../../test/helpers.js';
import { type CapturedMail, headerOf, startSmtpCapture } from '../../../../test/smtp-capture.js';
import { DIGEST_QUEUE, scheduleDigests } from './digest.js';

/**
 * The digest (issue 34, decision 065), end to end over a real SMTP server: the scheduler's turn at
 * a chosen moment, the queue's jobs, the mail as it went over the wire.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let api: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  api = apiCaller(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName: string, lastName: string, extra: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t, { firstName, lastName, ...extra });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first `hh:mm` UTC after now, `days` later: a moment of the scheduler in the future. */
function nextUtc(hhmm: string, days = 0): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const at = new Date();
  at.setUTCHours(h!, m!, 0, 0);
  if (at.getTime() <= Date.now()) at.setTime(at.getTime() + DAY);
  return new Date(at.getTime() + days * DAY);
}

/** A Monday `hh:mm` UTC at least a week from now, `days` after it. */
function mondayUtc(hhmm: string, days = 0): Date {
  const at = nextUtc(hhmm, 7);
  while (at.getUTCDay() !== 1) at.setTime(at.getTime() + DAY);
  return new Date(at.getTime() + days * DAY);
}

/** The queue's passes: the digest jobs, then (on a pass of its own, as in the app) the mail they sent. */
async function drain() {
  await t.app.deps.jobs.drain();
  await t.app.deps.jobs.drain();
}

/** The scheduler's turn at `at`, then the queue. */
async function digestAt(at: Date) {
  const turn = await scheduleDigests(t.app.deps, at);
  await drain();
  return turn;
}

/** The digests that reached the person (other mail, a match mailed at once, is not counted). */
const mailsTo = (p: Person) =>
  smtp.messages.filter(
    (m) => m.envelopeTo.includes(p.user.email) && /^Your (daily|weekly) digest/.test(m.subject ?? ''),
  );
const lastDigestOf = async (p: Person) =>
  (
    await t.db
      .selectFrom('notificationSettings')
      .select('lastDigestAt')
      .where('userId', '=', p.user.id)
      .executeTakeFirst()
  )?.lastDigestAt ?? null;

async function connect(a: Person, b: Person) {
  expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(200);
  expect((await api('POST', `/connections/${a.user.id}`, b.cookie)).statusCode).toBe(200);
}

async function post(author: Person, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/posts/create', author.cookie, body);
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

const tacloban = {
  address: 'Tacloban, Eastern Visayas, Philippines',
  name: 'Tacloban',
  coordinates: [125.0, 11.2436],
};

/** Text of the mail's HTML part with tags dropped: what a reader sees, in order. */
const seen = (mail: CapturedMail) =>
  String(mail.html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the digest’s content', () => {
  it('tells a person of their notices, network, mission, followed tag and the needs their offer could meet', async () => {
    const ana = await person('Ana', 'Reyes');
    const [kofi, lena, omar, ben, owner] = await Promise.all([
      person('Kofi', 'Mensah'),
      person('Lena', 'Park'),
      person('Omar', 'Haddad'),
      person('Ben', 'Cruz'),
      person('Mara', 'Lopez'),
    ]);
    // Three comments on Ana's post: one line in the digest (comments default to the digest).
    const mine = await post(ana, { content: 'Sandbags stacked along the river road' });
    for (const who of [kofi, lena, omar])
      expect(
        (
          await api('POST', `/posts/${mine}/comments`, who.cookie, {
            content: `Thanks from ${who.user.firstName}`,
          })
        ).statusCode,
      ).toBe(200);
    // Her network: a connection asks for something.
    await connect(ana, kofi);
    const kofiNeed = await post(kofi, {
      kind: 'need',
      category: 'Shelter',
      title: 'Tarps for the school roof',
      content: 'The school roof leaks; we need tarps before the rain.',
    });
    // A mission she follows posts an update (mission updates default to the digest).
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Dune fence', type: 'partnership' })
    ).json().data._id as string;
    expect((await api('POST', `/missions/${missionId}/follow`, ana.cookie)).statusCode).toBe(200);
    await post(owner, {
      content: 'Posts are in',
      mission: { missionId, title: 'Dune fence', updateCount: 1 },
    });
    // A tag she follows.
    expect((await api('POST', '/hashtags/floodrelief/follow', ana.cookie)).statusCode).toBe(200);
    const tagged = await post(lena, { content: 'Boats ready at the pier #floodrelief' });
    // Her offer, and a need near it that it matches (matching runs on the queue).
    await post(ana, {
      kind: 'provision',
      category: 'Transport',
      title: 'Free rides with my van',
      content: 'I drive a van and can take patients to the hospital or the clinic in the mornings.',
      mapLocation: tacloban,
    });
    const need = await post(ben, {
      kind: 'need',
      category: 'Transport',
      title: 'Transport to Tacloban hospital',
      content:
        'My grandmother has dialysis three times a week and the jeepneys are not running. Looking for a lift to the hospital.',
      mapLocation: tacloban,
    });
    await t.app.deps.jobs.drain();

    const at = nextUtc('08:30');
    await digestAt(at);
    const mails = mailsTo(ana);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // The subject leads with the newest news and counts the rest; the preview names every section.
    expect(mail.subject).toBe('Your daily digest: Kofi Mensah accepted your connection request and 5 more');
    const html = seen(mail);
    expect(html).toContain(
      '2 notifications, news from 1 mission, 1 post from your network, new posts in #floodrelief and 1 need you could help with',
    );
    const base = t.config.publicUrl;
    // Coalesced: three comments are one line, naming who.
    expect(html).toContain('3 new comments on “Sandbags stacked along the river road”');
    expect(html).toContain('From Omar Haddad, Lena Park and 1 other');
    expect(html).toContain('Kofi Mensah accepted your connection request');
    expect(html).toContain('Kofi Mensah needs “Tarps for the school roof”');
    expect(html).toContain('Mara Lopez posted an update to Dune fence');
    expect(html).toContain('1 new post in #floodrelief');
    expect(html).toContain('“Boats ready at the pier #floodrelief”');
    expect(html).toContain('Ben Cruz needs “Transport to Tacloban hospital”');
    expect(html).toContain('Matches your offer “Free rides with my van”');
    const hrefs = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    // Each item opens its page (the app routes on the address's hash).
    expect(hrefs).toEqual(
      expect.arrayContaining([
        `${base}/#/post/${mine}`,
        `${base}/#/post/${kofiNeed}`,
        `${base}/#/missions/${missionId}`,
        `${base}/#/hashtag/floodrelief`,
        `${base}/#/post/${need}`,
        `${base}/#/matches`,
        `${base}/#/settings/notifications`,
      ]),
    );
    expect(hrefs).not.toContain(`${base}/#/post/${tagged}`);
    // The text part says the same, with its links written out.
    expect(mail.text).toContain('3 new comments on “Sandbags stacked along the river road”');
    expect(mail.text).toContain(`${base}/#/post/${need}`);
    // Marked made for the period it covers.
    expect((await lastDigestOf(ana))?.toISOString()).toBe(at.toISOString());

    // One click on the mail client's Unsubscribe (RFC 8058), no session: the digest is off.
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const { pathname, search } = new URL(/^<([^>]+)>$/.exec(headerOf(mail, 'List-Unsubscribe')!)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'digest', stopped: true });
    // The page the footer's link opens is the same one, for the same person.
    expect(hrefs.some((h) => h?.includes('/#/unsubscribe?token='))).toBe(true);
    await api('POST', `/posts/${mine}/comments`, kofi.cookie, { content: 'One more thanks' });
    await digestAt(new Date(at.getTime() + DAY));
    expect(mailsTo(ana)).toHaveLength(1);
  });

  it('leaves out whoever is blocked either way or muted, in every section', async () => {
    const ana = await person('Ana', 'Silva');
    const [kofi, lena, omar, vera] = await Promise.all([
      person('Kofi', 'Boateng'),
      person('Lena', 'Weiss'),
      person('Omar', 'Farouk'),
      person('Vera', 'Novak'),
    ]);
    await connect(ana, omar);
    await connect(ana, vera);
    expect((await api('POST', '/hashtags/cleanup/follow', ana.cookie)).statusCode).toBe(200);
    const mine = await post(ana, { content: 'Beach cleanup on Sunday #cleanup' });
    await api('POST', `/posts/${mine}/comments`, kofi.cookie, { content: 'Count me in' });
    await api('POST', `/posts/${mine}/comments`, lena.cookie, { content: 'I bring bags' });
    await post(kofi, { content: 'Gloves for everyone #cleanup' });
    await post(lena, { content: 'Skip arrives at nine #cleanup' });
    await post(omar, {
      kind: 'need',
      category: 'Tools',
      title: 'Rakes and buckets',
      content: 'For the beach',
    });
    await post(vera, {
      kind: 'provision',
      category: 'Tools',
      title: 'Spare wheelbarrow',
      content: 'Free to lend',
    });
    // Kofi blocks Ana, Ana blocks Lena... (either way), and Ana mutes Vera.
    expect((await api('POST', `/users/${ana.user.id}/block`, kofi.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/users/${lena.user.id}/block`, ana.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/users/${vera.user.id}/mute`, ana.cookie)).statusCode).toBe(200);
    await t.app.deps.jobs.drain();

    await digestAt(nextUtc('09:00'));
    const mails = mailsTo(ana);
    expect(mails).toHaveLength(1);
    const html = seen(mails[0]!);
    expect(html).toContain('Omar Farouk needs “Rakes and buckets”');
    for (const hidden of [
      'Kofi',
      'Lena',
      'Vera',
      'Gloves',
      'Skip arrives',
      'wheelbarrow',
      'Count me in',
      'bags',
    ])
      expect(html).not.toContain(hidden);
    // Nobody's own posts count as news under the tag they used.
    expect(html).not.toContain('#cleanup');
  });

  it('tells of unread chats and waiting requests to someone whose chats go to the digest, and only to them', async () => {
    const ana = await person('Amara', 'Obi', { messagePolicy: 'connections' });
    const [kofi, lena, omar, dev] = await Promise.all([
      person('Kojo', 'Annan'),
      person('Lina', 'Haddad'),
      person('Oskar', 'Berg'),
      person('Devi', 'Rao', { messagePolicy: 'connections' }),
    ]);
    for (const who of [ana, dev]) {
      const put = await api('PUT', '/users/me/notification-settings', who.cookie, {
        channels: { chats: who === ana ? 'digest' : 'mail' },
      });
      expect(put.statusCode).toBe(200);
    }
    await connect(ana, kofi);
    await connect(ana, omar);
    await connect(dev, kofi);
    const send = async (from: Person, to: Person, message: string, status = 200) =>
      expect(
        (await api('POST', '/chats/send', from.cookie, { recipientId: to.user.id, message })).statusCode,
      ).toBe(status);
    await send(kofi, ana, 'Water truck at the school at 3');
    await send(kofi, ana, 'Bring the jerrycans please');
    await send(kofi, dev, 'Water truck at the school at 3');
    // Lena is no connection of Ana's: her first message waits as a request.
    await send(lena, ana, 'Can I join the night shift?', 202);
    // Omar writes, then Ana blocks him: nothing of his is told.
    await send(omar, ana, 'Oskar here about the pumps');
    expect((await api('POST', `/users/${omar.user.id}/block`, ana.cookie)).statusCode).toBe(200);

    await digestAt(nextUtc('12:00'));
    const mails = mailsTo(ana);
    expect(mails).toHaveLength(1);
    const html = seen(mails[0]!);
    expect(html).toContain('Messages');
    expect(html).toContain('Kojo Annan sent you 2 messages');
    expect(html).toContain('Bring the jerrycans please');
    expect(html).toContain('Lina Haddad asked to send you a message');
    expect(html).not.toContain('Oskar');
    expect(html).not.toContain('pumps');
    // Dev's chats go by mail: his digest, if any, has no Messages section.
    expect(mailsTo(dev).map(seen).join(' ')).not.toContain('sent you');
  });

  it('does not tell of a chat read before the digest', async () => {
    const ana = await person('Rosa', 'Lind');
    const kofi = await person('Taro', 'Sato');
    await api('PUT', '/users/me/notification-settings', ana.cookie, { channels: { chats: 'digest' } });
    const sent = await api('POST', '/chats/send', kofi.cookie, {
      recipientId: ana.user.id,
      message: 'Hello',
    });
    expect(sent.statusCode).toBe(200);
    const chatId = sent.json().data.chatId as string;
    expect((await api('PUT', `/chats/${chatId}/read`, ana.cookie)).statusCode).toBe(204);
    await digestAt(nextUtc('13:00'));
    expect(mailsTo(ana)).toHaveLength(0);
  });

  it('sends nothing to someone with nothing to be told, and marks the period done', async () => {
    const quiet = await person('Ines', 'Moreau');
    const at = nextUtc('10:00');
    await digestAt(at);
    expect(mailsTo(quiet)).toHaveLength(0);
    expect((await lastDigestOf(quiet))?.toISOString()).toBe(at.toISOString());
  });

  it('sends nothing to an unverified address and builds nothing for it', async () => {
    const ana = await person('Nia', 'Adeyemi', { emailVerifiedAt: null });
    const kofi = await person('Kwame', 'Asante');
    const mine = await post(ana, { content: 'Looking for a ladder' });
    await api('POST', `/posts/${mine}/comments`, kofi.cookie, { content: 'I have one' });
    await digestAt(nextUtc('11:00'));
    expect(mailsTo(ana)).toHaveLength(0);
    expect(await lastDigestOf(ana)).toBeNull();
  });
});

describe('when a digest goes', () => {
  /**
   * Someone with a comment waiting (so a digest made is a digest mailed) and the given settings.
   * The comment's notice is moved to `newsAt`, inside the window the test's turns look at.
   */
  async function withNews(settings: Record<string, unknown>, newsAt: Date) {
    const p = await person('Tess', 'Ward');
    const other = await person('Raul', 'Diaz');
    const mine = await post(p, { content: 'Water station at the gym' });
    await api('POST', `/posts/${mine}/comments`, other.cookie, { content: 'On my way' });
    // Moving the clock back for the notice: nothing in the app writes created_at but the insert.
    await sql`update notifications set created_at = ${newsAt} where user_id = ${p.user.id}`.execute(t.db);
    await t.db
      .insertInto('notificationSettings')
      .values({ userId: p.user.id, ...settings })
      .execute();
    return p;
  }

  it('daily: from 08:00 each morning where the person lives, once a day', async () => {
    const day = nextUtc('00:00', 2);
    const p = await withNews({ digest: 'daily', timeZone: 'America/New_York' }, day);
    // 07:50 in New York (UTC-5 in winter, UTC-4 in summer) is not yet morning there.
    const before = new Date(day.getTime() + 11.8 * HOUR);
    const local = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const morning = new Date(day.getTime() + (local(before) < '08:00' ? 13.5 : 12.5) * HOUR);
    expect(local(morning) >= '08:00' && local(morning) < '09:00').toBe(true);
    await digestAt(new Date(morning.getTime() - HOUR));
    expect(await lastDigestOf(p)).toBeNull();
    await digestAt(morning);
    expect(mailsTo(p)).toHaveLength(1);
    // Later that day: done already.
    await digestAt(new Date(morning.getTime() + 3 * HOUR));
    expect(mailsTo(p)).toHaveLength(1);
    expect((await lastDigestOf(p))?.toISOString()).toBe(morning.toISOString());
    // The next morning: due again (nothing new to say, so no mail, but the day is marked).
    const next = new Date(morning.getTime() + DAY);
    await digestAt(next);
    expect((await lastDigestOf(p))?.toISOString()).toBe(next.toISOString());
  });

  it('weekly: on Monday morning, not on the other days', async () => {
    const monday = mondayUtc('08:05');
    const p = await withNews(
      { digest: 'weekly', lastDigestAt: new Date(monday.getTime() - 7 * DAY) },
      new Date(monday.getTime() - 2 * DAY),
    );
    // Sunday evening and Monday before 08:00: not yet.
    await digestAt(new Date(monday.getTime() - 13 * HOUR));
    await digestAt(new Date(monday.getTime() - 10 * 60_000));
    expect(mailsTo(p)).toHaveLength(0);
    await digestAt(monday);
    expect(mailsTo(p)).toHaveLength(1);
    expect(mailsTo(p)[0]!.subject).toMatch(/^Your weekly digest: /);
    // Tuesday to Sunday: nothing more.
    for (let d = 1; d < 7; d++) await digestAt(new Date(monday.getTime() + d * DAY + HOUR));
    expect(mailsTo(p)).toHaveLength(1);
    expect((await lastDigestOf(p))?.toISOString()).toBe(monday.toISOString());
    // The Monday after.
    await digestAt(new Date(monday.getTime() + 7 * DAY));
    expect((await lastDigestOf(p))?.toISOString()).toBe(new Date(monday.getTime() + 7 * DAY).toISOString());
  });

  it('waits for the end of quiet hours that hold in the morning', async () => {
    const day = nextUtc('00:00', 3);
    const p = await withNews(
      { digest: 'daily', quietEnabled: true, quietStart: '06:00', quietEnd: '10:00' },
      day,
    );
    await digestAt(new Date(day.getTime() + 8.5 * HOUR));
    expect(mailsTo(p)).toHaveLength(0);
    await digestAt(new Date(day.getTime() + 10.25 * HOUR));
    expect(mailsTo(p)).toHaveLength(1);
  });

  it('off: no digest at all', async () => {
    const at = nextUtc('08:30', 4);
    const p = await withNews({ digest: 'off' }, new Date(at.getTime() - HOUR));
    await digestAt(at);
    expect(mailsTo(p)).toHaveLength(0);
    expect(await lastDigestOf(p)).toBeNull();
  });

  it('never twice for one period, whatever runs twice', async () => {
    const at = nextUtc('08:45', 5);
    const p = await withNews({ digest: 'daily' }, new Date(at.getTime() - HOUR));
    // The same turn twice (a process that died after sending its jobs, say): the claim holds.
    await scheduleDigests(t.app.deps, at);
    await scheduleDigests(t.app.deps, at);
    await drain();
    expect(mailsTo(p)).toHaveLength(1);
    // Its mark lost (restored from a backup, say): the mail is keyed by person and period.
    await t.db
      .updateTable('notificationSettings')
      .set({ lastDigestAt: null })
      .where('userId', '=', p.user.id)
      .execute();
    await digestAt(new Date(at.getTime() + HOUR));
    expect((await lastDigestOf(p))?.toISOString()).toBe(new Date(at.getTime() + HOUR).toISOString());
    expect(mailsTo(p)).toHaveLength(1);
  });

  it('a turn sends no new jobs while the last turn’s are still waiting', async () => {
    const at = nextUtc('09:30', 6);
    const p = await withNews({ digest: 'daily' }, new Date(at.getTime() - HOUR));
    // Sent, not yet run: a second turn leaves them be.
    const first = await scheduleDigests(t.app.deps, at);
    expect(first.batches).toBeGreaterThan(0);
    expect(await t.app.deps.jobs.busy(DIGEST_QUEUE)).toBe(true);
    expect(await scheduleDigests(t.app.deps, new Date(at.getTime() + HOUR))).toMatchObject({ waited: true });
    await drain();
    expect(await t.app.deps.jobs.busy(DIGEST_QUEUE)).toBe(false);
    expect(mailsTo(p)).toHaveLength(1);
  });

  it('is a job of the server’s scheduler', async () => {
    const at = nextUtc('08:20', 8);
    const p = await withNews({ digest: 'daily' }, new Date(at.getTime() - HOUR));
    expect(await t.app.deps.scheduler.runDue(at)).toContain('digest');
    await drain();
    expect(mailsTo(p)).toHaveLength(1);
  });
});
