import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';

/** One given answer of a run: the question, the chosen positions, whether it was right. */
export type RunGivenAnswer = { questionId: number; chosen: number[]; right: boolean };

/**
 * The employee's run-through of an assignment (decision 041): one row per assignment, kept across restarts
 * (`attempt` counts up). `question_ids` are the questions drawn for the current attempt in the order asked,
 * `position` the index of the next one, `answers` what was given. Wrong answers are counted per calendar day
 * in Europe/Berlin (`wrong_day`, `wrong_on_day`): the second on one day blocks until the next.
 */
export const instructionRuns = pgTable(
  'instruction_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => instructionAssignments.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id),
    status: text('status').notNull().default('running'),
    attempt: integer('attempt').notNull().default(1),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    position: integer('position').notNull().default(0),
    answers: jsonb('answers').$type<RunGivenAnswer[]>().notNull().default([]),
    score: integer('score').notNull().default(0),
    wrongDay: date('wrong_day', { mode: 'string' }),
    wrongOnDay: integer('wrong_on_day').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The presentation (decision 044): the slide (PDF page, 1-based) the employee is on, and whether they went
     * past the last one. Kept here so that a run resumes at its slide.
     */
    slide: integer('slide').notNull().default(1),
    slidesDone: boolean('slides_done').notNull().default(false),
    ...versioned,
  },
  (t) => [
    uniqueIndex('instruction_runs_assignment').on(t.assignmentId),
    index('instruction_runs_employee').on(t.employeeId),
    check('instruction_runs_status', sql`${t.status} in ('running', 'passed')`),
  ],
);

/**
 * Feedback on an instruction (the run-through's feedback dialog): the message is kept, and mailed to the
 * employee's supervisors; `mail_code` is the spec's callback code of the outcome (0x800, 0x502, 0x803).
 */
export const instructionFeedback = pgTable(
  'instruction_feedback',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => instructionAssignments.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id),
    message: text('message').notNull(),
    mailCode: text('mail_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('instruction_feedback_topic').on(t.topicId)],
);
