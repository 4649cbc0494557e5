import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

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

/**
 * Settings of a category with `scope: 'portal'` (e.g. the instructions' display and reminder settings), one row
 * per portal and category; no row means the category's defaults apply to that portal.
 */
export const portalSettings = pgTable(
  'portal_settings',
  {
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [primaryKey({ columns: [t.portalId, t.key] })],
);
