import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';

/**
 * Report definitions (spec modules.md "Report"): admin-entered SQL, run only through the guard of
 * `sql-guard.ts` and the runner of `report-runner.ts` (decision 015). `rights`: permission ids, any of
 * which lets a user run the report. `controller`: the module whose print dialog offers it.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    controller: text('controller').notNull(),
    sql: text('sql').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull().default(30),
    formats: text('formats').array().notNull(),
    rights: integer('rights').array().notNull(),
    ...versioned,
  },
  (t) => [uniqueIndex('reports_name_uq').on(t.name), index('reports_controller_idx').on(t.controller)],
);

/** Filters of a report (spec shell §3.3): `field` is the parameter name used as :field in the SQL. */
export const reportFilters = pgTable(
  'report_filters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    filtername: text('filtername').notNull(),
    filtercontent: text('filtercontent').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('report_filters_report_idx').on(t.reportId, t.position)],
);
