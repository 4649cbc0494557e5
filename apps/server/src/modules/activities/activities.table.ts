import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
import { portals } from '#modules/portals/tables.ts';

/**
 * Activities (Eigenschaften): a tree per portal (decision 007). System nodes are seeded leaves with a
 * `system_key` that later modules refer to; the role base (at most one per portal, set once) holds the
 * role nodes as its direct children (`is_role`).
 */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    parentId: integer('parent_id').references((): AnyPgColumn => activities.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Set only on system nodes; stable key for code (e.g. 'temp_worker'). */
    systemKey: text('system_key'),
    isSystem: boolean('is_system').notNull().default(false),
    isRole: boolean('is_role').notNull().default(false),
    isRoleBase: boolean('is_role_base').notNull().default(false),
    ...versioned,
  },
  (t) => [
    index('activities_portal_parent').on(t.portalId, t.parentId),
    // Sibling names are unique (ignoring case), also at the top level.
    uniqueIndex('activities_sibling_name').on(
      t.portalId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    uniqueIndex('activities_portal_system_key')
      .on(t.portalId, t.systemKey)
      .where(sql`${t.systemKey} is not null`),
    uniqueIndex('activities_portal_role_base').on(t.portalId).where(sql`${t.isRoleBase}`),
    check('activities_system_has_key', sql`${t.isSystem} = (${t.systemKey} is not null)`),
    check('activities_role_kinds', sql`not (${t.isRole} and (${t.isRoleBase} or ${t.isSystem}))`),
  ],
);

/**
 * Bezeichnungen: alternative names or job titles under which an activity appears (e.g. in imports).
 * Unique per portal ignoring case, so a designation always resolves to exactly one activity.
 */
export const activityDesignations = pgTable(
  'activity_designations',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    position: integer('position').notNull(),
    designation: text('designation').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.position] }),
    uniqueIndex('activity_designations_portal_text').on(t.portalId, sql`lower(${t.designation})`),
  ],
);

/** Which employee has which activity (roles included). Deleting an employee removes the assignments. */
export const employeeActivities = pgTable(
  'employee_activities',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.activityId] }),
    index('employee_activities_activity').on(t.activityId, t.employeeId),
  ],
);
