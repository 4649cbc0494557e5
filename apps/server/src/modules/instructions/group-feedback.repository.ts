import type { GroupFeedback } from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments } from '#modules/organisation/tables.ts';
import { instructionGroupFeedbackItems, instructionGroupFeedbacks } from './group-feedback.table.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';

/** Data access of group feedback (decision 069); the executor first (decision 031), no rules. */

export type FeedbackEmployee = {
  id: number;
  portalId: number;
  active: boolean;
  isExternal: boolean;
  departmentId: number | null;
  locationId: number | null;
  name: string;
  personnelNumber: string;
  departmentName: string | null;
};

export type FeedbackTopic = {
  id: number;
  portalId: number;
  label: string;
  inactive: boolean;
  intervalDays: number;
  durationDays: number | null;
  /** Part of a chain: it has a superior or a subordinate topic. */
  chained: boolean;
};

export type UnfinishedItem = {
  id: number;
  employeeId: number;
  topicId: number;
  type: string;
  status: string;
  validUntil: string | null;
};

const employeeColumns = {
  id: employees.id,
  portalId: employees.portalId,
  active: employees.active,
  isExternal: employees.isExternal,
  departmentId: employees.departmentId,
  locationId: employees.locationId,
  name: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`,
  personnelNumber: employees.personnelNumber,
  departmentName: departments.name,
};

export const groupFeedbackRepository = {
  /** The topics among `ids`, locked for share (a concurrent delete or chain edit waits), with their chain flag. */
  async topics(ex: Executor, ids: readonly number[]): Promise<FeedbackTopic[]> {
    if (ids.length === 0) return [];
    const sorted = [...ids].sort((a, b) => a - b);
    return queryRows<FeedbackTopic>(
      ex,
      sql`select t.id, t.portal_id as "portalId", t.label, t.inactive, t.interval_days as "intervalDays",
                 t.duration_days as "durationDays",
                 (t.parent_id is not null
                   or exists (select 1 from ${instructionTopics} c where c.parent_id = t.id)) as chained
            from ${instructionTopics} t
           where t.id in (${sql.join(
             sorted.map((id) => sql`${id}`),
             sql`, `,
           )})
           order by t.id
             for share of t`,
    );
  },

  async employees(ex: Executor, ids: readonly number[]): Promise<FeedbackEmployee[]> {
    if (ids.length === 0) return [];
    return ex
      .select(employeeColumns)
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(inArray(employees.id, [...ids]));
  },

  /** The department (id, portal, whether it is a root: the whole company). */
  async department(
    ex: Executor,
    id: number,
  ): Promise<{ id: number; portalId: number; parentId: number | null } | undefined> {
    const [row] = await ex
      .select({ id: departments.id, portalId: departments.portalId, parentId: departments.parentId })
      .from(departments)
      .where(eq(departments.id, id));
    return row;
  },

  /** The active employees of the portal in the department or below it, by name (at most `limit`). */
  async employeesOfBranch(
    ex: Executor,
    portalId: number,
    departmentId: number,
    limit: number,
  ): Promise<FeedbackEmployee[]> {
    const branch = sql`(with recursive branch(id) as (
                           select ${departmentId}::int
                           union
                           select d.id from ${departments} d join branch b on d.parent_id = b.id
                         ) select id from branch)`;
    const where: SQL | undefined = and(
      eq(employees.portalId, portalId),
      eq(employees.active, true),
      sql`${employees.departmentId} in ${branch}`,
    );
    return ex
      .select(employeeColumns)
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(where)
      .orderBy(employees.lastNameSort, employees.firstNameSort, employees.id)
      .limit(limit);
  },

  /** The personnel numbers among `numbers` already used in the portal. */
  async personnelNumbersTaken(
    ex: Executor,
    portalId: number,
    numbers: readonly string[],
  ): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = await ex
      .select({ n: employees.personnelNumber })
      .from(employees)
      .where(and(eq(employees.portalId, portalId), inArray(employees.personnelNumber, [...numbers])));
    return new Set(rows.map((r) => r.n));
  },

  /** Unfinished items of the pairs (employees × topics, of the kinds), locked for update, in id order. */
  async unfinished(
    ex: Executor,
    employeeIds: readonly number[],
    topicIds: readonly number[],
  ): Promise<UnfinishedItem[]> {
    if (employeeIds.length === 0 || topicIds.length === 0) return [];
    const a = instructionAssignments;
    return ex
      .select({
        id: a.id,
        employeeId: a.employeeId,
        topicId: a.topicId,
        type: a.type,
        status: a.status,
        validUntil: a.validUntil,
      })
      .from(a)
      .where(
        and(
          inArray(a.employeeId, [...employeeIds]),
          inArray(a.topicId, [...topicIds]),
          sql`${a.status} <> 'E'`,
        ),
      )
      .orderBy(a.id)
      .for('update');
  },

  /** Pairs already confirmed by a group feedback on `givenOn` ("employee:topic:type" keys). */
  async confirmedOn(
    ex: Executor,
    employeeIds: readonly number[],
    topicIds: readonly number[],
    givenOn: string,
  ): Promise<Set<string>> {
    if (employeeIds.length === 0 || topicIds.length === 0) return new Set();
    const i = instructionGroupFeedbackItems;
    const rows = await ex
      .select({ employeeId: i.employeeId, topicId: i.topicId, type: i.type })
      .from(i)
      .where(
        and(
          inArray(i.employeeId, [...employeeIds]),
          inArray(i.topicId, [...topicIds]),
          eq(i.givenOn, givenOn),
        ),
      );
    return new Set(rows.map((r) => `${r.employeeId}:${r.topicId}:${r.type}`));
  },

  /** Sets unfinished items done with their validity (ids of one topic share it), completed on the day given. */
  async setDone(
    ex: Executor,
    ids: readonly number[],
    validUntil: string | null,
    completedOn: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .update(instructionAssignments)
      .set({
        status: 'E',
        validUntil,
        completedOn,
        version: sql`${instructionAssignments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(inArray(instructionAssignments.id, [...ids]));
  },

  async insertAssignments(
    ex: Executor,
    rows: (typeof instructionAssignments.$inferInsert)[],
  ): Promise<{ id: number; employeeId: number; topicId: number; type: string; status: string }[]> {
    if (rows.length === 0) return [];
    // The next open item may meet one a concurrent writer made: the unique index on unfinished items wins.
    return ex.insert(instructionAssignments).values(rows).onConflictDoNothing().returning({
      id: instructionAssignments.id,
      employeeId: instructionAssignments.employeeId,
      topicId: instructionAssignments.topicId,
      type: instructionAssignments.type,
      status: instructionAssignments.status,
    });
  },

  async insertFeedback(ex: Executor, values: typeof instructionGroupFeedbacks.$inferInsert): Promise<number> {
    const [row] = await ex
      .insert(instructionGroupFeedbacks)
      .values(values)
      .returning({ id: instructionGroupFeedbacks.id });
    return row!.id;
  },

  async insertItems(
    ex: Executor,
    rows: (typeof instructionGroupFeedbackItems.$inferInsert)[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await ex.insert(instructionGroupFeedbackItems).values(rows);
  },

  /** A recorded group feedback of the portal with its items; undefined when not found. */
  async find(ex: Executor, portalId: number, id: number): Promise<GroupFeedback | undefined> {
    const [head] = await queryRows<Omit<GroupFeedback, 'items'>>(
      ex,
      sql`select f.id, f.given_on::text as "givenOn", f.note, f.instructor_id as "instructorId",
                 case when e.id is null then null else e.last_name || ', ' || e.first_name end as "instructorName",
                 to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
            from ${instructionGroupFeedbacks} f
            left join ${employees} e on e.id = f.instructor_id
           where f.id = ${id} and f.portal_id = ${portalId}`,
    );
    if (!head) return undefined;
    const items = await queryRows<GroupFeedback['items'][number]>(
      ex,
      sql`select i.assignment_id as "assignmentId", i.employee_id as "employeeId",
                 e.last_name || ', ' || e.first_name as "employeeName", e.personnel_number as "personnelNumber",
                 i.topic_id as "topicId", t.label as "topicLabel", i.type, a.valid_until::text as "validUntil"
            from ${instructionGroupFeedbackItems} i
            join ${employees} e on e.id = i.employee_id
            join ${instructionTopics} t on t.id = i.topic_id
            left join ${instructionAssignments} a on a.id = i.assignment_id
           where i.feedback_id = ${id}
           order by e.last_name_sort, e.first_name_sort, e.id, t.label, i.type`,
    );
    return { ...head, items };
  },
};

export type GroupFeedbackRepository = typeof groupFeedbackRepository;
