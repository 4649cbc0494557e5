import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { substances } from './substances.table.ts';

/**
 * Values taken over from a safety data sheet PDF that nobody has confirmed yet (decision 049): one row per
 * substance and field, shown as „aus PDF übernommen – ungeprüft“ until a person confirms it (the row goes,
 * the confirmation is logged). `value` is what was proposed, for the editor's list.
 */
export const substanceSdsProposals = pgTable(
  'substance_sds_proposals',
  {
    substanceId: integer('substance_id')
      .notNull()
      .references(() => substances.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.substanceId, t.field] })],
);
