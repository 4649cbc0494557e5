import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';

/**
 * Generated passwords of "Passwort vergessen?" (decision 012): one per employee, stored hashed, valid
 * until `valid_until` (2 hours, spec modules.md §9). The employee's own password keeps working until the
 * generated one is used; using it replaces the password and forces the first-login change.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    employeeId: integer('employee_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_valid_until_idx').on(t.validUntil)],
);
