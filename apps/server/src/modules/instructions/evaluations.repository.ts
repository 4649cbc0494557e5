import type {
  OverdueRow,
  ParsedOverdueListQuery,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { instructionAssignments as a, instructionTopics } from './instructions.table.ts';

/** The queries of the evaluations of instructions (decision 073); executor first (decision 031), no rules. */

/**
 * Whose assignments count: the portal's items except occupational-medical check-ups (decision 064: they belong to
 * the precaution), of active employees unless `inactive`, internal ones unless `externals`, in the caller's reach
 * (`departments` null = every department; `locations` null or empty = no location rights restrict), optionally
 * one topic and one location with its sub-locations.
 */
export type EvaluationScope = {
  portalId: number;
  departments: readonly number[] | null;
  locations: readonly number[] | null;
  externals: boolean;
  inactive: boolean;
  topicId?: number | undefined;
  locationId?: number | undefined;
};

const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

export function scopeWhere(s: EvaluationScope): SQL[] {
  const parts: SQL[] = [sql`${a.portalId} = ${s.portalId}`, sql`${a.type} <> 'checkup'`];
  if (!s.inactive) parts.push(sql`${employees.active}`);
  if (!s.externals) parts.push(sql`not ${employees.isExternal}`);
  if (s.departments) parts.push(sql`${employees.departmentId} = any(${ids(s.departments)})`);
  if (s.locations && s.locations.length > 0)
    parts.push(sql`(${employees.locationId} is null or ${employees.locationId} = any(${ids(s.locations)}))`);
  if (s.topicId !== undefined) parts.push(sql`${a.topicId} = ${s.topicId}`);
  if (s.locationId !== undefined)
    parts.push(sql`${employees.locationId} in (with recursive sub(id) as (
        select ${s.locationId}::int
        union all
        select u.id from ${locations} u join sub on u.parent_id = sub.id
      ) select id from sub)`);
  return parts;
}

// date_part (float8) rather than extract (numeric since PostgreSQL 14): half the time over hundreds of thousands of rows.
const yearOf = sql`date_part('year', ${a.dueDate})::int`;
const monthOf = sql`date_part('month', ${a.dueDate})::int`;

/** One group of the statistics: which grouping (`g`), its key, and the counts of the year `y`. */
export type EvaluationGroup = {
  y: number;
  /** 'total' | 'department' | 'location' | 'topic' | 'month'. */
  g: string;
  key: number | null;
  due: number | string;
  done: number | string;
  overdue: number | string;
};

const employeeName = sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`;

const overdueSource: ListSource = {
  orderBy: {
    dueDate: a.dueDate,
    employee: [employees.lastNameSort, employees.firstNameSort],
    personnelNumber: employees.personnelNumber,
    topic: sql`lower(${instructionTopics.label})`,
    department: sql`lower(${departments.name})`,
    location: sql`lower(${locations.name})`,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: a.id,
  searchText: sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber} || ' ' || ${instructionTopics.identifier} || ' ' || ${instructionTopics.label}`,
};

const overdueWhere = (scope: EvaluationScope, today: string) => [
  ...scopeWhere(scope),
  sql`${a.status} <> 'E'`,
  sql`${a.dueDate} < ${today}::date`,
];

