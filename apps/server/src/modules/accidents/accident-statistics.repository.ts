import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';

/** The queries of the accident statistics (decision 051); executor first, no rules. */

export type Grouped = {
  y: number;
  key: string | null;
  label: string | null;
  n: number | string;
  /** The reportable ones among them (the quota per location and department, decision 071). */
  reportable: number | string;
  lost: number | string;
};

const yearOf = sql`extract(year from r.accident_at at time zone 'Europe/Berlin')::int`;

/** The portal's active reports from Jan 1 of year-1 to Jan 1 of year+1 (Berlin time). */
function where(portalId: number, year: number): SQL {
  return sql`r.portal_id = ${portalId} and r.status <> 60
      and r.accident_at >= (${`${year - 1}-01-01`}::timestamp at time zone 'Europe/Berlin')
      and r.accident_at < (${`${year + 1}-01-01`}::timestamp at time zone 'Europe/Berlin')`;
}
async function grouped(ex: Executor, portalId: number, year: number, key: SQL, label: SQL, joins: SQL) {
  return queryRows<Grouped>(
    ex,
    sql`select ${yearOf} as y, ${key} as key, ${label} as label, count(*) as n,
          count(*) filter (where r.reportable) as reportable, coalesce(sum(r.days_lost), 0) as lost
        from accident_reports r ${joins}
        where ${where(portalId, year)}
        group by 1, 2, 3`,
  );
}

export type Dimension = 'eventType' | 'location' | 'department' | 'month' | 'bodyPart' | 'injuryType';
const injuries = sql`join accident_report_injuries i on i.report_id = r.id`;
/** Key, label and joins of each table. */
const DIMENSIONS: Record<Dimension, { key: SQL; label: SQL; joins: SQL }> = {
  eventType: { key: sql`r.event_type::text`, label: sql`null::text`, joins: sql`` },
  location: {
    key: sql`r.location_id::text`,
    label: sql`l.name`,
    joins: sql`join locations l on l.id = r.location_id`,
  },
  department: {
    key: sql`coalesce(r.department_id, e.department_id)::text`,
    label: sql`d.name`,
    joins: sql`left join employees e on e.id = r.employee_id
      left join departments d on d.id = coalesce(r.department_id, e.department_id)`,
  },
  month: {
    key: sql`extract(month from r.accident_at at time zone 'Europe/Berlin')::int::text`,
    label: sql`null::text`,
    joins: sql``,
  },
  bodyPart: { key: sql`i.body_part::text`, label: sql`null::text`, joins: injuries },
  injuryType: { key: sql`i.injury_type::text`, label: sql`null::text`, joins: injuries },
};

export const statisticsRepository = {
  /** Counts and lost days of the two years per key of a table. */
  grouped(ex: Executor, portalId: number, year: number, dimension: Dimension) {
    const d = DIMENSIONS[dimension];
    return grouped(ex, portalId, year, d.key, d.label, d.joins);
  },

  /** The names of the portal's locations and departments, keyed by id as text (the quota tables' labels). */
  async names(ex: Executor, portalId: number) {
    const rows = await queryRows<{ kind: 'location' | 'department'; key: string; name: string }>(
      ex,
      sql`select 'location' as kind, id::text as key, name from locations where portal_id = ${portalId}
          union all
          select 'department' as kind, id::text as key, name from departments where portal_id = ${portalId}`,
    );
    const names = { location: new Map<string, string>(), department: new Map<string, string>() };
    for (const r of rows) names[r.kind].set(r.key, r.name);
    return names;
  },

  /** Reports, reportable, lost days and costs of the two years. */
  totals(ex: Executor, portalId: number, year: number) {
    return queryRows<{
      y: number;
      n: number | string;
      reportable: number | string;
      lost: number | string;
      costs: number | string;
    }>(
      ex,
      sql`select ${yearOf} as y, count(*) as n, count(*) filter (where r.reportable) as reportable,
            coalesce(sum(r.days_lost), 0) as lost,
            coalesce(sum(coalesce(r.cost_wage_continuation, 0) + coalesce(r.cost_replacement, 0)
              + coalesce(r.cost_other, 0)), 0) as costs
          from accident_reports r where ${where(portalId, year)} group by 1`,
    );
  },
};
