import { date, integer, pgTable } from 'drizzle-orm/pg-core';
import { instructionAssignments } from './instructions.table.ts';

/**
 * What the reminder job has mailed for an assignment (decision 042): the day of the last reminder to the
 * employee and the day the overdue item was reported to the supervisors. One row per assignment that was ever
 * reminded; it goes with the assignment. The claim statements of the job set these days, so a run (or a second
 * app instance) never mails the same thing twice.
 */
export const instructionReminders = pgTable('instruction_reminders', {
  assignmentId: integer('assignment_id')
    .primaryKey()
    .references(() => instructionAssignments.id, { onDelete: 'cascade' }),
  remindedOn: date('reminded_on', { mode: 'string' }),
  escalatedOn: date('escalated_on', { mode: 'string' }),
  /** The escalation step reached (0 none, 1–3; decision 045): step n after n × escalateAfterDays overdue. */
  escalationLevel: integer('escalation_level').notNull().default(0),
});
