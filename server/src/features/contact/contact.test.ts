import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';

const valid = {
  name: 'Ada Okafor',
  email: 'ada@example.org',
  subject: 'partnership',
  message: 'We run a food bank in Lagos and would like to partner on a relief mission.',
};

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, CONTACT_INBOX: 'inbox@muster.test' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('contactMessages').execute();
  smtp.messages.length = 0;
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/email/contact', payload: payload as object, headers });

const storedCount = async () =>
  (
    await t.db
      .selectFrom('contactMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /api/v1/email/contact', () => {
  it('stores the message and mails it to the team inbox over SMTP', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('inbox@muster.test'));
    expect(mail.subject).toBe('[Muster contact] Partnership from Ada Okafor');
    expect(mail.replyTo?.value[0]?.address).toBe('ada@example.org');
    expect(mail.text).toContain(valid.message);
    // Marked mailed by the mail's job, once SMTP took it.
    await t.app.deps.jobs.drain();

    const row = await t.db
      .selectFrom('contactMessages')
      .selectAll()
      .where('id', '=', body.data._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: valid.name, email: valid.email, subject: 'partnership' });
    expect(row.mailedAt).toBeInstanceOf(Date);
  });

  it('trims the fields before storing them', async () => {
    const res = await post({ ...valid, name: '  Ada  ', email: ' ada@example.org ' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('contactMessages').selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe('Ada');
    expect(row.email).toBe('ada@example.org');
    // Its mail goes on the queue: waited for here, so it cannot land in the next test's inbox.
    await smtp.waitFor((m) => m.envelopeTo.includes('inbox@muster.test'));
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name', 'Name is required'],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Name is required'],
    ['a malformed email', { ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['an unknown subject', { ...valid, subject: 'sales' }, 'subject', 'Choose a subject'],
    ['an empty message', { ...valid, message: '' }, 'message', 'Message is required'],
    [
      'an overlong message',
      { ...valid, message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
    ],
  ])(
    'refuses %s with 400 and field details, storing and mailing nothing',
    async (_label, payload, path, message) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path, message });
      expect(body).not.toHaveProperty('stack');
      expect(await storedCount()).toBe(0);
      expect(smtp.messages).toHaveLength(0);
    },
  );

  it('refuses unknown keys', async () => {
    const res = await post({ ...valid, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(await storedCount()).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const form = await post('name=a&email=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const broken = await post('{"name":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON', code: 'INVALID_JSON' });
    expect(await storedCount()).toBe(0);
  });

  it('refuses a request from another site', async () => {
    const res = await post(valid, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BAD_ORIGIN');
    expect(await storedCount()).toBe(0);
  });

  it('accepts a request from its own origin', async () => {
    const res = await post(valid, { origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body over the 256 KB limit with 413', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large');
    expect(await storedCount()).toBe(0);
  });

  it('keeps the message when the mail server is down', async () => {
    const down = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/v1/email/contact', payload: valid });
      expect(res.statusCode).toBe(200);
      await down.app.deps.jobs.drain();
      const row = await down.db.selectFrom('contactMessages').selectAll().executeTakeFirstOrThrow();
      expect(row.mailedAt).toBeNull();
      // Its mail waits to be tried again (decision 059), not dropped.
      const { rows } = await sql<{ state: string }>`
        select state from pgboss.job where name = 'contact-mail'`.execute(down.db);
      expect(rows).toEqual([{ state: 'retry' }]);
    } finally {
      await down.close();
    }
  });
});

describe('contact rate limit', () => {
  it('admits exactly CONTACT_RATE_LIMIT messages per IP, then answers 429 with Retry-After', async () => {
    const limited = await buildTestApp({ env: { CONTACT_RATE_LIMIT: '3' } });
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/email/contact',
          payload: valid,
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await send('203.0.113.7')).statusCode).toBe(200);
      const refused = await send('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget.
      expect((await send('203.0.113.8')).statusCode).toBe(200);
      const stored = await limited.db.selectFrom('contactMessages').select('id').execute();
      expect(stored).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});
