import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { type EvaluationScope, scopeWhere } from './evaluations.repository.ts';
import { instructionAssignments as a } from './instructions.table.ts';

/**
 * The queries of the evaluations dashboard (decision 077); executor first (decision 031), no rules. The scope is
 * the one of the other evaluation tabs (decision 073: portal, no check-ups, reach, externals, inactive, filters).
 */

type Count = number | string;
export type DashboardCounts = {
  done: Count;
  due: Count;
  done_in_time: Count;
  overdue_now: Count;
  due_next30: Count;
};
export type DashboardBucketRow = { k: 'due' | 'done'; b: string; n: Count; in_time: Count };
export type DashboardTopCount = { kind: 'topic' | 'department'; key: number | null; n: Count };

const from = sql`${a} join ${employees} on ${employees.id} = ${a.employeeId}`;
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const inTime = sql`(${a.status} = 'E' and ${a.completedOn} <= ${a.dueDate})`;
const overdue = (today: string) => sql`(${a.status} <> 'E' and ${a.dueDate} < ${today}::date)`;

export const evaluationsDashboardRepository = {
  /**
   * The key figures of the range [first, last] in one scan: done by completion day, due by due day (and of
   * those, done in time), overdue today and open due in the next 30 days (any range).
   */
  async counts(
    ex: Executor,
    scope: EvaluationScope,
    range: { first: string; last: string },
    today: string,
  ): Promise<DashboardCounts> {
    const dueIn = sql`${a.dueDate} between ${range.first}::date and ${range.last}::date`;
    const doneIn = sql`${a.completedOn} between ${range.first}::date and ${range.last}::date`;
    const next30 = sql`(${a.status} <> 'E' and ${a.dueDate} between ${today}::date and ${today}::date + 30)`;
    const [row] = await queryRows<DashboardCounts>(
      ex,
      sql`select count(*) filter (where ${doneIn}) as done,
                 count(*) filter (where ${dueIn}) as due,
                 count(*) filter (where ${dueIn} and ${inTime}) as done_in_time,
                 count(*) filter (where ${overdue(today)}) as overdue_now,
                 count(*) filter (where ${next30}) as due_next30
            from ${from}
           where ${and([...scopeWhere(scope), sql`(${a.status} <> 'E' or ${dueIn} or ${doneIn})`])}`,
    );
    return row ?? { done: 0, due: 0, done_in_time: 0, overdue_now: 0, due_next30: 0 };
  },

  /**
   * Due (by due day, with how many of those were done in time) and done (by completion day) per week (Monday) or
   * month of the range; a bucket before the range's first day starts on that day.
   */
  buckets(
    ex: Executor,
    scope: EvaluationScope,
    range: { first: string; last: string },
    unit: 'week' | 'month',
  ) {
    const bucket = (day: SQL) => sql`greatest(date_trunc(${unit}, ${day})::date, ${range.first}::date)::text`;
    const where = (day: SQL) =>
      and([...scopeWhere(scope), sql`${day} between ${range.first}::date and ${range.last}::date`]);
    return queryRows<DashboardBucketRow>(
      ex,
      sql`select 'due' as k, ${bucket(sql`${a.dueDate}`)} as b, count(*) as n,
                 count(*) filter (where ${inTime}) as in_time
            from ${from} where ${where(sql`${a.dueDate}`)} group by 2
          union all
          select 'done', ${bucket(sql`${a.completedOn}`)}, count(*), 0
            from ${from} where ${where(sql`${a.completedOn}`)} group by 2`,
    );
  },

  /** The `limit` topics and departments (null: none) with the most overdue items today. */
  top(ex: Executor, scope: EvaluationScope, today: string, limit: number) {
    const where = and([...scopeWhere(scope), overdue(today)]);
    return queryRows<DashboardTopCount>(
      ex,
      sql`(select 'topic' as kind, ${a.topicId} as key, count(*) as n from ${from} where ${where}
            group by 2 order by 3 desc, 2 limit ${limit})
          union all
          (select 'department', ${employees.departmentId}, count(*) from ${from} where ${where}
            group by 2 order by 3 desc, 2 nulls last limit ${limit})`,
    );
  },
};

export type EvaluationsDashboardRepository = typeof evaluationsDashboardRepository;
