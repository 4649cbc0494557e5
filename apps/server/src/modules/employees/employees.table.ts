import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { departments, locations } from '#modules/organisation/organisation.table.ts';
import { portals } from '#modules/portals/portals.table.ts';

/**
 * Employees (Mitarbeiter): the fields needed for sign-in, display and the picker.
 * The full employee record is added by the employees module (issue 3).
 */
export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    personnelNumber: text('personnel_number').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    loginName: text('login_name'),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash'),
    departmentId: integer('department_id').references(() => departments.id),
    locationId: integer('location_id').references(() => locations.id),
    ...versioned,
  },
  (t) => [
    uniqueIndex('employees_portal_personnel_number').on(t.portalId, t.personnelNumber),
    uniqueIndex('employees_login_name').on(sql`lower(${t.loginName})`),
    index('employees_name_order').on(t.lastName, t.firstName, t.id),
    index('employees_personnel_number_order').on(t.personnelNumber, t.id),
    index('employees_search_trgm').using('gin', sql`(${employeeSearchText(t)}) gin_trgm_ops`),
  ],
);

type SearchColumns = Record<
  'lastName' | 'firstName' | 'personnelNumber' | 'loginName' | 'email',
  AnyPgColumn
>;

/**
 * The text the employee search runs over. The trigram index above is built on exactly this expression,
 * so the list source must use this function too (see employees.repository.ts).
 */
export function employeeSearchText(t: SearchColumns) {
  return sql`${t.lastName} || ' ' || ${t.firstName} || ' ' || ${t.personnelNumber} || ' ' || coalesce(${t.loginName}, '') || ' ' || coalesce(${t.email}, '')`;
}
