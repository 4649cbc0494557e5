import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';

/**
 * Installation-wide settings, one row per category (packages/shared/src/settings/). No row means the
 * category's defaults apply. Secret fields inside `value` are sealed by platform/secrets.ts.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
  ...versioned,
});
