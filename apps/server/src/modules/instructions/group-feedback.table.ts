import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';

/**
 * A group feedback (Gruppenrückmeldung, decision 069): a supervisor (`instructor_id`) confirms an instruction
 * given in person on `given_on`. Written once, never edited.
 */
export const instructionGroupFeedbacks = pgTable(
  'instruction_group_feedbacks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    /** The supervisor who gave the instruction; kept null when that employee is deleted. */
    instructorId: integer('instructor_id').references(() => employees.id, { onDelete: 'set null' }),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('instruction_group_feedbacks_portal').on(t.portalId, t.givenOn)],
);

/** One confirmed item of a group feedback: the employee, the topic and kind, and the assignment set done. */
export const instructionGroupFeedbackItems = pgTable(
  'instruction_group_feedback_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => instructionGroupFeedbacks.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id),
    type: text('type').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    /** The assignment set done (E); null once that assignment is gone. */
    assignmentId: integer('assignment_id').references(() => instructionAssignments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('instruction_group_feedback_items_feedback').on(t.feedbackId),
    // One confirmation per employee, topic, kind and day: a second submit of the same form is reported.
    uniqueIndex('instruction_group_feedback_items_once').on(t.employeeId, t.topicId, t.type, t.givenOn),
  ],
);
