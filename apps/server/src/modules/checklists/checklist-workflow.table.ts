import type {
  NotificationSettings,
  PrintSettings,
  WorkflowSettings,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';
import { checklistInstances, checklists } from './checklists.table.ts';

/**
 * A checklist's workflow, notification and printer settings (decision 066); a checklist without a row uses
 * the defaults. Closed to reports: the notifications hold typed mail addresses.
 */
export const checklistWorkflows = pgTable('checklist_workflows', {
  checklistId: integer('checklist_id')
    .primaryKey()
    .references(() => checklists.id, { onDelete: 'cascade' }),
  notifications: jsonb('notifications').$type<NotificationSettings>().notNull(),
  workflow: jsonb('workflow').$type<WorkflowSettings>().notNull(),
  print: jsonb('print').$type<PrintSettings>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
});

/**
 * The approval of a filled checklist (decision 066): submitted when it is set done while the checklist has
 * approvers, then approved or rejected by one of them. Closed to reports like the instances.
 */
export const checklistApprovals = pgTable('checklist_approvals', {
  instanceId: integer('instance_id')
    .primaryKey()
    .references(() => checklistInstances.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['submitted', 'approved', 'rejected'] }).notNull(),
  submittedBy: integer('submitted_by').references(() => employees.id, { onDelete: 'set null' }),
  comment: text('comment').notNull().default(''),
  decidedBy: integer('decided_by').references(() => employees.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
});
