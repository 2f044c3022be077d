import { type ContactMessageInput, contactSubjectLabels } from '@muster/contract/contact';
import type { Deps } from '../../platform/deps.js';
import { newId } from '../../platform/ids.js';
import { insertContactMessage, markContactMessageMailed } from './contact.queries.js';

/**
 * Stores the message first, then mails it to the team inbox. A mail failure is logged, not
 * shown: the message is safe in the database (mailed_at stays empty) and nothing is lost.
 */
export async function sendContactMessage(deps: Deps, input: ContactMessageInput, ip: string) {
  const row = await insertContactMessage(deps.db, { id: newId(), ...input, ip });
  try {
    await deps.mailer.send({
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
    });
    await markContactMessageMailed(deps.db, row.id);
  } catch (err) {
    deps.log.error({ err, contactMessageId: row.id }, 'contact message stored but not mailed');
  }
  return row;
}
