import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { activities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionTopics } from './instructions.table.ts';

/**
 * Instruction profiles (Unterweisungsprofile, decision 040): a named set of topics of a portal. The profile's
 * sources (activity, role, location, department) decide who needs its topics.
 */
export const instructionProfiles = pgTable(
  'instruction_profiles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    /** „gilt auch für untergeordnete Einheiten“: location and department sources match their sub-units too. */
    includeSubUnits: boolean('include_sub_units').notNull().default(true),
    ...versioned,
  },
  (t) => [uniqueIndex('instruction_profiles_label').on(t.portalId, sql`lower(${t.label})`)],
);

/** The topics of a profile (a set: no order). A topic in a profile is not deleted (the topics' deletion guard). */
export const instructionProfileTopics = pgTable(
  'instruction_profile_topics',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => instructionProfiles.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id),
  },
  (t) => [
    uniqueIndex('instruction_profile_topics_pk').on(t.profileId, t.topicId),
    index('instruction_profile_topics_topic').on(t.topicId),
  ],
);

/**
 * What a profile is assigned to: exactly one of activity (an ordinary node or a role of the Eigenschaften tree),
 * location or department per row. The tree node going takes the row with it (cascade); a unit or node with
 * employees cannot be deleted anyway, so nobody's instructions change silently.
 */
export const instructionProfileSources = pgTable(
  'instruction_profile_sources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => instructionProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'instruction_profile_sources_kind',
      sql`${t.kind} in ('activity', 'role', 'location', 'department')`,
    ),
    check(
      'instruction_profile_sources_one',
      sql`(case when ${t.kind} in ('activity', 'role') then ${t.activityId} is not null and ${t.locationId} is null and ${t.departmentId} is null
           when ${t.kind} = 'location' then ${t.locationId} is not null and ${t.activityId} is null and ${t.departmentId} is null
           else ${t.departmentId} is not null and ${t.activityId} is null and ${t.locationId} is null end)`,
    ),
    uniqueIndex('instruction_profile_sources_unique').on(
      t.profileId,
      t.kind,
      sql`coalesce(${t.activityId}, ${t.locationId}, ${t.departmentId})`,
    ),
    index('instruction_profile_sources_activity').on(t.activityId),
    index('instruction_profile_sources_location').on(t.locationId),
    index('instruction_profile_sources_department').on(t.departmentId),
  ],
);

/**
 * The exception list of an employee (Ausnahmeliste): topics that employee is not given by profiles, with the
 * reason, who entered it and when. Personal data: `portal_id` scopes it in the report sandbox (decision 015).
 */
export const instructionExceptions = pgTable(
  'instruction_exceptions',
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
      .references(() => instructionTopics.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('instruction_exceptions_employee_topic').on(t.employeeId, t.topicId),
    index('instruction_exceptions_topic').on(t.topicId),
  ],
);
