import type {
  GroupFeedback,
  GroupFeedbackListRow,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments } from '#modules/organisation/tables.ts';
import { type ListPlan, type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
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

/**
 * Whose items of a group feedback a caller sees (decision 079): the instructor sees their own feedback whole;
 * anyone else the items of employees in reach (reach.ts: `departments` null = every department, `locations`
 * null or empty = no location rights restrict), external employees only with `externals`.
 */
export type FeedbackScope = {
  employeeId: number;
  departments: readonly number[] | null;
  locations: readonly number[] | null;
  externals: boolean;
};

const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/** The condition on an item `i` with its employee `e` (SQL aliases) of a feedback (the table, unaliased). */
function visibleItem(scope: FeedbackScope): SQL {
  const reach: SQL[] = [];
  if (scope.departments) reach.push(sql`e.department_id = any(${ids(scope.departments)})`);
  if (scope.locations && scope.locations.length > 0)
    reach.push(sql`(e.location_id is null or e.location_id = any(${ids(scope.locations)}))`);
  if (!scope.externals) reach.push(sql`not e.is_external`);
  if (reach.length === 0) return sql`true`;
  return sql`(${f.instructorId} = ${scope.employeeId} or (${sql.join(reach, sql` and `)}))`;
}

const f = instructionGroupFeedbacks;
const instructorName = sql<string>`(select ins.last_name || ', ' || ins.first_name from ${employees} ins where ins.id = ${f.instructorId})`;

function listSource(scope: FeedbackScope): ListSource {
  const seen = visibleItem(scope);
  // The visible items' employees, departments and topics as text: what the search runs over.
  const itemsText = sql`(select string_agg(e.last_name || ' ' || e.first_name || ' ' || e.personnel_number || ' ' ||
                              coalesce(d.name, '') || ' ' || t.identifier || ' ' || t.label, ' ')
                          from ${instructionGroupFeedbackItems} i
                          join ${employees} e on e.id = i.employee_id
                          join ${instructionTopics} t on t.id = i.topic_id
                          left join ${departments} d on d.id = e.department_id
                         where i.feedback_id = ${f.id} and ${seen})`;
  return {
    orderBy: {
      givenOn: [f.givenOn, f.createdAt],
      instructor: [sql`lower(coalesce(${instructorName}, ''))`, f.givenOn],
      employees: [
        sql`(select count(distinct i.employee_id) from ${instructionGroupFeedbackItems} i
               join ${employees} e on e.id = i.employee_id where i.feedback_id = ${f.id} and ${seen})`,
        f.givenOn,
      ],
    },
    defaultOrderBy: 'givenOn',
    tieBreaker: f.id,
    searchText: sql`coalesce(${instructorName}, '') || ' ' || ${f.note} || ' ' || coalesce(${itemsText}, '')`,
  };
}

export const groupFeedbackRepository = {
  /** The portal's group feedbacks with an item the caller sees (list protocol), aggregated over those items. */
  async list(ex: Executor, portalId: number, scope: FeedbackScope, query: ListQuery) {
    const seen = visibleItem(scope);
    const where = [
      sql`${f.portalId} = ${portalId}`,
      sql`exists (select 1 from ${instructionGroupFeedbackItems} i join ${employees} e on e.id = i.employee_id
                   where i.feedback_id = ${f.id} and ${seen})`,
    ];
    const plan = planList(listSource(scope), query, where);
    return runList<GroupFeedbackListRow>(plan, {
      rows: async (pl: ListPlan) =>
        queryRows<GroupFeedbackListRow>(
          ex,
          sql`select ${f.id} as id, ${f.givenOn}::text as "givenOn", ${f.note} as note, ${instructorName} as "instructorName",
                     coalesce((select array_agg(distinct d.name order by d.name)
                                 from ${instructionGroupFeedbackItems} i
                                 join ${employees} e on e.id = i.employee_id
                                 join ${departments} d on d.id = e.department_id
                                where i.feedback_id = ${f.id} and ${seen}), '{}') as departments,
                     coalesce((select array_agg(distinct trim(t.identifier || ' ' || t.label))
                                 from ${instructionGroupFeedbackItems} i
                                 join ${employees} e on e.id = i.employee_id
                                 join ${instructionTopics} t on t.id = i.topic_id
                                where i.feedback_id = ${f.id} and ${seen}), '{}') as topics,
                     (select count(distinct i.employee_id)::int
                        from ${instructionGroupFeedbackItems} i
                        join ${employees} e on e.id = i.employee_id
                       where i.feedback_id = ${f.id} and ${seen}) as "employeeCount"
                from ${instructionGroupFeedbacks}
               where ${pl.where}
               order by ${sql.join(pl.orderBy, sql`, `)}
               limit ${pl.limit} offset ${pl.offset}`,
        ),
      count: (w) => countOf(ex, (fields) => ex.select(fields).from(instructionGroupFeedbacks).where(w)),
    });
  },

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

  /**
   * A recorded group feedback of the portal with the items the caller sees; undefined when not found or when
   * the caller sees none of its items.
   */
  async find(
    ex: Executor,
    portalId: number,
    id: number,
    scope: FeedbackScope,
  ): Promise<GroupFeedback | undefined> {
    const [head] = await queryRows<Omit<GroupFeedback, 'items'>>(
      ex,
      sql`select ${f.id} as id, ${f.givenOn}::text as "givenOn", ${f.note} as note,
                 ${f.instructorId} as "instructorId", ${instructorName} as "instructorName",
                 to_char(${f.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
            from ${instructionGroupFeedbacks}
           where ${f.id} = ${id} and ${f.portalId} = ${portalId}`,
    );
    if (!head) return undefined;
    const items = await queryRows<GroupFeedback['items'][number]>(
      ex,
      sql`select i.assignment_id as "assignmentId", i.employee_id as "employeeId",
                 e.last_name || ', ' || e.first_name as "employeeName", e.personnel_number as "personnelNumber",
                 d.name as "departmentName",
                 i.topic_id as "topicId", t.identifier as "topicIdentifier", t.label as "topicLabel", i.type,
                 a.valid_until::text as "validUntil"
            from ${instructionGroupFeedbackItems} i
            join ${instructionGroupFeedbacks} on ${f.id} = i.feedback_id
            join ${employees} e on e.id = i.employee_id
            join ${instructionTopics} t on t.id = i.topic_id
            left join ${departments} d on d.id = e.department_id
            left join ${instructionAssignments} a on a.id = i.assignment_id
           where i.feedback_id = ${id} and ${visibleItem(scope)}
           order by e.last_name_sort, e.first_name_sort, e.id, t.label, i.type`,
    );
    if (items.length === 0) return undefined;
    return { ...head, items };
  },

  /**
   * The group feedback item that set an assignment done, with its feedback's day and instructor („Vorname
   * Nachname“, as the certificate's sentence names people); employee and topic lead the items' unique index.
   */
  async itemOfAssignment(
    ex: Executor,
    assignment: { id: number; employeeId: number; topicId: number },
  ): Promise<{ feedbackId: number; givenOn: string; instructorName: string | null } | undefined> {
    const [row] = await queryRows<{ feedbackId: number; givenOn: string; instructorName: string | null }>(
      ex,
      sql`select ${f.id} as "feedbackId", i.given_on::text as "givenOn",
                 (select ins.first_name || ' ' || ins.last_name from ${employees} ins
                   where ins.id = ${f.instructorId}) as "instructorName"
            from ${instructionGroupFeedbackItems} i
            join ${instructionGroupFeedbacks} on ${f.id} = i.feedback_id
           where i.employee_id = ${assignment.employeeId} and i.topic_id = ${assignment.topicId}
             and i.assignment_id = ${assignment.id}
           order by i.id desc
           limit 1`,
    );
    return row;
  },
};

export type GroupFeedbackRepository = typeof groupFeedbackRepository;
