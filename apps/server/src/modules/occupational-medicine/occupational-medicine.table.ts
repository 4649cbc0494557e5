import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { activities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';

/**
 * The managed catalogues of occupational-medical precaution (decision 057): executing bodies (name, line 2),
 * legal sources for examinations and assessment reasons (the trigger reasons). Names are unique per kind
 * (ignoring case); an entry in use can only be set inactive.
 */
export const precautionCatalogueEntries = pgTable(
  'precaution_catalogue_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    line2: text('line2').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...versioned,
  },
  (t) => [
    uniqueIndex('precaution_catalogue_entries_name').on(t.kind, sql`lower(${t.name})`),
    check(
      'precaution_catalogue_entries_kind',
      sql`${t.kind} in ('executingBody', 'legalSource', 'assessmentReason')`,
    ),
  ],
);

/**
 * A precaution of an employee: type (mandatory, offer, wish), trigger reason, the activity that triggers it,
 * legal source, coordinator and executing body; the first is due before the activity starts, then every
 * interval (AMR 2.1). `next_due` is kept in step by the service. No field holds medical findings.
 */
export const occupationalPrecautions = pgTable(
  'occupational_precautions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => precautionCatalogueEntries.id),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    legalSourceId: integer('legal_source_id').references(() => precautionCatalogueEntries.id),
    executingBodyId: integer('executing_body_id').references(() => precautionCatalogueEntries.id),
    coordinatorId: integer('coordinator_id').references(() => employees.id, { onDelete: 'set null' }),
    activityStart: date('activity_start', { mode: 'string' }).notNull(),
    intervalMonths: integer('interval_months'),
    nextDue: date('next_due', { mode: 'string' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    ...versioned,
  },
  (t) => [
    index('occupational_precautions_employee').on(t.employeeId),
    index('occupational_precautions_due').on(t.portalId, t.nextDue),
    check('occupational_precautions_type', sql`${t.type} in ('mandatory', 'offer', 'wish')`),
  ],
);

/** The employer's precaution file: that and when a check-up took place, and the assessment kind. */
export const precautionCheckups = pgTable(
  'precaution_checkups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    precautionId: integer('precaution_id')
      .notNull()
      .references(() => occupationalPrecautions.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    assessmentKind: text('assessment_kind').notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('precaution_checkups_precaution').on(t.precautionId, t.date),
    check(
      'precaution_checkups_kind',
      sql`${t.assessmentKind} in ('fit', 'notFit', 'fitWithLimits', 'noStatement', 'pending', 'participation')`,
    ),
  ],
);
