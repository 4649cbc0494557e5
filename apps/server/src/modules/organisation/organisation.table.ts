import { type AnyPgColumn, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { portals } from '#modules/portals/portals.table.ts';

/** Locations tree (Orte). The full location record comes with the organisation module. */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    name: text('name').notNull(),
    ...versioned,
  },
  (t) => [index('locations_portal_parent').on(t.portalId, t.parentId)],
);

/** Departments tree (Abteilungen). */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    ...versioned,
  },
  (t) => [index('departments_portal_parent').on(t.portalId, t.parentId)],
);
