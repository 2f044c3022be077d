import type { Selectable } from 'kysely';
import type { ContactMessagesTable } from '../../db/schema.js';

export function presentContactReceipt(row: Selectable<ContactMessagesTable>) {
  return { _id: row.id, message: 'Message received' };
}
