import { catalogueLabel } from '@schutzwerk/shared/accidents/catalogues.ts';
import {
  type AccidentStatistics,
  type StatisticsExportQuery,
  type StatisticsQuery,
  type StatisticsRow,
  type StatisticsTotals,
  statisticsExportQuerySchema,
  statisticsQuerySchema,
} from '@schutzwerk/shared/accidents/statistics.schema.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { renderXlsx } from '#modules/reports/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { canSeeHealth } from './accidents.service.ts';

/**
 * Accident statistics (decision 051): one pass per table over the portal's reports of the year and the previous
 * year (inactive reports, status 60, left out), grouped by year and key in the database; Europe/Berlin years and
 * months. Body part and injury type only with the health right.
 */

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

type Grouped = {
  y: number;
  key: string | null;
  label: string | null;
  n: number | string;
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
          coalesce(sum(r.days_lost), 0) as lost
        from accident_reports r ${joins}
        where ${where(portalId, year)}
        group by 1, 2, 3`,
  );
}

/** Merges the two years' groups into rows (this year's count, the previous year's, lost days this year). */
function rows(groups: Grouped[], year: number, labelOf: (key: string, label: string | null) => string) {
  const map = new Map<string, StatisticsRow>();
  for (const g of groups) {
    const key = g.key ?? '';
    const row = map.get(key) ?? { key, label: labelOf(key, g.label), count: 0, previous: 0, lostDays: 0 };
    if (Number(g.y) === year) {
      row.count += Number(g.n);
      row.lostDays += Number(g.lost);
    } else row.previous += Number(g.n);
    map.set(key, row);
  }
  return [...map.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'de'));
}

const quota = (reportable: number, divisor: number) =>
  divisor > 0 ? Math.round((reportable * 1000 * 10) / divisor) / 10 : null;

export function createAccidentStatistics({ db }: { db: Db }) {
  async function compute(actor: Actor, raw: StatisticsQuery): Promise<AccidentStatistics> {
    const { year, fullTimeHours } = statisticsQuerySchema.parse(raw);
    const portalId = actor.portalId;
    const health = canSeeHealth(actor);
    const none = sql``;
    const [eventType, location, department, month, totalsRows, staff] = await Promise.all([
      grouped(db, portalId, year, sql`r.event_type::text`, sql`null::text`, none),
      grouped(
        db,
        portalId,
        year,
        sql`r.location_id::text`,
        sql`l.name`,
        sql`join locations l on l.id = r.location_id`,
      ),
      grouped(
        db,
        portalId,
        year,
        sql`coalesce(r.department_id, e.department_id)::text`,
        sql`d.name`,
        sql`left join employees e on e.id = r.employee_id
            left join departments d on d.id = coalesce(r.department_id, e.department_id)`,
      ),
      grouped(
        db,
        portalId,
        year,
        sql`extract(month from r.accident_at at time zone 'Europe/Berlin')::int::text`,
        sql`null::text`,
        none,
      ),
      queryRows<{
        y: number;
        n: number | string;
        reportable: number | string;
        lost: number | string;
        costs: number | string;
      }>(
        db,
        sql`select ${yearOf} as y, count(*) as n, count(*) filter (where r.reportable) as reportable,
              coalesce(sum(r.days_lost), 0) as lost,
              coalesce(sum(coalesce(r.cost_wage_continuation, 0) + coalesce(r.cost_replacement, 0)
                + coalesce(r.cost_other, 0)), 0) as costs
            from accident_reports r where ${where(portalId, year)} group by 1`,
      ),
      // Hours: the monthly hours of the employee's department or its nearest container above (× 12).
      queryRows<{ employees: number | string; hours: number | string | null }>(
        db,
        sql`with recursive up(dep, cur, hours) as (
              select id, parent_id, monthly_hours from departments where portal_id = ${portalId}
              union all
              select up.dep, d.parent_id, d.monthly_hours from up join departments d on d.id = up.cur
              where up.hours is null
            ), dep_hours as (select dep, max(hours) as hours from up group by dep)
            select count(*) as employees, coalesce(sum(h.hours), 0) * 12 as hours
            from employees e left join dep_hours h on h.dep = e.department_id
            where e.portal_id = ${portalId} and e.active`,
      ),
    ]);
    const health2 = health
      ? await Promise.all([
          grouped(
            db,
            portalId,
            year,
            sql`i.body_part::text`,
            sql`null::text`,
            sql`join accident_report_injuries i on i.report_id = r.id`,
          ),
          grouped(
            db,
            portalId,
            year,
            sql`i.injury_type::text`,
            sql`null::text`,
            sql`join accident_report_injuries i on i.report_id = r.id`,
          ),
        ])
      : null;
    const employees = Number(staff[0]?.employees ?? 0);
    const hoursWorked = Number(staff[0]?.hours ?? 0);
    const totalsOf = (y: number): StatisticsTotals => {
      const row = totalsRows.find((r) => Number(r.y) === y);
      const reportable = Number(row?.reportable ?? 0);
      return {
        reports: Number(row?.n ?? 0),
        reportable,
        lostDays: Number(row?.lost ?? 0),
        costs: Number(row?.costs ?? 0),
        employees,
        quota: quota(reportable, employees),
        hoursWorked,
        quotaByHours:
          fullTimeHours === undefined || hoursWorked <= 0
            ? null
            : Math.round((reportable * 1000 * fullTimeHours * 10) / hoursWorked) / 10,
      };
    };
    const monthRows = rows(month, year, (k) => MONTHS[Number(k) - 1] ?? k);
    // Every month shows, in calendar order.
    const months = MONTHS.map(
      (label, i) =>
        monthRows.find((r) => r.key === String(i + 1)) ?? {
          key: String(i + 1),
          label,
          count: 0,
          previous: 0,
          lostDays: 0,
        },
    );
    return {
      year,
      healthVisible: health,
      totals: totalsOf(year),
      previousTotals: totalsOf(year - 1),
      tables: {
        eventType: rows(eventType, year, (k) => catalogueLabel('eventType', Number(k))),
        location: rows(location, year, (_k, label) => label ?? ''),
        department: rows(department, year, (k, label) => (k === '' ? 'Ohne Abteilung' : (label ?? ''))),
        month: months,
        bodyPart: health2 ? rows(health2[0], year, (k) => catalogueLabel('bodyPart', Number(k))) : null,
        injuryType: health2 ? rows(health2[1], year, (k) => catalogueLabel('injuryType', Number(k))) : null,
      },
    };
  }

  const TITLES: Record<StatisticsExportQuery['table'], string> = {
    eventType: 'Nach Ereignisart',
    location: 'Nach Ort',
    department: 'Nach Abteilung',
    month: 'Nach Monat',
    bodyPart: 'Nach Körperteil',
    injuryType: 'Nach Verletzungsart',
    totals: 'Kennzahlen',
  };

  return {
    compute,

    /** One table of the statistics as XLSX (the report engine's writer). */
    async xlsx(actor: Actor, raw: StatisticsExportQuery): Promise<{ file: Buffer; fileName: string }> {
      const query = statisticsExportQuerySchema.parse(raw);
      const stats = await compute(actor, query);
      const title = `Unfallstatistik ${stats.year} – ${TITLES[query.table]}`;
      const prev = String(stats.year - 1);
      const year = String(stats.year);
      let columns: string[];
      let data: Record<string, unknown>[];
      if (query.table === 'totals') {
        const t = stats.totals;
        const p = stats.previousTotals;
        columns = ['Kennzahl', year, prev];
        data = [
          ['Meldungen', t.reports, p.reports],
          ['Meldepflichtige Unfälle', t.reportable, p.reportable],
          ['Ausfalltage', t.lostDays, p.lostDays],
          ['Kosten (€)', t.costs / 100, p.costs / 100],
          ['Beschäftigte', t.employees, p.employees],
          ['1000-Mann-Quote', t.quota, p.quota],
          ['Geleistete Stunden', t.hoursWorked, p.hoursWorked],
          ['1000-Mann-Quote (Stunden)', t.quotaByHours, p.quotaByHours],
        ].map(([label, a, b]) => ({ Kennzahl: label, [year]: a, [prev]: b }));
      } else {
        const table = stats.tables[query.table];
        if (table === null) throw new AppError('ACCIDENT_HEALTH_DATA_FORBIDDEN');
        columns = [TITLES[query.table].replace('Nach ', ''), year, prev, 'Ausfalltage'];
        data = table.map((r) => ({
          [columns[0] as string]: r.label,
          [year]: r.count,
          [prev]: r.previous,
          Ausfalltage: r.lostDays,
        }));
      }
      const file = await renderXlsx({
        title,
        columns,
        rows: data,
        companyName: '',
        filters: [],
        printedAt: new Date(),
      });
      return { file, fileName: `Unfallstatistik-${stats.year}-${query.table}.xlsx` };
    },
  };
}

export type AccidentStatisticsService = ReturnType<typeof createAccidentStatistics>;
