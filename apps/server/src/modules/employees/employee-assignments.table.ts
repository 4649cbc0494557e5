import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { departments } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { employees } from './employees.table.ts';

/**
 * Organisational responsibility (Verantwortungsbereich): the employee is responsible for a department.
 * A department responsibility covers its sub-departments (see employee-assignments.service.ts).
 */
export const employeeDepartmentResponsibilities = pgTable(
  'employee_department_responsibilities',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.departmentId] }),
    index('employee_department_responsibilities_department').on(t.departmentId),
  ],
);

// Organisational responsibility for a location: `location_responsibilities` (location-people.table.ts; the
// same fact seen from the location: 'Verantwortliche', with an optional function).

/** Disciplinary responsibility: the supervisor (Disziplinarvorgesetzte/r) leads the employee. */
export const employeeSupervisors = pgTable(
  'employee_supervisors',
  {
    supervisorId: integer('supervisor_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.supervisorId, t.employeeId] }),
    index('employee_supervisors_employee').on(t.employeeId),
    check('employee_supervisors_not_self', sql`${t.supervisorId} <> ${t.employeeId}`),
  ],
);

/** Portal assignment: an employee of one portal also works in further (customer) portals. */
export const employeePortals = pgTable(
  'employee_portals',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.portalId] }),
    index('employee_portals_portal').on(t.portalId),
  ],
);
