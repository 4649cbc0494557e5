import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * Actions (Maßnahmen, decision 020): generic over a source (`source_type` + `source_id`, e.g. 'hazard' +
 * hazard id; 'general' + 0 for stand-alone actions). `location_id` is the location the action belongs to
 * (copied from the source when it has one) and drives the ACTIONS_AREA scope.
 * `external_executor` is null unless the executor is an external person (then their name).
 */
export const actions = pgTable(
  'actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    designation: text('designation').notNull(),
    description: text('description').notNull().default(''),
    type: text('type'),
    dueDate: date('due_date', { mode: 'string' }),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    doneBy: integer('done_by').references(() => employees.id, { onDelete: 'set null' }),
    responsibleId: integer('responsible_id')
      .notNull()
      .references(() => employees.id),
    executorId: integer('executor_id').references(() => employees.id),
    externalExecutor: text('external_executor'),
    informational: boolean('informational').notNull().default(false),
    immediateFlags: integer('immediate_flags').notNull().default(0),
    effectiveness: text('effectiveness').notNull().default('notChecked'),
    effectivenessCheckedOn: date('effectiveness_checked_on', { mode: 'string' }),
    effectivenessCheckedBy: integer('effectiveness_checked_by').references(() => employees.id, {
      onDelete: 'set null',
    }),
    ...versioned,
  },
  (t) => [
    index('actions_source').on(t.sourceType, t.sourceId),
    index('actions_portal_due').on(t.portalId, t.dueDate, t.id),
    index('actions_responsible').on(t.responsibleId),
    index('actions_executor').on(t.executorId),
    index('actions_location').on(t.locationId),
    index('actions_designation_trgm').using('gin', sql`${t.designation} gin_trgm_ops`),
    check(
      'actions_type',
      sql`${t.type} is null or ${t.type} in ('substitution', 'technical', 'organisational', 'personal')`,
    ),
    check('actions_immediate_flags', sql`${t.immediateFlags} between 0 and 15`),
    check('actions_effectiveness', sql`${t.effectiveness} in ('notChecked', 'effective', 'notEffective')`),
    check('actions_one_executor', sql`${t.executorId} is null or ${t.externalExecutor} is null`),
  ],
);

/** Participants, observers and affected employees of an action (role column). */
export const actionPeople = pgTable(
  'action_people',
  {
    actionId: integer('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.role, t.employeeId] }),
    index('action_people_employee').on(t.employeeId),
    check('action_people_role', sql`${t.role} in ('participant', 'observer', 'affected')`),
  ],
);

/**
 * Tasks (Aufgaben, decision 020): work for one employee (assignee) from any module. Kind 'action' is the
 * executor's task of an action (at most one not done per action); 'release', 'check', 'document' belong
 * to their source (e.g. a hazard assessment). State open → problem (reported, back with the responsible)
 * → open (resolved) → done.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    kind: text('kind').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    actionId: integer('action_id').references(() => actions.id, { onDelete: 'cascade' }),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    responsibleId: integer('responsible_id').references(() => employees.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    linkPath: text('link_path'),
    dueDate: date('due_date', { mode: 'string' }),
    state: text('state').notNull().default('open'),
    problemReason: text('problem_reason'),
    problemReportedAt: timestamp('problem_reported_at', { withTimezone: true, mode: 'date' }),
    problemReportedBy: integer('problem_reported_by').references(() => employees.id, {
      onDelete: 'set null',
    }),
    problemResolvedAt: timestamp('problem_resolved_at', { withTimezone: true, mode: 'date' }),
    problemResolvedBy: integer('problem_resolved_by').references(() => employees.id, {
      onDelete: 'set null',
    }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    doneBy: integer('done_by').references(() => employees.id, { onDelete: 'set null' }),
    comment: text('comment'),
    lastRemindedOn: date('last_reminded_on', { mode: 'string' }),
    ...versioned,
  },
  (t) => [
    index('tasks_assignee_state').on(t.assigneeId, t.state, t.dueDate),
    index('tasks_responsible_state').on(t.responsibleId, t.state),
    index('tasks_source').on(t.sourceType, t.sourceId, t.state),
    index('tasks_due_open').on(t.dueDate).where(sql`${t.state} = 'open'`),
    uniqueIndex('tasks_one_open_action_task')
      .on(t.actionId)
      .where(sql`${t.kind} = 'action' and ${t.state} <> 'done'`),
    check('tasks_kind', sql`${t.kind} in ('action', 'release', 'check', 'document')`),
    check('tasks_state', sql`${t.state} in ('open', 'problem', 'done')`),
  ],
);
