import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { storedFiles } from '#modules/documents/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';

/**
 * A SCORM package as the whole content of an instruction topic (decision 068): one row per topic. The zip is kept
 * in the documents' content-addressed store (`package_hash` → `stored_files`) and unpacked beside it; the
 * manifest's version, title and the launch file of its first SCO are read on upload.
 */
export const instructionScormPackages = pgTable(
  'instruction_scorm_packages',
  {
    topicId: integer('topic_id')
      .primaryKey()
      .references(() => instructionTopics.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    packageHash: text('package_hash')
      .notNull()
      .references(() => storedFiles.hash),
    fileName: text('file_name').notNull(),
    /** '1.2' or '2004'. */
    scormVersion: text('scorm_version').notNull(),
    title: text('title').notNull(),
    /** The launch file of the first SCO, relative to the package's root, with its query (if any). */
    launch: text('launch').notNull(),
    size: integer('size').notNull(),
    ...versioned,
  },
  (t) => [
    check('instruction_scorm_packages_version_check', sql`${t.scormVersion} in ('1.2', '2004')`),
    index('instruction_scorm_packages_portal_idx').on(t.portalId),
  ],
);

/**
 * The learner's SCORM data of one assignment (decision 068): the `cmi` object as the runtime committed it, with
 * the values the application reads taken out (completion, success, score, suspend data, location), the time
 * spent (`prior_seconds` of ended sessions + `session_seconds` of the current one) and the current launch's
 * token (only its SHA-256; the frame's content URLs carry the token).
 */
export const instructionScormAttempts = pgTable(
  'instruction_scorm_attempts',
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
    /** The package the data belongs to (a replaced package starts the learner's data afresh). */
    packageHash: text('package_hash').notNull(),
    scormVersion: text('scorm_version').notNull(),
    cmi: jsonb('cmi').$type<Record<string, unknown>>().notNull().default({}),
    completionStatus: text('completion_status'),
    successStatus: text('success_status'),
    scoreRaw: text('score_raw'),
    scoreScaled: text('score_scaled'),
    suspendData: text('suspend_data'),
    location: text('location'),
    priorSeconds: integer('prior_seconds').notNull().default(0),
    sessionSeconds: integer('session_seconds').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    launchTokenHash: text('launch_token_hash'),
    launchExpiresAt: timestamp('launch_expires_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...versioned,
  },
  (t) => [
    uniqueIndex('instruction_scorm_attempts_assignment_idx').on(t.assignmentId),
    uniqueIndex('instruction_scorm_attempts_token_idx').on(t.launchTokenHash),
    index('instruction_scorm_attempts_employee_idx').on(t.employeeId),
  ],
);
