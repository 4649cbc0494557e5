import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * Locations tree (Orte) with the location details of spec modules.md §3 "Location details".
 * Sibling names are unique (case-insensitive) per parent; roots count as one level per portal.
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    name: text('name').notNull(),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    emergencyNumber: text('emergency_number'),
    fireNumber: text('fire_number'),
    ...versioned,
  },
  (t) => [
    index('locations_portal_parent').on(t.portalId, t.parentId),
    uniqueIndex('locations_sibling_name').on(
      t.portalId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * Designations (Bezeichnungen): named places within a location ('Halle 2', 'Raum 104', 'Lager Süd').
 * Other modules reference them by id (e.g. hazardous-substance storage: "valid location, valid designation").
 */
export const locationDesignations = pgTable(
  'location_designations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('location_designations_name').on(t.locationId, sql`lower(${t.name})`)],
);

/**
 * Departments tree (Abteilungen). A department container (`is_container`) groups departments and carries
 * the average monthly working hours per employee (0–744), used e.g. for accident rates per hours worked.
 */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    isContainer: boolean('is_container').notNull().default(false),
    monthlyHours: numeric('monthly_hours', { precision: 5, scale: 2, mode: 'number' }),
    ...versioned,
  },
  (t) => [
    index('departments_portal_parent').on(t.portalId, t.parentId),
    uniqueIndex('departments_sibling_name').on(
      t.portalId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    check(
      'departments_monthly_hours',
      sql`${t.monthlyHours} is null or (${t.isContainer} and ${t.monthlyHours} between 0 and 744)`,
    ),
  ],
);
