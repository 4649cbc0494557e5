import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import type { EmployeeActivitiesPort } from '#modules/employees/index.ts';
import { sortKey } from '#modules/employees/tables.ts';
import { type ListPlan, type ListSource, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { activities, activityDesignations, employeeActivities } from './activities.table.ts';

// Drizzle writes the outer table's columns unqualified here, so the correlated subqueries name it explicitly.
const outerId = sql.raw('"activities"."id"');
const employeeCount = sql<number>`(select cast(count(*) as integer) from employee_activities ea where ea.activity_id = ${outerId})`;
const childCount = sql<number>`(select cast(count(*) as integer) from activities c where c.parent_id = ${outerId})`;
const designationList = sql<
  string[]
>`coalesce((select array_agg(d.designation order by d.position) from activity_designations d where d.activity_id = ${outerId}), '{}'::text[])`;
const designationText = sql`coalesce((select string_agg(d.designation, ' ') from activity_designations d where d.activity_id = ${outerId}), '')`;

export const activityPickerSource = {
  orderBy: { name: [sortKey(activities.name)] },
  defaultOrderBy: 'name',
  tieBreaker: activities.id,
  searchText: sql`${activities.name} || ' ' || ${activities.description} || ' ' || ${designationText}`,
} satisfies ListSource<'name'>;

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityRecord = ActivityRow & {
  designations: string[];
  childCount: number;
  employeeCount: number;
};
export type ActivityBrief = {
  id: number;
  parentId: number | null;
  name: string;
  isSystem: boolean;
  isRole: boolean;
  isRoleBase: boolean;
};

/** Data access for the activities tree and the employee assignments: no rules here. */
export const activitiesRepository = {
  /**
   * Serialises structural changes of one portal's tree (create, move, delete, role base, assignments),
   * so checks such as "not below itself" and "no children" cannot race. Inside a transaction only.
   */
  async lockTree(ex: Executor, portalId: number): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(hashtext('activities'), ${portalId})`);
  },

  async treeNodes(ex: Executor, portalId: number) {
    return ex
      .select({
        id: activities.id,
        parentId: activities.parentId,
        name: activities.name,
        designations: designationList,
        isSystem: activities.isSystem,
        isRole: activities.isRole,
        isRoleBase: activities.isRoleBase,
        employeeCount,
      })
      .from(activities)
      .where(eq(activities.portalId, portalId))
      .orderBy(asc(sortKey(activities.name)), asc(activities.id));
  },

  /** Id, parent, name and kind of every node of the portal (for paths and the recursion check). */
  async briefs(ex: Executor, portalId: number): Promise<ActivityBrief[]> {
    return ex
      .select({
        id: activities.id,
        parentId: activities.parentId,
        name: activities.name,
        isSystem: activities.isSystem,
        isRole: activities.isRole,
        isRoleBase: activities.isRoleBase,
      })
      .from(activities)
      .where(eq(activities.portalId, portalId));
  },

  async findById(ex: Executor, id: number): Promise<ActivityRecord | undefined> {
    const [row] = await ex
      .select({ activity: activities, designations: designationList, childCount, employeeCount })
      .from(activities)
      .where(eq(activities.id, id));
    if (!row) return undefined;
    return {
      ...row.activity,
      designations: row.designations,
      childCount: row.childCount,
      employeeCount: row.employeeCount,
    };
  },

  async roleBaseId(ex: Executor, portalId: number): Promise<number | null> {
    const [row] = await ex
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.portalId, portalId), eq(activities.isRoleBase, true)));
    return row?.id ?? null;
  },

  /** A sibling with this name (ignoring case) below `parentId`, other than `exceptId`. */
  async siblingNamed(
    ex: Executor,
    portalId: number,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    const rows = await ex
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.portalId, portalId),
          sql`coalesce(${activities.parentId}, 0) = ${parentId ?? 0}`,
          sql`lower(${activities.name}) = lower(${name})`,
          exceptId === undefined ? undefined : sql`${activities.id} <> ${exceptId}`,
        ),
      );
    return rows.length > 0;
  },

  /** Designations (ignoring case) already held by other activities of the portal, with their holder. */
  async designationHolders(
    ex: Executor,
    portalId: number,
    designations: readonly string[],
    exceptActivityId?: number,
  ): Promise<{ designation: string; activityName: string }[]> {
    if (designations.length === 0) return [];
    return ex
      .select({ designation: activityDesignations.designation, activityName: activities.name })
      .from(activityDesignations)
      .innerJoin(activities, eq(activities.id, activityDesignations.activityId))
      .where(
        and(
          eq(activityDesignations.portalId, portalId),
          sql`lower(${activityDesignations.designation}) = any(${sql.param(designations.map((d) => d.toLowerCase()))}::text[])`,
          exceptActivityId === undefined
            ? undefined
            : sql`${activityDesignations.activityId} <> ${exceptActivityId}`,
        ),
      );
  },

  /**
   * A system node of the portal at the top level, unless the portal has it already (or a user's top-level
   * node of the same name, through the unique name).
   */
  async insertSystemNodeIfMissing(
    ex: Executor,
    portalId: number,
    node: { key: string; name: string; description: string },
  ): Promise<void> {
    await ex.execute(sql`
      insert into ${activities} (portal_id, name, description, system_key, is_system)
      select ${portalId}, ${node.name}, ${node.description}, ${node.key}, true
      where not exists (
        select 1 from ${activities} a where a.portal_id = ${portalId} and a.system_key = ${node.key}
      )
      on conflict do nothing`);
  },

  /** Every portal's id (the system nodes are ensured in each). */
  async portalIds(ex: Executor): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(ex, sql`select id from portals order by id`);
    return rows.map((r) => r.id);
  },

  async insert(ex: Executor, values: typeof activities.$inferInsert): Promise<number> {
    const [row] = await ex.insert(activities).values(values).returning({ id: activities.id });
    return row!.id;
  },

  /** Updates only when `version` matches; returns false when nothing was updated. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<Pick<ActivityRow, 'name' | 'description' | 'parentId' | 'isRole' | 'isRoleBase'>>,
  ): Promise<boolean> {
    return updateVersioned(ex, activities, id, version, patch);
  },

  /** Marks the direct children of `parentId` as role nodes (a new version each). */
  async markChildrenAsRoles(ex: Executor, parentId: number): Promise<number[]> {
    const rows = await ex
      .update(activities)
      .set({ isRole: true, version: sql`${activities.version} + 1`, updatedAt: new Date() })
      .where(eq(activities.parentId, parentId))
      .returning({ id: activities.id });
    return rows.map((r) => r.id);
  },

  async replaceDesignations(
    ex: Executor,
    activityId: number,
    portalId: number,
    designations: readonly string[],
  ): Promise<void> {
    await ex.delete(activityDesignations).where(eq(activityDesignations.activityId, activityId));
    if (designations.length > 0) {
      await ex
        .insert(activityDesignations)
        .values(
          designations.map((designation, position) => ({ activityId, portalId, position, designation })),
        );
    }
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, activities, id, version);
  },

  picker(ex: Executor, plan: ListPlan): Promise<ListResult<ActivityBrief>> {
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: activities.id,
            parentId: activities.parentId,
            name: activities.name,
            isSystem: activities.isSystem,
            isRole: activities.isRole,
            isRoleBase: activities.isRoleBase,
          })
          .from(activities)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, activities, where),
    });
  },

  /** The activity ids assigned to an employee. */
  async assignedIds(ex: Executor, employeeId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: employeeActivities.activityId })
      .from(employeeActivities)
      .where(eq(employeeActivities.employeeId, employeeId));
    return rows.map((r) => r.id);
  },

  /** Replaces the employee's assignments with `activityIds` (unchanged ones keep their row). */
  async replaceAssignments(ex: Executor, employeeId: number, activityIds: readonly number[]): Promise<void> {
    const keep =
      activityIds.length > 0
        ? sql`${employeeActivities.activityId} <> all(${sql.param(activityIds)}::int[])`
        : undefined;
    await ex.delete(employeeActivities).where(and(eq(employeeActivities.employeeId, employeeId), keep));
    if (activityIds.length > 0) {
      await ex
        .insert(employeeActivities)
        .values(activityIds.map((activityId) => ({ employeeId, activityId })))
        .onConflictDoNothing();
    }
  },
};

export type ActivitiesRepository = typeof activitiesRepository;

/**
 * The activities of one employee, executor first: the employees module's EmployeeActivitiesPort, used when
 * assignments are copied (decision 030; handed over in app.ts). Runs in the caller's transaction. Unlike
 * `replaceAssignments` it writes every row anew (the copy always did).
 */
export const employeeActivityAssignments: EmployeeActivitiesPort = {
  async activityIdsOf(ex, employeeId) {
    const rows = await ex
      .select({ id: employeeActivities.activityId })
      .from(employeeActivities)
      .where(eq(employeeActivities.employeeId, employeeId));
    return rows.map((r) => r.id);
  },

  async replaceActivitiesOf(ex, employeeId, activityIds) {
    await ex.delete(employeeActivities).where(eq(employeeActivities.employeeId, employeeId));
    if (activityIds.length > 0) {
      await ex
        .insert(employeeActivities)
        .values(activityIds.map((activityId) => ({ employeeId, activityId })));
    }
  },
};
