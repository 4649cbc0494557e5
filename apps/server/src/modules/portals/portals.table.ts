import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';

/** Portals are tenants: the main portal (the operator) and customer portals. */
export const portals = pgTable(
  'portals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    /** Licensed number of active employees (spec §8 import code 910); null = unlimited. */
    licensedEmployees: integer('licensed_employees'),
    ...versioned,
  },
  (t) => [uniqueIndex('portals_single_main').on(t.isMain).where(sql`${t.isMain}`)],
);
