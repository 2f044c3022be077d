import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationSettingsUpdate } from '@muster/contract/notification-settings';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { DELIVERY_QUEUE } from './delivery.js';

/**
 * Issue 34 (decisions 061, 062): what every notification setting does, through the real routes and
 * the real queue, over a real SMTP server. Each test has people of its own, so a count of the mails
 * to one of them is exactly what their settings let through.
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
const person = (firstName: string) => signedInUser(t, { firstName });

async function ok(res: Awaited<ReturnType<typeof api>>) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function choose(p: Person, settings: NotificationSettingsUpdate) {
  await ok(await api('PUT', '/users/me/notification-settings', p.cookie, settings));
}

/** The mails that reached `p`, once the queue has run all it holds now (mail goes on its own turn). */
async function mailsTo(p: Person) {
  await t.app.deps.jobs.drain();
  await t.app.deps.jobs.drain();
  return smtp.messages.filter((m) => m.envelopeTo.includes(p.user.email));
}

type Notice = { _id: string; type: string; message: string; relatedPost?: string | null };
async function noticesOf(p: Person): Promise<Notice[]> {
  return (await ok(await api('GET', '/notifications', p.cookie))).data;
}

async function needOf(author: Person) {
  const created = await ok(
    await api('POST', '/posts/create', author.cookie, {
      kind: 'need',
      category: 'Transport',
      title: 'A van to the clinic',
      content: 'A van to take supplies to the clinic on Saturday',
    }),
  );
  return created.data._id as string;
}

async function offerOn(postId: string, helper: Person) {
  await ok(await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'I have a van' }));
}

async function mission(owner: Person, title: string) {
  return (await ok(await api('POST', '/missions', owner.cookie, { title, type: 'collaboration' }))).data
    ._id as string;
}

async function join(missionId: string, owner: Person, who: Person, role: 'partner' | 'collaborator') {
  await ok(await api('POST', `/missions/${missionId}/join`, who.cookie, { role }));
  const { id } = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .where('userId', '=', who.user.id)
    .executeTakeFirstOrThrow();
  await ok(await api('PUT', `/missions/${missionId}/join-requests/${id}/approve`, owner.cookie));
}

describe('each channel (offers of help)', () => {
  it('never chose: an offer mails at once (the default), and is in the app', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    await offerOn(await needOf(ana), kofi);
    expect(await mailsTo(ana)).toHaveLength(1);
    expect((await noticesOf(ana)).map((n) => n.type)).toEqual(['newOffer']);
  });

  it.each([
    ['app', 'in the app only: no mail'],
    ['digest', 'in the digest: no mail now'],
    ['push', 'push: no mail'],
  ] as const)('%s — %s; the notice is in the app all the same', async (channel, _said) => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    await choose(ana, { channels: { offers: channel } });
    await offerOn(await needOf(ana), kofi);
    expect(await mailsTo(ana)).toHaveLength(0);
    expect((await noticesOf(ana)).map((n) => n.type)).toEqual(['newOffer']);
  });

  it('mail, chosen for a kind that stays in the app by default (likes): one mail, once', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    await choose(ana, { channels: { likes: 'mail', offers: 'app' } });
    const post = await needOf(ana);
    await ok(await api('POST', `/posts/${post}/like`, kofi.cookie));
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Kofi');
    // Delivery running again mails nothing more.
    expect(await mailsTo(ana)).toHaveLength(1);
  });

  it('a change applies to the next notice: offers back to mail after app', async () => {
    const [ana, kofi, lena] = [await person('Ana'), await person('Kofi'), await person('Lena')];
    await choose(ana, { channels: { offers: 'app' } });
    const post = await needOf(ana);
    await offerOn(post, kofi);
    expect(await mailsTo(ana)).toHaveLength(0);
    await choose(ana, { channels: { offers: 'mail' } });
    await offerOn(post, lena);
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Lena');
  });
});

describe('defaults for someone who never chose', () => {
  it('an offer mails; a like does not; a comment waits for the digest', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    const post = await needOf(ana);
    await ok(await api('POST', `/posts/${post}/like`, kofi.cookie));
    await ok(await api('POST', `/posts/${post}/comments`, kofi.cookie, { content: 'Which clinic?' }));
    expect(await mailsTo(ana)).toHaveLength(0);
    await offerOn(post, kofi);
    expect(await mailsTo(ana)).toHaveLength(1);
    expect((await noticesOf(ana)).map((n) => n.type).sort()).toEqual(['comment', 'like', 'newOffer']);
  });
});

