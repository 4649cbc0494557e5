import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * The staff history of the 1000-man quota (decision 062): once a month the scheduler job `accident-staff-snapshot`
 * records a portal's active employees and their monthly hours (the department's, else the nearest container's
 * above), so the statistics of a past year divide by that year's figures. One header per portal and month (the
 * first of the month, Europe/Berlin); its lines per location × department. Counts only, no personal data.
 */
export const accidentStaffSnapshots = pgTable(
  'accident_staff_snapshots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    /** The first day of the month the snapshot stands for. */
    month: date('month', { mode: 'string' }).notNull(),
    employees: integer('employees').notNull(),
    /** Σ monthly hours of the employees' departments (or containers above); 0 where none are entered. */
    monthlyHours: numeric('monthly_hours', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('accident_staff_snapshots_portal_month').on(t.portalId, t.month),
    check('accident_staff_snapshots_first_day', sql`extract(day from ${t.month}) = 1`),
    check('accident_staff_snapshots_counts', sql`${t.employees} >= 0 and ${t.monthlyHours} >= 0`),
  ],
);

/** The snapshot per location × department (null: employees without one). */
export const accidentStaffSnapshotLines = pgTable(
  'accident_staff_snapshot_lines',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => accidentStaffSnapshots.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    employees: integer('employees').notNull(),
    monthlyHours: numeric('monthly_hours', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('accident_staff_snapshot_lines_snapshot').on(t.snapshotId)],
);
