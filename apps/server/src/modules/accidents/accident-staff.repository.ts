import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';

/** The queries of the staff history (decision 062); executor first, no rules. */

export type StaffLine = {
  location_id: number | null;
  department_id: number | null;
  employees: number | string;
  hours: number | string;
};

export const staffRepository = {
  /** Today's active employees and monthly hours per location × department (the statistics' staff rule). */
  currentLines(ex: Executor, portalId: number) {
    return queryRows<StaffLine>(
      ex,
      sql`with recursive up(dep, cur, hours) as (
            select id, parent_id, monthly_hours from departments where portal_id = ${portalId}
            union all
            select up.dep, d.parent_id, d.monthly_hours from up join departments d on d.id = up.cur
            where up.hours is null
          ), dep_hours as (select dep, max(hours) as hours from up group by dep)
          select e.location_id, e.department_id, count(*) as employees, coalesce(sum(h.hours), 0) as hours
          from employees e left join dep_hours h on h.dep = e.department_id
          where e.portal_id = ${portalId} and e.active
          group by 1, 2`,
    );
  },

  /** Inserts the month's header unless the portal has one; its id, or undefined when it existed. */
  async insertHead(ex: Executor, portalId: number, month: string, employees: number, monthlyHours: number) {
    const [head] = await queryRows<{ id: number }>(
      ex,
      sql`insert into accident_staff_snapshots (portal_id, month, employees, monthly_hours)
          values (${portalId}, ${month}::date, ${employees}, ${monthlyHours})
          on conflict (portal_id, month) do nothing returning id`,
    );
    return head?.id;
  },

  async insertLines(ex: Executor, snapshotId: number, lines: StaffLine[]) {
    if (lines.length === 0) return;
    await ex.execute(
      sql`insert into accident_staff_snapshot_lines (snapshot_id, location_id, department_id, employees, monthly_hours)
          values ${sql.join(
            lines.map(
              (l) =>
                sql`(${snapshotId}, ${l.location_id}, ${l.department_id}, ${Number(l.employees)}, ${Number(l.hours)})`,
            ),
            sql`, `,
          )}`,
    );
  },

  /** The number of a year's snapshots and their mean employees and monthly hours. */
  async yearAverage(ex: Executor, portalId: number, year: number) {
    const [row] = await queryRows<{
      months: number | string;
      employees: string | null;
      hours: string | null;
    }>(
      ex,
      sql`select count(*) as months, avg(employees) as employees, avg(monthly_hours) as hours
          from accident_staff_snapshots
          where portal_id = ${portalId} and month >= ${`${year}-01-01`}::date
            and month < ${`${year + 1}-01-01`}::date`,
    );
    return {
      months: Number(row?.months ?? 0),
      employees: Number(row?.employees ?? 0),
      hours: Number(row?.hours ?? 0),
    };
  },

  /** A year's snapshot lines summed per location × department over its months (divide by the months' count). */
  yearLines(ex: Executor, portalId: number, year: number) {
    return queryRows<StaffLine>(
      ex,
      sql`select l.location_id, l.department_id, sum(l.employees) as employees, sum(l.monthly_hours) as hours
          from accident_staff_snapshot_lines l
          join accident_staff_snapshots s on s.id = l.snapshot_id
          where s.portal_id = ${portalId} and s.month >= ${`${year}-01-01`}::date
            and s.month < ${`${year + 1}-01-01`}::date
          group by 1, 2`,
    );
  },

  portals(ex: Executor) {
    return queryRows<{ id: number; name: string }>(ex, sql`select id, name from portals order by id`);
  },
};
