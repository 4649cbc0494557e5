import { boolean, index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { precautionCatalogueEntries } from './occupational-medicine.table.ts';

/**
 * Works doctors (Betriebsärzte, decision 063): an employee account of a portal that signs in through the
 * works-doctor login. `login_allowed` off keeps the entry but refuses the sign-in.
 */
export const worksDoctors = pgTable(
  'works_doctors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    loginAllowed: boolean('login_allowed').notNull().default(true),
    ...versioned,
  },
  (t) => [
    uniqueIndex('works_doctors_employee').on(t.employeeId),
    index('works_doctors_portal').on(t.portalId),
  ],
);

/**
 * The executing bodies a works doctor belongs to: the doctor sees the employees whose precautions name one of
 * them. Removing a body from the catalogue removes the link (a doctor left without a body cannot sign in).
 */
export const worksDoctorBodies = pgTable(
  'works_doctor_bodies',
  {
    worksDoctorId: integer('works_doctor_id')
      .notNull()
      .references(() => worksDoctors.id, { onDelete: 'cascade' }),
    executingBodyId: integer('executing_body_id')
      .notNull()
      .references(() => precautionCatalogueEntries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.worksDoctorId, t.executingBodyId] }),
    index('works_doctor_bodies_body').on(t.executingBodyId),
  ],
);
