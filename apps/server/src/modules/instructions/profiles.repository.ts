import type {
  EmployeeProfile,
  ExceptionRow,
  MatrixCell,
  MatrixRow,
  MatrixTopic,
  matrixQuerySchema,
  ProfileRow,
  ProfileSourceKind,
  ReconcileResult,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { activities, employeeActivities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ChangeEntry, LOG_STATE, recordChange } from '#platform/audit.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';
import {
  instructionExceptions,
  instructionProfileSources,
  instructionProfiles,
  instructionProfileTopics,
} from './profiles.table.ts';

/**
 * Data access of instruction profiles, the exception list and the matrix (decision 040); executor first
 * (decision 031), no rules. `reconcile` is the one place that turns profiles into assignments: set-based, for
 * some employees (a changed activity, unit or active flag) or for a whole portal (a changed profile).
 */

export type ParsedMatrixQuery = z.output<typeof matrixQuerySchema>;
export type ProfileRecord = typeof instructionProfiles.$inferSelect;
export type ProfileSource = { kind: ProfileSourceKind; id: number };
/** Whose assignments `reconcile` brings in line: some employees, or every employee of a portal. */
export type ReconcileScope = { employeeIds: readonly number[] } | { portalId: number };

export const profileListSource: ListSource = {
  orderBy: { label: sql`lower(${instructionProfiles.label})` },
  defaultOrderBy: 'label',
  tieBreaker: instructionProfiles.id,
  searchText: sql`${instructionProfiles.label} || ' ' || ${instructionProfiles.description}`,
};

export const matrixListSource: ListSource = {
  orderBy: {
    name: [employees.lastNameSort, employees.firstNameSort],
    personnelNumber: employees.personnelNumber,
  },
  defaultOrderBy: 'name',
  tieBreaker: employees.id,
  searchText: sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber}`,
  rowsOf: employees,
};

/**
 * Whether source `s` of profile `p` reaches employee `e` (aliases in the caller's SQL): an activity or role the
 * employee has, the employee's own location or department, or — when the profile includes sub-units — a
 * location or department above the employee's (decision 045).
 */
export const sourceReaches = sql`(
  s.location_id = e.location_id or s.department_id = e.department_id
  or exists (select 1 from ${employeeActivities} ea where ea.employee_id = e.id and ea.activity_id = s.activity_id)
  or (p.include_sub_units and s.location_id is not null and s.location_id in (
        with recursive up(id) as (
          select l.parent_id from ${locations} l where l.id = e.location_id
          union select l.parent_id from ${locations} l join up on l.id = up.id)
        select id from up where id is not null))
  or (p.include_sub_units and s.department_id is not null and s.department_id in (
        with recursive up(id) as (
          select d.parent_id from ${departments} d where d.id = e.department_id
          union select d.parent_id from ${departments} d join up on d.id = up.id)
        select id from up where id is not null)))`;

/** The ids of a department or location and of every unit below it (the matrix filters' sub-units). */
const subtreeIds = (table: typeof departments | typeof locations, rootId: number) =>
  sql`with recursive sub(id) as (
        select ${rootId}::int
        union all
        select u.id from ${table} u join sub on u.parent_id = sub.id
      ) select id from sub`;

const employeeName = sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`;

/** The source column of a kind (activity and role both name a node of the Eigenschaften tree). */
const sourceColumn = (kind: ProfileSourceKind) =>
  kind === 'location' ? 'locationId' : kind === 'department' ? 'departmentId' : 'activityId';

export const profilesRepository = {
  /** Serialises profile writes of a portal (reconciling a whole portal twice at once would double rows). */
  async lockPortal(ex: Executor, portalId: number): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(hashtext('instruction_profiles'), ${portalId})`);
  },

  async list(ex: Executor, portalId: number, query: ListQuery) {
    const plan = planList(profileListSource, query, [eq(instructionProfiles.portalId, portalId)]);
    return runList<ProfileRow>(plan, {
      rows: async (p) =>
        ex
          .select({
            id: instructionProfiles.id,
            label: instructionProfiles.label,
            description: instructionProfiles.description,
            topicCount: sql<number>`(select count(*)::int from ${instructionProfileTopics} pt where pt.profile_id = instruction_profiles.id)`,
            sourceCount: sql<number>`(select count(*)::int from ${instructionProfileSources} s where s.profile_id = instruction_profiles.id)`,
            version: instructionProfiles.version,
          })
          .from(instructionProfiles)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: async (where) =>
        (await ex.select({ n: countAll }).from(instructionProfiles).where(where))[0]?.n ?? 0,
    });
  },

  async find(ex: Executor, id: number, lock?: 'update'): Promise<ProfileRecord | undefined> {
    const q = ex.select().from(instructionProfiles).where(eq(instructionProfiles.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async topicsOf(ex: Executor, profileId: number) {
    return ex
      .select({
        id: instructionTopics.id,
        identifier: instructionTopics.identifier,
        label: instructionTopics.label,
      })
      .from(instructionProfileTopics)
      .innerJoin(instructionTopics, eq(instructionTopics.id, instructionProfileTopics.topicId))
      .where(eq(instructionProfileTopics.profileId, profileId))
      .orderBy(sql`lower(${instructionTopics.identifier})`, instructionTopics.id);
  },

  /** The profile's sources with the name of what they name, in kind order, then by name. */
  async sourcesOf(ex: Executor, profileId: number) {
    return queryRows<{ kind: ProfileSourceKind; id: number; name: string }>(
      ex,
      sql`select s.kind, coalesce(s.activity_id, s.location_id, s.department_id) as id,
                 coalesce(a.name, l.name, d.name) as name
          from ${instructionProfileSources} s
          left join ${activities} a on a.id = s.activity_id
          left join ${locations} l on l.id = s.location_id
          left join ${departments} d on d.id = s.department_id
          where s.profile_id = ${profileId}
          order by array_position(array['activity', 'role', 'location', 'department'], s.kind), lower(coalesce(a.name, l.name, d.name)), 2`,
    );
  },

  async sourceCount(ex: Executor, profileId: number): Promise<number> {
    const [row] = await ex
      .select({ n: countAll })
      .from(instructionProfileSources)
      .where(eq(instructionProfileSources.profileId, profileId));
    return row?.n ?? 0;
  },

  /** Active employees who get the profile's topics today (through any of its sources). */
  async employeeCount(ex: Executor, profileId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from ${employees} e
          join ${instructionProfiles} p on p.id = ${profileId} and p.portal_id = e.portal_id
          where e.active and exists (
            select 1 from ${instructionProfileSources} s where s.profile_id = p.id and ${sourceReaches})`,
    );
    return row?.n ?? 0;
  },

  async insert(
    ex: Executor,
    values: { portalId: number; label: string; description: string; includeSubUnits: boolean },
  ): Promise<number> {
    const [row] = await ex
      .insert(instructionProfiles)
      .values(values)
      .returning({ id: instructionProfiles.id });
    return row!.id;
  },

  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: { label: string; description: string; includeSubUnits: boolean },
  ): Promise<boolean> {
    const rows = await ex
      .update(instructionProfiles)
      .set({ ...patch, version: sql`${instructionProfiles.version} + 1`, updatedAt: new Date() })
      .where(and(eq(instructionProfiles.id, id), eq(instructionProfiles.version, version)))
      .returning({ id: instructionProfiles.id });
    return rows.length === 1;
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(instructionProfiles)
      .where(and(eq(instructionProfiles.id, id), eq(instructionProfiles.version, version)))
      .returning({ id: instructionProfiles.id });
    return rows.length === 1;
  },

  async labelTaken(ex: Executor, portalId: number, label: string, exceptId?: number): Promise<boolean> {
    const rows = await ex
      .select({ id: instructionProfiles.id })
      .from(instructionProfiles)
      .where(
        and(
          eq(instructionProfiles.portalId, portalId),
          sql`lower(${instructionProfiles.label}) = lower(${label})`,
          exceptId === undefined ? undefined : ne(instructionProfiles.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async replaceTopics(ex: Executor, profileId: number, topicIds: readonly number[]): Promise<void> {
    await ex.delete(instructionProfileTopics).where(eq(instructionProfileTopics.profileId, profileId));
    if (topicIds.length > 0) {
      await ex.insert(instructionProfileTopics).values(topicIds.map((topicId) => ({ profileId, topicId })));
    }
  },

  async replaceSources(ex: Executor, profileId: number, sources: readonly ProfileSource[]): Promise<void> {
    await ex.delete(instructionProfileSources).where(eq(instructionProfileSources.profileId, profileId));
    if (sources.length > 0) {
      await ex
        .insert(instructionProfileSources)
        .values(sources.map((s) => ({ profileId, kind: s.kind, [sourceColumn(s.kind)]: s.id })));
    }
  },

  /** The ids among `ids` of topics of the portal. */
  async topicIdsOfPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: instructionTopics.id })
      .from(instructionTopics)
      .where(and(eq(instructionTopics.portalId, portalId), inArray(instructionTopics.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /** The Eigenschaften nodes among `ids` in the portal, with whether each is a role. */
  async activitiesOfPortal(ex: Executor, portalId: number, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: activities.id, isRole: activities.isRole })
      .from(activities)
      .where(and(eq(activities.portalId, portalId), inArray(activities.id, [...ids])));
  },

  async locationIdsOfPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.portalId, portalId), inArray(locations.id, [...ids])));
    return rows.map((r) => r.id);
  },

  async departmentIdsOfPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.portalId, portalId), inArray(departments.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /** The labels of the profiles a topic belongs to (the topics' deletion guard). */
  async profileLabelsOfTopic(ex: Executor, topicId: number): Promise<string[]> {
    const rows = await ex
      .select({ label: instructionProfiles.label })
      .from(instructionProfileTopics)
      .innerJoin(instructionProfiles, eq(instructionProfiles.id, instructionProfileTopics.profileId))
      .where(eq(instructionProfileTopics.topicId, topicId))
      .orderBy(sql`lower(${instructionProfiles.label})`);
    return rows.map((r) => r.label);
  },

  /**
   * Brings the assignments of the employees in `scope` in line with the profiles, in one statement:
   * - required: (employee, topic) for every profile of the employee's portal with a source the employee has
   *   (activity or role in employee_activities, the employee's location or department — or one above it when
   *   the profile includes sub-units, decision 045), the employee active and the topic not on their exception
   *   list;
   * - removed: open (O) items made by a profile that are no longer required, and every open item of an
   *   inactive employee;
   * - created: a required pair of an active topic without an unfinished item and without a done one still
   *   valid (valid until empty or not before today) gets an open item, due on the topic's due date if that
   *   is not before today, else today.
   * Both are written to the change log (entity instruction_assignment; `reason` says why). Inserts go in
   * (employee, topic) order and skip what the unique index on unfinished items already holds (decision 045).
   */
  async reconcile(
    ex: Executor,
    scope: ReconcileScope,
    today: string,
    actorId: number | null,
    reason: string,
  ): Promise<ReconcileResult> {
    const inScope =
      'portalId' in scope
        ? sql`e.portal_id = ${scope.portalId}`
        : sql`e.id = any(${sql.param([...scope.employeeIds])}::int[])`;
    if (!('portalId' in scope) && scope.employeeIds.length === 0) return { created: 0, removed: 0 };
    const [row] = await queryRows<ReconcileResult>(
      ex,
      sql`with recursive scope as (
        select e.id, e.portal_id, e.active, e.location_id, e.department_id from ${employees} e where ${inScope}
      ),
      -- the scope's units with every unit above them (depth 0 = the unit itself), for sub-unit profiles
      loc_up as (
        select distinct sc.location_id as unit_id, sc.location_id as ancestor_id, 0 as depth
        from scope sc where sc.location_id is not null
        union all
        select u.unit_id, l.parent_id, u.depth + 1
        from loc_up u join ${locations} l on l.id = u.ancestor_id where l.parent_id is not null
      ),
      dep_up as (
        select distinct sc.department_id as unit_id, sc.department_id as ancestor_id, 0 as depth
        from scope sc where sc.department_id is not null
        union all
        select u.unit_id, d.parent_id, u.depth + 1
        from dep_up u join ${departments} d on d.id = u.ancestor_id where d.parent_id is not null
      ),
      required as (
        select sc.id as employee_id, pt.topic_id
        from scope sc
        join ${employeeActivities} ea on ea.employee_id = sc.id
        join ${instructionProfileSources} s on s.activity_id = ea.activity_id
        join ${instructionProfiles} p on p.id = s.profile_id and p.portal_id = sc.portal_id
        join ${instructionProfileTopics} pt on pt.profile_id = p.id
        where sc.active
        union
        select sc.id, pt.topic_id
        from scope sc
        join loc_up u on u.unit_id = sc.location_id
        join ${instructionProfileSources} s on s.location_id = u.ancestor_id
        join ${instructionProfiles} p on p.id = s.profile_id and p.portal_id = sc.portal_id
          and (u.depth = 0 or p.include_sub_units)
        join ${instructionProfileTopics} pt on pt.profile_id = p.id
        where sc.active
        union
        select sc.id, pt.topic_id
        from scope sc
        join dep_up u on u.unit_id = sc.department_id
        join ${instructionProfileSources} s on s.department_id = u.ancestor_id
        join ${instructionProfiles} p on p.id = s.profile_id and p.portal_id = sc.portal_id
          and (u.depth = 0 or p.include_sub_units)
        join ${instructionProfileTopics} pt on pt.profile_id = p.id
        where sc.active
      ),
      wanted as (
        select r.employee_id, r.topic_id from required r
        where not exists (
          select 1 from ${instructionExceptions} x where x.employee_id = r.employee_id and x.topic_id = r.topic_id)
      ),
      removed as (
        delete from ${instructionAssignments} a using scope sc
        where a.employee_id = sc.id and a.status = 'O'
          and (not sc.active or (a.by_profile and not exists (
            select 1 from wanted w where w.employee_id = a.employee_id and w.topic_id = a.topic_id)))
        returning a.id, a.topic_id
      ),
      created as (
        insert into ${instructionAssignments}
          (portal_id, employee_id, topic_id, type, status, due_date, original_due_date, duration_days, by_profile)
        select sc.portal_id, w.employee_id, t.id, 'instruction', 'O',
               greatest(${today}::date, coalesce(t.due_date, ${today}::date)),
               greatest(${today}::date, coalesce(t.due_date, ${today}::date)),
               t.duration_days, true
        from wanted w
        join scope sc on sc.id = w.employee_id
        join ${instructionTopics} t on t.id = w.topic_id and t.portal_id = sc.portal_id and not t.inactive
        where not exists (
          select 1 from ${instructionAssignments} a
          where a.employee_id = w.employee_id and a.topic_id = w.topic_id
            and (a.status <> 'E' or a.valid_until is null or a.valid_until >= ${today}::date))
        -- Every writer inserts in (employee, topic) order: two writers waiting on each other's uncommitted
        -- index entries then queue instead of deadlocking (decision 045).
        order by w.employee_id, w.topic_id
        on conflict do nothing
        returning id, employee_id, topic_id, due_date
      ),
      logged_removed as (
        insert into change_log (entity, entity_id, state, actor_id, changes)
        select 'instruction_assignment', id::text, ${LOG_STATE.DELETED}, ${actorId},
               jsonb_build_object('profiles', jsonb_build_object('from', null, 'to', ${reason}::text))
        from removed
      ),
      logged_created as (
        insert into change_log (entity, entity_id, state, actor_id, changes)
        select 'instruction_assignment', id::text, ${LOG_STATE.CREATED}, ${actorId},
               jsonb_build_object(
                 'employeeId', jsonb_build_object('from', null, 'to', employee_id),
                 'topicId', jsonb_build_object('from', null, 'to', topic_id),
                 'dueDate', jsonb_build_object('from', null, 'to', due_date),
                 'profiles', jsonb_build_object('from', null, 'to', ${reason}::text))
        from created
      )
      select (select count(*)::int from created) as created, (select count(*)::int from removed) as removed`,
    );
    return row ?? { created: 0, removed: 0 };
  },

  /** The employees whose location (or department) is the unit or one below it (a moved branch). */
  async employeesInBranch(ex: Executor, kind: 'location' | 'department', unitId: number): Promise<number[]> {
    const unitTable = kind === 'location' ? locations : departments;
    const column = kind === 'location' ? sql`e.location_id` : sql`e.department_id`;
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`with recursive branch(id) as (
            select ${unitId}::int
            union select u.id from ${unitTable} u join branch b on u.parent_id = b.id)
          select e.id from ${employees} e where ${column} in (select id from branch)`,
    );
    return rows.map((r) => r.id);
  },

  /** The portal and active flag of an employee (visibility is the caller's rule). */
  async employeeBrief(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({ id: employees.id, portalId: employees.portalId, active: employees.active })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row;
  },

  /** The profiles that apply to the employee, each with the source it applies through. */
  async profilesOfEmployee(ex: Executor, employeeId: number): Promise<EmployeeProfile[]> {
    return queryRows<EmployeeProfile>(
      ex,
      sql`select p.id as "profileId", p.label, s.kind, coalesce(a.name, l.name, d.name) as "sourceName"
          from ${employees} e
          join ${instructionProfiles} p on p.portal_id = e.portal_id
          join ${instructionProfileSources} s on s.profile_id = p.id
          left join ${activities} a on a.id = s.activity_id
          left join ${locations} l on l.id = s.location_id
          left join ${departments} d on d.id = s.department_id
          where e.id = ${employeeId} and ${sourceReaches}
          order by lower(p.label), p.id, array_position(array['activity', 'role', 'location', 'department'], s.kind), 4`,
    );
  },

  /** The employee's open items (status O). */
  async openCount(ex: Executor, employeeId: number): Promise<number> {
    const [row] = await ex
      .select({ n: countAll })
      .from(instructionAssignments)
      .where(and(eq(instructionAssignments.employeeId, employeeId), eq(instructionAssignments.status, 'O')));
    return row?.n ?? 0;
  },

  // ── exception list ──────────────────────────────────────────────────────────────────────────────

  async exceptionsOf(ex: Executor, employeeId: number): Promise<ExceptionRow[]> {
    return queryRows<ExceptionRow>(
      ex,
      sql`select x.id, x.topic_id as "topicId", t.identifier as "topicIdentifier", t.label as "topicLabel",
                 x.reason, case when c.id is null then null else c.last_name || ', ' || c.first_name end as "createdByName",
                 to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt", x.version
          from ${instructionExceptions} x
          join ${instructionTopics} t on t.id = x.topic_id
          left join ${employees} c on c.id = x.created_by
          where x.employee_id = ${employeeId}
          order by lower(t.identifier), x.id`,
    );
  },

  async findException(ex: Executor, id: number) {
    const [row] = await ex.select().from(instructionExceptions).where(eq(instructionExceptions.id, id));
    return row;
  },

  async exceptionExists(ex: Executor, employeeId: number, topicId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: instructionExceptions.id })
      .from(instructionExceptions)
      .where(
        and(eq(instructionExceptions.employeeId, employeeId), eq(instructionExceptions.topicId, topicId)),
      );
    return rows.length > 0;
  },

  async insertException(
    ex: Executor,
    values: { portalId: number; employeeId: number; topicId: number; reason: string; createdBy: number },
  ): Promise<number> {
    const [row] = await ex
      .insert(instructionExceptions)
      .values(values)
      .returning({ id: instructionExceptions.id });
    return row!.id;
  },

  async deleteExceptionVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(instructionExceptions)
      .where(and(eq(instructionExceptions.id, id), eq(instructionExceptions.version, version)))
      .returning({ id: instructionExceptions.id });
    return rows.length === 1;
  },

  /** Deletes the employee's open (O) items of the topic; answers their ids. */
  async deleteOpenOfTopic(ex: Executor, employeeId: number, topicId: number): Promise<number[]> {
    const rows = await ex
      .delete(instructionAssignments)
      .where(
        and(
          eq(instructionAssignments.employeeId, employeeId),
          eq(instructionAssignments.topicId, topicId),
          eq(instructionAssignments.status, 'O'),
        ),
      )
      .returning({ id: instructionAssignments.id });
    return rows.map((r) => r.id);
  },

  // ── matrix ──────────────────────────────────────────────────────────────────────────────────────

  /** The matrix's columns: the portal's active topics by identifier. */
  async matrixTopics(ex: Executor, portalId: number): Promise<MatrixTopic[]> {
    return ex
      .select({
        id: instructionTopics.id,
        identifier: instructionTopics.identifier,
        label: instructionTopics.label,
        intervalDays: instructionTopics.intervalDays,
      })
      .from(instructionTopics)
      .where(and(eq(instructionTopics.portalId, portalId), eq(instructionTopics.inactive, false)))
      .orderBy(sql`lower(${instructionTopics.identifier})`, asc(instructionTopics.id));
  },

  /**
   * One page of the matrix: employees of the portal (filters: department, location, active) on the list
   * protocol, each with the current item per topic — the unfinished one if any, else the latest done one —
   * and the topics on their exception list (X). Two queries: the page, then its cells.
   */
  async matrixPage(ex: Executor, portalId: number, query: ParsedMatrixQuery, today: string) {
    const filters: SQL[] = [eq(employees.portalId, portalId)];
    if (!query.includeInactive) filters.push(eq(employees.active, true));
    if (query.departmentId !== undefined) {
      filters.push(
        query.subUnits
          ? sql`${employees.departmentId} in (${subtreeIds(departments, query.departmentId)})`
          : eq(employees.departmentId, query.departmentId),
      );
    }
    if (query.locationId !== undefined) {
      filters.push(
        query.subUnits
          ? sql`${employees.locationId} in (${subtreeIds(locations, query.locationId)})`
          : eq(employees.locationId, query.locationId),
      );
    }
    const plan = planList(matrixListSource, query, filters);
    const page = await runList<Omit<MatrixRow, 'cells'>>(plan, {
      rows: async (p) =>
        ex
          .select({
            employeeId: employees.id,
            name: employeeName,
            personnelNumber: employees.personnelNumber,
          })
          .from(employees)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: async (w) => (await ex.select({ n: countAll }).from(employees).where(w))[0]?.n ?? 0,
    });
    const ids = page.rows.map((r) => r.employeeId);
    const cells =
      ids.length === 0
        ? []
        : await queryRows<MatrixCell & { employeeId: number }>(
            ex,
            sql`select employee_id as "employeeId", topic_id as "topicId", status, due_date::text as "dueDate",
                       (status <> 'E' and due_date < ${today}::date) as overdue
                from (
                  select distinct on (a.employee_id, a.topic_id) a.employee_id, a.topic_id, a.status, a.due_date
                  from ${instructionAssignments} a
                  where a.employee_id = any(${sql.param(ids)}::int[]) and a.type = 'instruction'
                  order by a.employee_id, a.topic_id, (a.status = 'E'), a.due_date desc, a.id desc
                ) cur
                where not exists (select 1 from ${instructionExceptions} x
                                  where x.employee_id = cur.employee_id and x.topic_id = cur.topic_id and cur.status = 'E')
                union all
                select x.employee_id, x.topic_id, 'X', null, false
                from ${instructionExceptions} x
                where x.employee_id = any(${sql.param(ids)}::int[])
                  and not exists (select 1 from ${instructionAssignments} a
                                  where a.employee_id = x.employee_id and a.topic_id = x.topic_id and a.status <> 'E')`,
          );
    const byEmployee = new Map<number, MatrixCell[]>();
    for (const { employeeId, ...cell } of cells) {
      const list = byEmployee.get(employeeId) ?? [];
      list.push(cell);
      byEmployee.set(employeeId, list);
    }
    return {
      rows: page.rows.map((r) => ({ ...r, cells: byEmployee.get(r.employeeId) ?? [] })),
      filteredCount: page.filteredCount,
    };
  },

  /** The ids among `ids` of active topics of the portal (matrix assignment). */
  async activeTopicsOfPortal(ex: Executor, portalId: number, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({
        id: instructionTopics.id,
        dueDate: instructionTopics.dueDate,
        durationDays: instructionTopics.durationDays,
      })
      .from(instructionTopics)
      .where(
        and(
          eq(instructionTopics.portalId, portalId),
          eq(instructionTopics.inactive, false),
          inArray(instructionTopics.id, [...ids]),
        ),
      );
  },

  /** The ids among `ids` of employees of the portal. */
  async employeeIdsOfPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.portalId, portalId), inArray(employees.id, [...ids])));
    return rows.map((r) => r.id);
  },

  /**
   * Matrix assignment: an open item per (employee, topic) pair unless the employee has an unfinished one of
   * the topic or the topic on their exception list; due on `dueDate`, else the topic's due date, else today.
   * One statement with its change-log rows; answers how many were created.
   */
  async assignPairs(
    ex: Executor,
    portalId: number,
    pairs: readonly { employeeId: number; topicId: number }[],
    dueDate: string | null,
    today: string,
    actorId: number,
  ): Promise<number> {
    if (pairs.length === 0) return 0;
    const [row] = await queryRows<{ created: number }>(
      ex,
      sql`with pairs as (
        select distinct * from unnest(${sql.param(pairs.map((p) => p.employeeId))}::int[],
                                      ${sql.param(pairs.map((p) => p.topicId))}::int[]) as x(employee_id, topic_id)
      ),
      created as (
        insert into ${instructionAssignments}
          (portal_id, employee_id, topic_id, type, status, due_date, original_due_date, duration_days)
        select ${portalId}, p.employee_id, t.id, 'instruction', 'O',
               coalesce(${dueDate}::date, t.due_date, ${today}::date), coalesce(${dueDate}::date, t.due_date, ${today}::date),
               t.duration_days
        from pairs p join ${instructionTopics} t on t.id = p.topic_id
        where not exists (select 1 from ${instructionAssignments} a
                          where a.employee_id = p.employee_id and a.topic_id = p.topic_id and a.status <> 'E')
          and not exists (select 1 from ${instructionExceptions} x
                          where x.employee_id = p.employee_id and x.topic_id = p.topic_id)
        order by p.employee_id, p.topic_id
        on conflict do nothing
        returning id, employee_id, topic_id, due_date
      ),
      logged as (
        insert into change_log (entity, entity_id, state, actor_id, changes)
        select 'instruction_assignment', id::text, ${LOG_STATE.CREATED}, ${actorId},
               jsonb_build_object(
                 'employeeId', jsonb_build_object('from', null, 'to', employee_id),
                 'topicId', jsonb_build_object('from', null, 'to', topic_id),
                 'dueDate', jsonb_build_object('from', null, 'to', due_date))
        from created
      )
      select count(*)::int as created from created`,
    );
    return row?.created ?? 0;
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type ProfilesRepository = typeof profilesRepository;
