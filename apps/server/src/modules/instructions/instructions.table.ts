import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { storedFiles } from '#modules/documents/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/** The text a topic list searches (backed by a trigram index). */
export const topicSearchText = (t: {
  identifier: AnyPgColumn;
  number: AnyPgColumn;
  label: AnyPgColumn;
}): SQL => sql`lower(${t.identifier} || ' ' || ${t.number} || ' ' || ${t.label})`;

/**
 * Instruction definitions (Unterweisungen, "topics", decision 036): one row per topic of a portal. `released`
 * is the spec's status (released / locked); `parent_id` chains topics (superior → subordinate, at most one
 * subordinate per topic: the unique index).
 */
export const instructionTopics = pgTable(
  'instruction_topics',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    label: text('label').notNull(),
    number: text('number').notNull().default(''),
    identifier: text('identifier').notNull(),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    intervalDays: integer('interval_days').notNull().default(365),
    mode: smallint('mode').notNull().default(1),
    minScore: integer('min_score'),
    poolCount: integer('pool_count'),
    durationDays: integer('duration_days'),
    minutes: integer('minutes'),
    effectiveness: smallint('effectiveness').notNull().default(0),
    inactive: boolean('inactive').notNull().default(false),
    released: boolean('released').notNull().default(false),
    parentId: integer('parent_id').references((): AnyPgColumn => instructionTopics.id),
    /**
     * The presentation file (decision 044): a PDF in the documents' file store, shown page by page in the
     * run-through; its stored name and page count (counted on upload).
     */
    presentationHash: text('presentation_hash').references(() => storedFiles.hash),
    presentationName: text('presentation_name'),
    presentationPages: integer('presentation_pages'),
    ...versioned,
  },
  (t) => [
    uniqueIndex('instruction_topics_identifier').on(t.portalId, sql`lower(${t.identifier})`),
    uniqueIndex('instruction_topics_one_child').on(t.parentId),
    index('instruction_topics_search_trgm').using('gin', sql`(${topicSearchText(t)}) gin_trgm_ops`),
    check('instruction_topics_mode', sql`${t.mode} in (1, 3)`),
    check('instruction_topics_effectiveness', sql`${t.effectiveness} between 0 and 2`),
    check('instruction_topics_interval', sql`${t.intervalDays} between 0 and 3650`),
    check(
      'instruction_topics_valid',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
    check('instruction_topics_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** One answer choice of a question; a question holds 3–5 of them in order (decision 036). */
export type StoredAnswer = { text: string; right: boolean };

/**
 * The questions of a topic. The 3–5 answers are one JSON array (text + right flag, in order): they are only
 * ever read and saved with their question, and the run-through (later slice) records the chosen positions.
 */
export const instructionQuestions = pgTable(
  'instruction_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    text: text('text').notNull(),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    slideFrom: integer('slide_from'),
    slideTo: integer('slide_to'),
    pageFrom: integer('page_from'),
    pageTo: integer('page_to'),
    secondFrom: integer('second_from'),
    secondTo: integer('second_to'),
    rightMessage: text('right_message').notNull().default(''),
    wrongMessage: text('wrong_message').notNull().default(''),
    /** The question's image (decision 044): PNG, JPEG or WebP in the documents' file store. */
    imageHash: text('image_hash').references(() => storedFiles.hash),
    imageType: text('image_type'),
    ...versioned,
  },
  (t) => [
    uniqueIndex('instruction_questions_number').on(t.topicId, t.number),
    check(
      'instruction_questions_answers',
      sql`jsonb_typeof(${t.answers}) = 'array' and jsonb_array_length(${t.answers}) between 3 and 5`,
    ),
  ],
);

/**
 * Instruction assignments (decision 036, second slice): one item an employee has to complete. Types as the spec
 * (instruction, appointment, document, SCORM package, occupational-medical check-up; this slice creates
 * instructions), status O open, A started, P waiting for approval, T appointment scheduled, E done. The due date
 * it was created with stays in `original_due_date`; the day it became E in `completed_on` (decision 077).
 */
export const instructionAssignments = pgTable(
  'instruction_assignments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id),
    type: text('type').notNull().default('instruction'),
    status: text('status').notNull().default('O'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    originalDueDate: date('original_due_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    /** The Europe/Berlin day the item became E (decision 077); null while it is not done. */
    completedOn: date('completed_on', { mode: 'string' }),
    durationDays: integer('duration_days'),
    oneTime: boolean('one_time').notNull().default(false),
    /** Created by a profile (decision 040): reconciling may remove it while it is open. */
    byProfile: boolean('by_profile').notNull().default(false),
    ...versioned,
  },
  (t) => [
    index('instruction_assignments_employee').on(t.employeeId, t.status),
    index('instruction_assignments_topic').on(t.topicId, t.status),
    check(
      'instruction_assignments_type',
      sql`${t.type} in ('instruction', 'appointment', 'document', 'scorm', 'checkup')`,
    ),
    check('instruction_assignments_status', sql`${t.status} in ('O', 'A', 'P', 'T', 'E')`),
    // Only a done item has a completion day (decision 077): a path that leaves E must clear it.
    check('instruction_assignments_completed_on', sql`${t.status} = 'E' or ${t.completedOn} is null`),
    // At most one unfinished item of a kind per employee and topic (decision 045): concurrent assignments
    // (a profile run and a single assignment, two app instances) insert with `on conflict do nothing`.
    uniqueIndex('instruction_assignments_unfinished')
      .on(t.employeeId, t.topicId, t.type)
      .where(sql`${t.status} <> 'E'`),
  ],
);
