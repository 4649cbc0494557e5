import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every editable table carries: optimistic-locking version and timestamps. */
export const versioned = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
