import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionTopics } from './instructions.table.ts';

/**
 * A removed instruction item with its classification (decision 080, spec §8 "instruction-removal classification"):
 * what was removed (employee, topic with its identifier and label as they were, due day), the action chosen, the
 * replacing topic where the action is „ersetzt“, and the reason in full sentences. Written once, never edited;
 * the employer's trace of why an employee no longer has to complete an instruction.
 */
export const instructionRemovals = pgTable(
  'instruction_removals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The topic; null once it is deleted (identifier and label stay). */
    topicId: integer('topic_id').references(() => instructionTopics.id, { onDelete: 'set null' }),
    topicIdentifier: text('topic_identifier').notNull(),
    topicLabel: text('topic_label').notNull(),
    /** The item's type (instruction, document, …) and due day when it was removed. */
    itemType: text('item_type').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    replacementTopicId: integer('replacement_topic_id').references(() => instructionTopics.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    /** Who removed it; kept null when that employee is deleted. */
    removedBy: integer('removed_by').references(() => employees.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('instruction_removals_topic').on(t.topicId),
    index('instruction_removals_employee').on(t.employeeId),
    check(
      'instruction_removals_action',
      sql`${t.action} in ('assignedByMistake', 'activityEnded', 'replaced', 'proofElsewhere')`,
    ),
    // Only „ersetzt“ names a replacing topic (which may be deleted later: then it is null).
    check(
      'instruction_removals_replacement',
      sql`${t.action} = 'replaced' or ${t.replacementTopicId} is null`,
    ),
  ],
);
