import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { silentLogger } from '../../test/helpers.js';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { createMailer } from './mail.js';

it('delivers through a real SMTP server when SMTP_URL is set', async () => {
  const smtp = await startSmtpCapture();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Muster <no-reply@muster.test>',
    outboxDir: '/nonexistent',
    log: silentLogger,
  });
  try {
    await mailer.send({
      to: 'sam@example.org',
      subject: 'Hello',
      text: 'Open http://localhost:3000/#/verify-email?token=abc',
    });
    const mail = await smtp.waitFor((m) => m.subject === 'Hello');
    expect(mail.envelopeTo).toEqual(['sam@example.org']);
    expect(mail.from?.value[0]?.address).toBe('no-reply@muster.test');
    expect(mail.text).toContain('verify-email?token=abc');
  } finally {
    mailer.close();
    await smtp.close();
  }
});

it('writes an .eml file to the dev outbox and logs its links when no SMTP server is set', async () => {
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-outbox-'));
  const logged: unknown[] = [];
  const log = { ...silentLogger, info: (obj: unknown) => logged.push(obj) } as unknown as typeof silentLogger;
  const mailer = createMailer({ smtpUrl: undefined, from: 'Muster <no-reply@muster.test>', outboxDir, log });
  try {
    await mailer.send({
      to: 'sam@example.org',
      subject: 'Verify',
      text: 'Go to http://localhost:3000/#/verify-email?token=xyz now',
    });
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Verify');
    expect(eml).toContain('To: sam@example.org');
    expect(logged).toContainEqual(
      expect.objectContaining({ links: ['http://localhost:3000/#/verify-email?token=xyz'] }),
    );
  } finally {
    mailer.close();
    await fs.rm(outboxDir, { recursive: true, force: true });
  }
});
