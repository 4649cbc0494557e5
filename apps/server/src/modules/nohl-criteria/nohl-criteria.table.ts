import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';

/**
 * The NOHL classification criteria (decision 018): at most one row (id 1) for the whole installation.
 * No row means DEFAULT_NOHL_CRITERIA apply (version 0). `cells[p-1][s-1]` holds the score 1–7.
 */
export const nohlCriteria = pgTable(
  'nohl_criteria',
  {
    id: integer('id').primaryKey().default(1),
    cells: jsonb('cells').$type<number[][]>().notNull(),
    yellowFrom: integer('yellow_from').notNull(),
    redFrom: integer('red_from').notNull(),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    check('nohl_criteria_single_row', sql`${t.id} = 1`),
    check(
      'nohl_criteria_bands',
      sql`${t.yellowFrom} > 1 and ${t.redFrom} > ${t.yellowFrom} and ${t.redFrom} <= 7`,
    ),
  ],
);
