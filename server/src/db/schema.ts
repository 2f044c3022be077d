import type { ColumnType, Generated } from 'kysely';

// Kysely's view of the database. Columns are snake_case in SQL and camelCase here
// (CamelCasePlugin). One interface per table, added by the migration that creates it.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  mailedAt: Date | null;
  createdAt: CreatedAt;
}

export interface Database {
  appMeta: AppMetaTable;
  contactMessages: ContactMessagesTable;
}

export type Id = Generated<string>;