describe('a kind of each family', () => {
  it('tasks: the assignee is mailed by default, and not once they choose the app', async () => {
    const [owner, mia, raj] = [await person('Owen'), await person('Mia'), await person('Raj')];
    const m = await mission(owner, 'Repair café');
    await join(m, owner, mia, 'collaborator');
    await join(m, owner, raj, 'collaborator');
    await choose(raj, { channels: { tasks: 'app' } });
    // Their joins' approvals were mailed (missionJoins): only the tasks' mails count below.
    await mailsTo(mia);
    smtp.messages.length = 0;
    await ok(
      await api('POST', `/missions/${m}/tasks`, owner.cookie, { title: 'Irons', assigneeId: mia.user.id }),
    );
    await ok(
      await api('POST', `/missions/${m}/tasks`, owner.cookie, { title: 'Tables', assigneeId: raj.user.id }),
    );
    expect(await mailsTo(mia)).toHaveLength(1);
    expect(await mailsTo(raj)).toHaveLength(0);
    expect((await noticesOf(raj)).filter((n) => n.type === 'task')).toHaveLength(1);
  });

  it('comments: the digest by default (no mail), mail when chosen', async () => {
    const [ana, ben, kofi] = [await person('Ana'), await person('Ben'), await person('Kofi')];
    await choose(ben, { channels: { comments: 'mail' } });
    for (const author of [ana, ben]) {
      const post = await needOf(author);
      await ok(await api('POST', `/posts/${post}/comments`, kofi.cookie, { content: 'Which clinic?' }));
    }
    expect(await mailsTo(ana)).toHaveLength(0);
    expect(await mailsTo(ben)).toHaveLength(1);
    expect((await noticesOf(ana)).map((n) => n.type)).toEqual(['comment']);
  });

  it('connections: the digest by default (no mail), mail when chosen', async () => {
    const [ana, ben, kofi] = [await person('Ana'), await person('Ben'), await person('Kofi')];
    await choose(ben, { channels: { connections: 'mail' } });
    await ok(await api('POST', `/connections/${ana.user.id}`, kofi.cookie));
    await ok(await api('POST', `/connections/${ben.user.id}`, kofi.cookie));
    expect(await mailsTo(ana)).toHaveLength(0);
    expect(await mailsTo(ben)).toHaveLength(1);
    expect((await noticesOf(ana)).map((n) => n.type)).toEqual(['connectionRequest']);
  });

  it('joining missions: the owner is mailed a request by default, and not once they choose the app', async () => {
    const [ana, ben, kofi] = [await person('Ana'), await person('Ben'), await person('Kofi')];
    await choose(ben, { channels: { missionJoins: 'app' } });
    for (const owner of [ana, ben])
      await ok(
        await api('POST', `/missions/${await mission(owner, 'Food bank')}/join`, kofi.cookie, {
          role: 'partner',
        }),
      );
    expect(await mailsTo(ana)).toHaveLength(1);
    expect(await mailsTo(ben)).toHaveLength(0);
    expect((await noticesOf(ben)).map((n) => n.message)).toEqual(['asked to join Food bank as a partner']);
  });
});

describe('mission updates: per-mission levels', () => {
  it('all, important and none decide whether an update is told at all; the channel decides how', async () => {
    const [owner, partner, helper] = [await person('Owen'), await person('Pat'), await person('Cole')];
    const [all, important, none, never] = [
      await person('Alle'),
      await person('Imke'),
      await person('Nona'),
      await person('Neve'),
    ];
    const m = await mission(owner, 'River clean-up');
    await join(m, owner, partner, 'partner');
    await join(m, owner, helper, 'collaborator');
    for (const p of [all, important, none, never])
      await ok(await api('POST', `/missions/${m}/follow`, p.cookie));
    for (const [p, level] of [
      [all, 'all'],
      [important, 'important'],
      [none, 'none'],
    ] as const)
      await choose(p, { channels: { missionUpdates: 'mail' }, missions: [{ missionId: m, level }] });
    // A member's level counts as a follower's does.
    await choose(helper, {
      channels: { missionUpdates: 'mail' },
      missions: [{ missionId: m, level: 'none' }],
    });

    const update = async (author: Person, content: string, emergency = false) => {
      smtp.messages.length = 0;
      await ok(
        await api('POST', '/posts/create', author.cookie, {
          content,
          mission: { missionId: m, title: 'River clean-up', updateCount: 1 },
          ...(emergency && { emergencyEmoji: '🚨' }),
        }),
      );
      await t.app.deps.jobs.drain();
    };
    const heard = async (p: Person) =>
      (await noticesOf(p)).filter((n) => n.type === 'missionUpdate' && n.relatedPost).length;
    const mailed = async (p: Person) => (await mailsTo(p)).length;

    // A collaborator's everyday update: 'all' only ('important' does not count it).
    await update(helper, 'Bags are in the shed');
    expect([await heard(all), await heard(important), await heard(none), await heard(never)]).toEqual([
      1, 0, 0, 1,
    ]);
    expect([await mailed(all), await mailed(important), await mailed(none), await mailed(never)]).toEqual([
      1, 0, 0, 0,
    ]);

    // A partner leads the mission: important.
    await update(partner, 'We meet at the bridge at nine');
    expect([await heard(all), await heard(important), await heard(none), await heard(never)]).toEqual([
      2, 1, 0, 2,
    ]);
    expect([await mailed(all), await mailed(important), await mailed(none)]).toEqual([1, 1, 0]);

    // A collaborator's emergency: important.
    await update(helper, 'The river is rising, stay away from the banks', true);
    expect([await heard(all), await heard(important), await heard(none)]).toEqual([3, 2, 0]);
    expect([await mailed(all), await mailed(important), await mailed(none)]).toEqual([1, 1, 0]);

    // The owner's: important; the member who chose none hears nothing, not even in the app.
    await update(owner, 'Thank you all');
    expect([await heard(all), await heard(important), await heard(none), await heard(helper)]).toEqual([
      4, 3, 0, 0,
    ]);
    expect([await mailed(all), await mailed(important), await mailed(none), await mailed(helper)]).toEqual([
      1, 1, 0, 0,
    ]);
    // Someone who never chose: every update in the app, none mailed (the digest's kind).
    expect(await heard(never)).toBe(4);
    expect(await mailed(never)).toBe(0);

    // Back to all: the next collaborator's update reaches them again.
    await choose(important, { missions: [{ missionId: m, level: 'all' }] });
    await update(partner, 'Gloves are on the table');
    await update(helper, 'Two more bags');
    expect(await heard(important)).toBe(5);
  });
});

