import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { departments, locations } from '#modules/organisation/tables.ts';
import { employees } from './employees.table.ts';

/*
 * The people of a location: they reference both a location and an employee, so they belong to the employees
 * module, the higher of the two (decision 030: organisation < employees; a foreign key points down only).
 * The organisation module reads and writes them through its OrganisationPeoplePort, which the employees
 * module implements (location-people.repository.ts).
 */

/**
 * Escalation levels 0–3 of a location (who is called, in this order, when something happens there):
 * a responsible employee and/or a contact address (e-mail, phone) per level.
 * The employee reference is set null when the employee is deleted.
 */
export const locationEscalations = pgTable(
  'location_escalations',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    employeeId: integer('employee_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    email: text('email'),
    phone: text('phone'),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.level] }),
    check('location_escalations_level', sql`${t.level} between 0 and 3`),
    index('location_escalations_employee').on(t.employeeId),
  ],
);

/** Employees responsible for a location (Verantwortliche), with an optional function ('Standortleitung'). */
export const locationResponsibilities = pgTable(
  'location_responsibilities',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references((): AnyPgColumn => employees.id, { onDelete: 'cascade' }),
    title: text('title'),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.employeeId] }),
    index('location_responsibilities_employee').on(t.employeeId),
  ],
);

/**
 * The head of a department (Abteilungsleitung, decision 045): one employee per department, a recipient type of
 * overdue instructions (spec §6). Stored here, not on `departments`, for the same reason as the location's
 * people (a foreign key points down only); the organisation module edits it through its people port.
 */
export const departmentHeads = pgTable(
  'department_heads',
  {
    departmentId: integer('department_id')
      .primaryKey()
      .references(() => departments.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references((): AnyPgColumn => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [index('department_heads_employee').on(t.employeeId)],
);
