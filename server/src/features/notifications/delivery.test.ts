import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { quietUntil } from './notice-channels.js';

/**
 * Issue 34's core (decision 061): a stored notice goes on to its kind's channel through the queue,
 * over a real SMTP server.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;

async function needWithOffer(author: Person, helper: Person) {
  const created = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Transport',
    title: 'A van to the clinic',
    content: 'A van to take supplies to the clinic on Saturday',
  });
  const id = created.json().data._id as string;
  expect(
    (await api('POST', `/posts/${id}/offers`, helper.cookie, { message: 'I have a van' })).statusCode,
  ).toBe(200);
  await t.app.deps.jobs.drain();
  return id;
}

/** Mail goes on its own turn: lets the queue's mail pass run, then what reached `to`. */
async function mailTo(to: string) {
  await t.app.deps.jobs.drain();
  return smtp.messages.filter((m) => m.envelopeTo.includes(to));
}

describe('an offer of help reaches its author by mail (the default for offers)', () => {
  it('mails the verified author once, naming the helper, with the link the app’s click opens', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const kofi = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    const id = await needWithOffer(ana, kofi);
    const mails = await mailTo(ana.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kofi Mensah offered to help with “A van to the clinic”');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/#/post/${id}`);
    // Delivery running again (a retry, a second worker) mails nothing more.
    await t.app.deps.jobs.drain();
    expect(await mailTo(ana.user.email)).toHaveLength(1);
  });

  it('mails nobody whose address is not verified', async () => {
    const ana = await signedInUser(t, { emailVerifiedAt: null });
    const kofi = await signedInUser(t);
    await needWithOffer(ana, kofi);
    expect(await mailTo(ana.user.email)).toHaveLength(0);
  });
});

describe('quiet hours', () => {
  const quiet = { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Lisbon' };
  it('hold what comes at night until their end, in the person’s time zone', () => {
    // 23:30 in Lisbon in winter (UTC+0) → 07:00 the next morning.
    expect(quietUntil(quiet, new Date('2026-01-10T23:30:00Z'))?.toISOString()).toBe(
      '2026-01-11T07:00:00.000Z',
    );
    // 06:59 in summer (UTC+1) is 05:59Z → 06:00Z.
    expect(quietUntil(quiet, new Date('2026-07-10T05:59:00Z'))?.toISOString()).toBe(
      '2026-07-10T06:00:00.000Z',
    );
    expect(quietUntil(quiet, new Date('2026-01-10T12:00:00Z'))).toBeNull();
    expect(quietUntil({ ...quiet, enabled: false }, new Date('2026-01-10T23:30:00Z'))).toBeNull();
    // Within one day (13:00–14:00).
    expect(
      quietUntil({ ...quiet, start: '13:00', end: '14:00' }, new Date('2026-01-10T13:15:00Z'))?.toISOString(),
    ).toBe('2026-01-10T14:00:00.000Z');
  });
});