describe('quiet hours', () => {
  const zone = 'Asia/Kolkata';
  /** A clock in `zone`, `shift` minutes from now. */
  const clockIn = (shift: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(Date.now() + shift * 60_000));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part('hour')}:${part('minute')}`;
  };
  const waitingDeliveries = async (notificationId: string) =>
    (
      await sql<{ startAfter: Date }>`
        select start_after from pgboss.job
        where name = ${DELIVERY_QUEUE} and state = 'created' and data->>'notificationId' = ${notificationId}`.execute(
        t.db,
      )
    ).rows;

  /** As if the window's end had come: it lies behind now, and the waiting delivery is due. */
  async function endOfQuiet(p: Person, notificationId: string) {
    await choose(p, { quietHours: { enabled: true, start: clockIn(-120), end: clockIn(-1) } });
    await sql`update pgboss.job set start_after = now() where name = ${DELIVERY_QUEUE}
      and data->>'notificationId' = ${notificationId} and state = 'created'`.execute(t.db);
  }

  it('holding now in the person’s time zone: no mail now; the notice waits on the queue for their end, then mails', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    await choose(ana, {
      quietHours: { enabled: true, start: clockIn(-60), end: clockIn(60) },
      timeZone: zone,
    });
    await offerOn(await needOf(ana), kofi);
    expect(await mailsTo(ana)).toHaveLength(0);
    const [notice] = await noticesOf(ana);
    const waiting = await waitingDeliveries(notice!._id);
    expect(waiting).toHaveLength(1);
    // Their end, an hour from now (to the minute).
    const wait = new Date(waiting[0]!.startAfter).getTime() - Date.now();
    expect(wait).toBeGreaterThan(55 * 60_000);
    expect(wait).toBeLessThan(61 * 60_000);

    // Their end comes: the window lies behind now (as it will an hour from now), and the job is due.
    await endOfQuiet(ana, notice!._id);
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Kofi');
  });

  it('read in the app before they end: nothing is mailed then', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    await choose(ana, {
      quietHours: { enabled: true, start: clockIn(-30), end: clockIn(90) },
      timeZone: zone,
    });
    await offerOn(await needOf(ana), kofi);
    const [notice] = await noticesOf(ana);
    await ok(await api('PUT', '/notifications/mark-all-read', ana.cookie));
    await endOfQuiet(ana, notice!._id);
    expect(await mailsTo(ana)).toHaveLength(0);
  });

  it('outside the window, or turned off over one holding now: mail at once', async () => {
    const [ana, ben, kofi] = [await person('Ana'), await person('Ben'), await person('Kofi')];
    await choose(ana, {
      quietHours: { enabled: true, start: clockIn(120), end: clockIn(180) },
      timeZone: zone,
    });
    await choose(ben, {
      quietHours: { enabled: false, start: clockIn(-60), end: clockIn(60) },
      timeZone: zone,
    });
    await offerOn(await needOf(ana), kofi);
    await offerOn(await needOf(ben), kofi);
    expect(await mailsTo(ana)).toHaveLength(1);
    expect(await mailsTo(ben)).toHaveLength(1);
    const [notice] = await noticesOf(ana);
    expect(await waitingDeliveries(notice!._id)).toEqual([]);
  });

  it('the same window read in another time zone does not hold now', async () => {
    const [ana, kofi] = [await person('Ana'), await person('Kofi')];
    // Kolkata's hour around now, but the person lives in UTC−10: 15½ hours away, outside it.
    await choose(ana, {
      quietHours: { enabled: true, start: clockIn(-60), end: clockIn(60) },
      timeZone: 'Pacific/Honolulu',
    });
    await offerOn(await needOf(ana), kofi);
    expect(await mailsTo(ana)).toHaveLength(1);
  });
});
