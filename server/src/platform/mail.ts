import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database.js';
import type { JobQueue } from './jobs.js';
import { findMailRecipient } from './mail.queries.js';

/** The queue mail goes through (decision 059): retried when SMTP fails, dead when it never takes it. */
export const MAIL_QUEUE = 'mail';

/**
 * Mails `mail` once `trx` commits, through the job queue: a link is mailed exactly when it is
 * stored. With a `key` (a notice's), a mail is sent at most once for it, however often asked.
 */
export function mailLater(
  jobs: JobQueue,
  trx: Db,
  mail: OutgoingMail,
  options?: { key?: string },
): Promise<void> {
  return jobs.send(trx, MAIL_QUEUE, mail, options);
}

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on a notice, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * A notice's recipient: the mail goes only while their account exists and `to` is still its
   * verified address, checked when it is sent (a mail waiting out quiet hours or a retry can
   * outlive the account or the address).
   */
  forUser?: string;
};

/** SMTP connections kept open to the relay at most (nodemailer's pool). */
const MAIL_CONNECTIONS = 5;

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/**
 * Sends through SMTP_URL when configured. Without it, a dev outbox writes each message as an
 * .eml file under DATA_DIR/outbox and logs its links, so sign-up and contact mail work out of
 * the box on a laptop.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { from, log, smtpUrl } = options;
  // nodemailer is loaded with the first message, not at start (decision 026).
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        (opened = smtpUrl
          ? // Pooled: a batch of mail jobs sends together over a few kept-open connections, rather
            // than a connection (and its greeting, EHLO and TLS) per message.
            nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: MAIL_CONNECTIONS })
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })),
    ));
  if (smtpUrl) {
    return {
      send: async (mail) => {
        await (await open()).sendMail({ from, ...mail });
      },
      close: () => opened?.close(),
    };
  }

  return {
    send: async (mail) => {
      const info = await (await open()).sendMail({ from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the dev outbox');
    },
    close: () => opened?.close(),
  };
}

/** The mail queue's handler: a notice's mail only to its recipient's verified address, while the account lasts. */
export async function sendMail(db: Db, mailer: Mailer, mail: OutgoingMail): Promise<void> {
  if (mail.forUser) {
    const user = await findMailRecipient(db, mail.forUser);
    if (!user?.emailVerifiedAt || user.email !== mail.to) return;
  }
  const { forUser: _forUser, ...message } = mail;
  await mailer.send(message);
}
