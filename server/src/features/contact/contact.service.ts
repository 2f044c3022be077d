import { type ContactMessageInput, contactSubjectLabels } from '@muster/contract/contact';
import type { Deps } from '../../platform/deps.js';
import { newId } from '../../platform/ids.js';
import type { OutgoingMail } from '../../platform/mail.js';
import { inTransaction } from '../../platform/transaction.js';
import { insertContactMessage, markContactMessageMailed } from './contact.queries.js';

/** The queue that mails contact messages to the team inbox (decision 059). */
const CONTACT_MAIL = 'contact-mail';

/**
 * Mails a stored message to the team inbox, then marks it mailed. SMTP trouble is retried by the
 * queue and never shown to the sender: the message is safe in the database (mailed_at empty).
 */
export function defineContactMail(deps: Deps) {
  deps.jobs.define(
    CONTACT_MAIL,
    async (db, data) => {
      const { id, mail } = data as { id: string; mail: OutgoingMail };
      await deps.mailer.send(mail);
      await markContactMessageMailed(db, id);
    },
    { transactional: false },
  );
}

/** Stores the message and enqueues its mail in one transaction: nothing is lost, nothing mailed twice by us. */
export async function sendContactMessage(deps: Deps, input: ContactMessageInput, ip: string) {
  return inTransaction(deps.db, async (trx) => {
    const row = await insertContactMessage(trx, { id: newId(), ...input, ip });
    const mail: OutgoingMail = {
      to: deps.config.contactInbox,
      replyTo: `${input.name.replace(/[<>"\r\n]/g, '')} <${input.email}>`,
      subject: `[Muster contact] ${contactSubjectLabels[input.subject]} from ${input.name}`.replace(
        /[\r\n]/g,
        ' ',
      ),
      text: [
        `From: ${input.name} <${input.email}>`,
        `Subject: ${contactSubjectLabels[input.subject]}`,
        `Received: ${row.createdAt.toISOString()}`,
        '',
        input.message,
      ].join('\n'),
    };
    await deps.jobs.send(trx, CONTACT_MAIL, { id: row.id, mail });
    return row;
  });
}
