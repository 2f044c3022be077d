import { type Kysely, sql } from 'kysely';

/**
 * Chats over the live channel (issue 15).
 *
 * `chat_requests`: a first message to someone who takes messages only from their connections
 * waits here until they accept it (it becomes the first message of the pair's chat) or decline it
 * (it goes). One per sender and recipient, so a second message while one waits is refused (409)
 * rather than stacked; a sender's retry is known by its `client_message_id`. Listed per
 * recipient newest first.
 *
 * `chat_messages.client_message_id`: the sender's own id for a message (made by their client),
 * unique per sender, so a retry or a double click inserts nothing the second time — the unique
 * index decides, even for two sends at once.
 *
 * `chat_members.accepts_messages`: this member takes messages from the others in this chat
 * whatever their message policy says, because they wrote in it or accepted the request (or the
 * offer of help) that opened it. 0012's rule was "the recipient wrote in it"; accepting a request
 * is the same consent without a word written, so it is kept on the member's row. Rows of people
 * who wrote, and owners of accepted offers (whose chat begins with the offer's message, its id the
 * offer's), are marked as they would have been.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('client_message_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addCheckConstraint('chat_requests_not_to_self', sql`sender_id <> recipient_id`)
    .execute();
  await sql`create unique index chat_requests_one_per_pair on chat_requests (sender_id, recipient_id)`.execute(
    db,
  );
  await sql`create index chat_requests_to on chat_requests (recipient_id, created_at desc, id desc)`.execute(
    db,
  );

  await sql`alter table chat_messages add column client_message_id uuid`.execute(db);
  await sql`create unique index chat_messages_client_id on chat_messages (sender_id, client_message_id) where client_message_id is not null`.execute(
    db,
  );

  await sql`alter table chat_members add column accepts_messages boolean not null default false`.execute(db);
  await sql`
    update chat_members cm set accepts_messages = true
    where exists (select 1 from chat_messages m where m.chat_id = cm.chat_id and m.sender_id = cm.user_id)
       or exists (select 1 from chat_messages m join offers o on o.id = m.id
                  where m.chat_id = cm.chat_id and o.owner_id = cm.user_id and o.status = 'accepted')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_members drop column if exists accepts_messages`.execute(db);
  await sql`drop index if exists chat_messages_client_id`.execute(db);
  await sql`alter table chat_messages drop column if exists client_message_id`.execute(db);
  await db.schema.dropTable('chat_requests').ifExists().execute();
}