export const evaluationsRepository = {
  /**
   * Due, done and overdue items of the year and the previous one in one pass (grouping sets): the totals and
   * the groups by the employee's department and location, the topic and the due month. Years and months are
   * those of the due day.
   */
  grouped(ex: Executor, scope: EvaluationScope, year: number, today: string) {
    const where = sql.join(
      [
        ...scopeWhere(scope),
        sql`${a.dueDate} >= ${`${year - 1}-01-01`}::date`,
        sql`${a.dueDate} < ${`${year + 1}-01-01`}::date`,
      ],
      sql` and `,
    );
    // First the counts per year, department, location, topic and month (a few thousand groups even for
    // hundreds of thousands of items), then the five groupings over those: one scan, one hash aggregate.
    return queryRows<EvaluationGroup>(
      ex,
      sql`select s.y,
            case when grouping(s.dep) = 0 then 'department'
                 when grouping(s.loc) = 0 then 'location'
                 when grouping(s.topic) = 0 then 'topic'
                 when grouping(s.m) = 0 then 'month'
                 else 'total' end as g,
            coalesce(case when grouping(s.dep) = 0 then s.dep end,
                     case when grouping(s.loc) = 0 then s.loc end,
                     case when grouping(s.topic) = 0 then s.topic end,
                     case when grouping(s.m) = 0 then s.m end) as key,
            sum(s.due) as due, sum(s.done) as done, sum(s.overdue) as overdue
          from (
            select ${yearOf} as y, ${employees.departmentId} as dep, ${employees.locationId} as loc,
                   ${a.topicId} as topic, ${monthOf} as m,
                   count(*) as due,
                   count(*) filter (where ${a.status} = 'E') as done,
                   count(*) filter (where ${a.status} <> 'E' and ${a.dueDate} < ${today}::date) as overdue
              from ${a} join ${employees} on ${employees.id} = ${a.employeeId}
             where ${where}
             group by 1, 2, 3, 4, 5
          ) s
          group by grouping sets ((s.y), (s.y, s.dep), (s.y, s.loc), (s.y, s.topic), (s.y, s.m))`,
    );
  },

  /** The names of departments, locations and topics by id (the groups' labels). */
  labels(
    ex: Executor,
    wanted: { departments: readonly number[]; locations: readonly number[]; topics: readonly number[] },
  ) {
    return queryRows<{ kind: string; id: number; label: string }>(
      ex,
      sql`select 'department' as kind, id, name as label from ${departments} where id = any(${ids(wanted.departments)})
          union all
          select 'location', id, name from ${locations} where id = any(${ids(wanted.locations)})
          union all
          select 'topic', id, label from ${instructionTopics} where id = any(${ids(wanted.topics)})`,
    );
  },

  /** How many items are overdue today (any due year). */
  async overdueCount(ex: Executor, scope: EvaluationScope, today: string): Promise<number> {
    const [row] = await queryRows<{ n: number | string }>(
      ex,
      sql`select count(*) as n from ${a} join ${employees} on ${employees.id} = ${a.employeeId}
          where ${sql.join(overdueWhere(scope, today), sql` and `)}`,
    );
    return Number(row?.n ?? 0);
  },

  /** The overdue list (list protocol): unfinished items whose due day has passed, by due day. */
  overdueList(ex: Executor, scope: EvaluationScope, query: ParsedOverdueListQuery, today: string) {
    const plan = planList(overdueSource, query, overdueWhere(scope, today));
    return runList<OverdueRow>(plan, {
      rows: (p) => overdueRows(ex, p.where, p.orderBy, p.limit, p.offset, today),
      count: (w) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(a)
            .innerJoin(employees, eq(employees.id, a.employeeId))
            .innerJoin(instructionTopics, eq(instructionTopics.id, a.topicId))
            .where(w),
        ),
    });
  },

  /** The whole overdue list by due day, at most `limit` rows (the export). */
  overdueAll(ex: Executor, scope: EvaluationScope, today: string, limit: number) {
    const where = sql.join(overdueWhere(scope, today), sql` and `);
    return overdueRows(
      ex,
      where,
      [sql`${a.dueDate}`, sql`${employees.lastNameSort}`, sql`${a.id}`],
      limit,
      0,
      today,
    );
  },
};

async function overdueRows(
  ex: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  today: string,
): Promise<OverdueRow[]> {
  return ex
    .select({
      id: a.id,
      employeeId: employees.id,
      employeeName,
      personnelNumber: employees.personnelNumber,
      departmentName: departments.name,
      locationName: locations.name,
      topicId: instructionTopics.id,
      topicLabel: instructionTopics.label,
      dueDate: sql<string>`${a.dueDate}::text`,
      daysOverdue: sql<number>`(${today}::date - ${a.dueDate})::int`,
    })
    .from(a)
    .innerJoin(employees, eq(employees.id, a.employeeId))
    .innerJoin(instructionTopics, eq(instructionTopics.id, a.topicId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(locations, eq(locations.id, employees.locationId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

export type EvaluationsRepository = typeof evaluationsRepository;
