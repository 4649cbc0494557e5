import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { checklistInstances, checklists } from '#modules/checklists/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * Approval processes (Freigabevorgänge, decision 059): responsible and executor on the record, affected
 * employees and participants in `audit_people`, the checklists in order in `audit_checklists` (each linked
 * through the checklists' link port, module 'audits').
 */
export const audits = pgTable(
  'audits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('planned'),
    plannedOn: date('planned_on', { mode: 'string' }),
    responsibleId: integer('responsible_id')
      .notNull()
      .references(() => employees.id),
    executorId: integer('executor_id')
      .notNull()
      .references(() => employees.id),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    finishedBy: integer('finished_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [index('audits_portal').on(t.portalId, t.status)],
);

/** Affected employees and participants of an audit. */
export const auditPeople = pgTable(
  'audit_people',
  {
    auditId: integer('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.employeeId, t.role] }),
    index('audit_people_employee').on(t.employeeId),
  ],
);

/** The checklists of an audit in order; each with its filled instance. */
export const auditChecklists = pgTable(
  'audit_checklists',
  {
    auditId: integer('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id),
    position: integer('position').notNull(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => checklistInstances.id),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.checklistId] })],
);
