import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';
import { checklists } from './checklists.table.ts';

/**
 * Password-protected checklists (decision 059): the password is hashed like employees' passwords
 * (`platform/password.ts`); `password_hash` is one of the report sandbox's secret columns.
 */
export const checklistProtections = pgTable('checklist_protections', {
  checklistId: integer('checklist_id')
    .primaryKey()
    .references(() => checklists.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  /** When the password was (last) set: unlocks from before it no longer count. */
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Who has unlocked a protected checklist with its password, and when (decision 059). */
export const checklistUnlocks = pgTable(
  'checklist_unlocks',
  {
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.employeeId] })],
);
