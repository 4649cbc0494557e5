import { catalogueLabel } from '@schutzwerk/shared/accidents/catalogues.ts';
import {
  type AccidentStatistics,
  type QuotaRow,
  type StatisticsExportQuery,
  type StatisticsQuery,
  type StatisticsRow,
  type StatisticsTotals,
  statisticsExportQuerySchema,
  statisticsQuerySchema,
} from '@schutzwerk/shared/accidents/statistics.schema.ts';
import type { Db } from '#db/client.ts';
import { renderXlsx } from '#modules/reports/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { staffOfYear, type YearStaff } from './accident-staff-history.ts';
import { type Dimension, type Grouped, statisticsRepository } from './accident-statistics.repository.ts';
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

/** Where a year's employees and hours come from, as the XLSX prints it (decision 062). */
export const staffSourceText = (t: StatisticsTotals) =>
  t.staffSource === 'history'
    ? `Monatsstände (${t.staffMonths} ${t.staffMonths === 1 ? 'Monat' : 'Monate'})`
    : 'heutiger Stand (kein Monatsstand)';

const quota = (reportable: number, divisor: number) =>
  divisor > 0 ? Math.round((reportable * 1000 * 10) / divisor) / 10 : null;

/**
 * The quota per location or department (decision 071): reportable accidents there × 1000 / the average staff
 * there, each year with its own staff. A row for every key with staff or a reportable accident in either year;
 * highest quota first, rows without staff (no quota) last.
 */
function quotaRows(
  groups: Grouped[],
  year: number,
  staff: { now: Map<string, number>; before: Map<string, number> },
  labelOf: (key: string, label: string | null) => string,
): QuotaRow[] {
  const map = new Map<string, QuotaRow>();
  const row = (key: string, label: string | null) => {
    const existing = map.get(key);
    if (existing) return existing;
    const created: QuotaRow = {
      key,
      label: labelOf(key, label),
      reportable: 0,
      employees: 0,
      quota: null,
      previousReportable: 0,
      previousEmployees: 0,
      previousQuota: null,
    };
    map.set(key, created);
    return created;
  };
  for (const g of groups) {
    const r = row(g.key ?? '', g.label);
    if (Number(g.y) === year) r.reportable += Number(g.reportable);
    else r.previousReportable += Number(g.reportable);
  }
  for (const [key, n] of staff.now) row(key, null).employees = n;
  for (const [key, n] of staff.before) row(key, null).previousEmployees = n;
  return [...map.values()]
    .filter((r) => r.reportable + r.previousReportable > 0 || r.employees + r.previousEmployees > 0)
    .map((r) => ({
      ...r,
      quota: quota(r.reportable, r.employees),
      previousQuota: quota(r.previousReportable, r.previousEmployees),
    }))
    .sort(
      (a, b) =>
        (b.quota ?? -1) - (a.quota ?? -1) ||
        (b.previousQuota ?? -1) - (a.previousQuota ?? -1) ||
        a.label.localeCompare(b.label, 'de'),
    );
}

export function createAccidentStatistics({ db }: { db: Db }) {
  async function compute(actor: Actor, raw: StatisticsQuery): Promise<AccidentStatistics> {
    const { year, fullTimeHours } = statisticsQuerySchema.parse(raw);
    const portalId = actor.portalId;
    const health = canSeeHealth(actor);
    const g = (dimension: Dimension) => statisticsRepository.grouped(db, portalId, year, dimension);
    const [eventType, location, department, month, totalsRows, staffNow, staffBefore, names] =
      await Promise.all([
        g('eventType'),
        g('location'),
        g('department'),
        g('month'),
        statisticsRepository.totals(db, portalId, year),
        staffOfYear(db, portalId, year),
        staffOfYear(db, portalId, year - 1),
        statisticsRepository.names(db, portalId),
      ]);
    const health2 = health ? await Promise.all([g('bodyPart'), g('injuryType')]) : null;
    // Each year divides by its own staff figures: the year's monthly snapshots, else today's (decision 062).
    const totalsOf = (y: number, staff: YearStaff): StatisticsTotals => {
      const row = totalsRows.find((r) => Number(r.y) === y);
      const reportable = Number(row?.reportable ?? 0);
      const { employees, hoursWorked } = staff;
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
        staffSource: staff.source,
        staffMonths: staff.months,
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
      totals: totalsOf(year, staffNow),
      previousTotals: totalsOf(year - 1, staffBefore),
      tables: {
        eventType: rows(eventType, year, (k) => catalogueLabel('eventType', Number(k))),
        location: rows(location, year, (_k, label) => label ?? ''),
        department: rows(department, year, (k, label) => (k === '' ? 'Ohne Abteilung' : (label ?? ''))),
        month: months,
        bodyPart: health2 ? rows(health2[0], year, (k) => catalogueLabel('bodyPart', Number(k))) : null,
        injuryType: health2 ? rows(health2[1], year, (k) => catalogueLabel('injuryType', Number(k))) : null,
      },
      quotas: {
        location: quotaRows(
          location,
          year,
          { now: staffNow.byLocation, before: staffBefore.byLocation },
          (k, label) => (k === '' ? 'Ohne Ort' : (label ?? names.location.get(k) ?? k)),
        ),
        department: quotaRows(
          department,
          year,
          { now: staffNow.byDepartment, before: staffBefore.byDepartment },
          (k, label) => (k === '' ? 'Ohne Abteilung' : (label ?? names.department.get(k) ?? k)),
        ),
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
    locationQuota: '1000-Mann-Quote nach Ort',
    departmentQuota: '1000-Mann-Quote nach Abteilung',
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
          ['Grundlage Beschäftigte und Stunden', staffSourceText(t), staffSourceText(p)],
        ].map(([label, a, b]) => ({ Kennzahl: label, [year]: a, [prev]: b }));
      } else if (query.table === 'locationQuota' || query.table === 'departmentQuota') {
        const table = stats.quotas[query.table === 'locationQuota' ? 'location' : 'department'];
        const first = query.table === 'locationQuota' ? 'Ort' : 'Abteilung';
        const perYear = (y: string) => [
          `Meldepflichtige Unfälle ${y}`,
          `Beschäftigte ${y}`,
          `1000-Mann-Quote ${y}`,
        ];
        columns = [first, ...perYear(year), ...perYear(prev)];
        data = table.map((r) =>
          Object.fromEntries(
            [
              r.label,
              r.reportable,
              r.employees,
              r.quota,
              r.previousReportable,
              r.previousEmployees,
              r.previousQuota,
            ].map((v, i) => [columns[i] as string, v]),
          ),
        );
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
