import {
  type DashboardBucket,
  type DashboardExport,
  type DashboardExportQuery,
  type DashboardQuery,
  type DashboardRange,
  type DashboardTopRow,
  dashboardExportQuerySchema,
  dashboardQuerySchema,
  type EvaluationDashboard,
} from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { berlinToday } from './assignments.service.ts';
import { renderEvaluationTable } from './evaluation-export.ts';
import { evaluationScope } from './evaluation-scope.ts';
import type { EvaluationsRepository } from './evaluations.repository.ts';
import type { EvaluationsDashboardRepository } from './evaluations-dashboard.repository.ts';

/**
 * The evaluations tab „Dashboard“ (decision 077): key figures, trend and the most overdue topics and departments
 * of a range ending today. Done counts by the completion day (`completed_on`), due by the due day; „done in time“
 * is an item due in the range completed on or before its due day. Scope and rights as decision 073.
 */

/** Top lists' length. */
export const DASHBOARD_TOP = 5;

const utc = (day: string) => new Date(`${day}T00:00:00.000Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
};
/** The same day `n` months earlier or later, clamped to the month's last day (31 March − 1 month = 28/29 Feb). */
const plusMonths = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))));
};

/**
 * The first and last day of a range ending `today` (both included): one, two, three or six months (the day after
 * the same day that many months back), 365 days, or the calendar year so far. Weeks up to a quarter, else months.
 */
export function dashboardRange(
  range: DashboardRange,
  today: string,
): { first: string; last: string; unit: 'week' | 'month' } {
  if (range === 'year365') return { first: plusDays(today, -364), last: today, unit: 'month' };
  if (range === 'calendarYear') return { first: `${today.slice(0, 4)}-01-01`, last: today, unit: 'month' };
  const n = { month: 1, twoMonths: 2, quarter: 3, halfYear: 6 }[range];
  return { first: plusDays(plusMonths(today, -n), 1), last: today, unit: n <= 3 ? 'week' : 'month' };
}

/** The buckets' first days: Mondays or first days of months, the first one clipped to the range's first day. */
export function bucketStarts(first: string, last: string, unit: 'week' | 'month'): string[] {
  const starts = [first];
  let next: string;
  if (unit === 'week') {
    const weekday = (utc(first).getUTCDay() + 6) % 7; // Monday 0
    next = plusDays(first, 7 - weekday);
  } else next = plusMonths(`${first.slice(0, 7)}-01`, 1);
  while (next <= last) {
    starts.push(next);
    next = unit === 'week' ? plusDays(next, 7) : plusMonths(next, 1);
  }
  return starts;
}

const rateOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);
const german = (day: string) => day.split('-').reverse().join('.');

const RANGE_LABELS: Record<DashboardRange, string> = {
  month: '1 Monat',
  twoMonths: '2 Monate',
  quarter: 'Quartal',
  halfYear: 'Halbjahr',
  year365: 'Jahr (365 Tage)',
  calendarYear: 'Kalenderjahr',
};
const TITLES: Record<DashboardExport, string> = {
  figures: 'Kennzahlen',
  trend: 'Verlauf',
  topics: 'Unterweisungen mit den meisten überfälligen',
  departments: 'Abteilungen mit den meisten überfälligen',
};
const FILE_KEYS: Record<DashboardExport, string> = {
  figures: 'kennzahlen',
  trend: 'verlauf',
  topics: 'unterweisungen',
  departments: 'abteilungen',
};

type Deps = {
  db: Db;
  repository: EvaluationsDashboardRepository;
  /** Labels of departments, locations and topics (decision 073's repository). */
  evaluations: Pick<EvaluationsRepository, 'labels'>;
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  now?: () => Date;
};

export function createEvaluationsDashboardService({
  db,
  repository,
  evaluations,
  print,
  now = () => new Date(),
}: Deps) {
  /** The caller's scope (evaluation-scope.ts). */
  const scopeOf = (
    actor: Actor,
    filters: { topicId?: number | undefined; locationId?: number | undefined; includeInactive: boolean },
  ) => evaluationScope(db, actor, filters);

  async function dashboard(actor: Actor, raw: DashboardQuery): Promise<EvaluationDashboard> {
    const query = dashboardQuerySchema.parse(raw);
    const today = berlinToday(now());
    const { first, last, unit } = dashboardRange(query.range, today);
    const { scope, restricted } = await scopeOf(actor, query);
    const [counts, buckets, top] = await Promise.all([
      repository.counts(db, scope, { first, last }, today),
      repository.buckets(db, scope, { first, last }, unit),
      repository.top(db, scope, today, DASHBOARD_TOP),
    ]);
    const due = Number(counts.due);
    const doneInTime = Number(counts.done_in_time);
    const byStart = new Map<string, DashboardBucket>(
      bucketStarts(first, last, unit).map((start) => [start, { start, done: 0, due: 0, doneInTime: 0 }]),
    );
    for (const row of buckets) {
      const bucket = byStart.get(row.b);
      if (!bucket) continue;
      if (row.k === 'due') {
        bucket.due = Number(row.n);
        bucket.doneInTime = Number(row.in_time);
      } else bucket.done = Number(row.n);
    }
    const labels = await evaluations.labels(db, {
      departments: top.filter((r) => r.kind === 'department' && r.key !== null).map((r) => Number(r.key)),
      locations: [],
      topics: top.filter((r) => r.kind === 'topic').map((r) => Number(r.key)),
    });
    const labelOf = new Map(labels.map((l) => [`${l.kind}:${l.id}`, l.label]));
    const rowsOf = (kind: 'topic' | 'department'): DashboardTopRow[] =>
      top
        .filter((r) => r.kind === kind)
        .map((r) => {
          const key = r.key === null ? '' : String(r.key);
          const label = key === '' ? 'Ohne Abteilung' : (labelOf.get(`${kind}:${key}`) ?? key);
          return { key, label, overdue: Number(r.n) };
        })
        .sort((x, y) => y.overdue - x.overdue || x.label.localeCompare(y.label, 'de'));
    return {
      range: query.range,
      from: first,
      to: last,
      unit,
      figures: {
        done: Number(counts.done),
        due,
        doneInTime,
        onTimeRate: rateOf(doneInTime, due),
        overdueNow: Number(counts.overdue_now),
        dueNext30: Number(counts.due_next30),
      },
      trend: [...byStart.values()],
      topTopics: rowsOf('topic'),
      topDepartments: rowsOf('department'),
      externalsIncluded: scope.externals,
      restricted,
    };
  }

  return {
    dashboard,

    /** A dashboard table as XLSX or PDF (the report engine's writers, as decision 073). */
    async export(
      actor: Actor,
      raw: DashboardExportQuery,
    ): Promise<{ file: Buffer; fileName: string; contentType: string }> {
      const query = dashboardExportQuerySchema.parse(raw);
      const { table } = query;
      const data = await dashboard(actor, query);
      let columns: string[];
      let rows: Record<string, unknown>[];
      if (table === 'figures') {
        const f = data.figures;
        columns = ['Kennzahl', 'Wert'];
        rows = (
          [
            ['Erledigt (nach Erledigungstag)', f.done],
            ['Fällig im Zeitraum', f.due],
            ['Davon rechtzeitig erledigt', f.doneInTime],
            ['Termintreue (%)', f.onTimeRate],
            ['Heute überfällig (alle Fälligkeiten)', f.overdueNow],
            ['Offen, fällig in den nächsten 30 Tagen', f.dueNext30],
          ] as const
        ).map(([label, value]) => ({ Kennzahl: label, Wert: value }));
      } else if (table === 'trend') {
        const first = data.unit === 'week' ? 'Woche ab' : 'Monat ab';
        columns = [first, 'Erledigt', 'Fällig', 'Davon rechtzeitig erledigt'];
        rows = data.trend.map((b) => ({
          [first]: utc(b.start),
          Erledigt: b.done,
          Fällig: b.due,
          'Davon rechtzeitig erledigt': b.doneInTime,
        }));
      } else {
        const first = table === 'topics' ? 'Unterweisung' : 'Abteilung';
        columns = [first, 'Überfällig'];
        rows = (table === 'topics' ? data.topTopics : data.topDepartments).map((r) => ({
          [first]: r.label,
          Überfällig: r.overdue,
        }));
      }
      const title = `Auswertung Unterweisungen ${german(data.from)}–${german(data.to)} – ${TITLES[table]}`;
      const names = await evaluations.labels(db, {
        departments: [],
        locations: query.locationId ? [query.locationId] : [],
        topics: query.topicId ? [query.topicId] : [],
      });
      const nameOf = (kind: string) => names.find((n) => n.kind === kind)?.label ?? '';
      const filters = [
        { label: 'Zeitraum', value: `${RANGE_LABELS[data.range]} (${german(data.from)}–${german(data.to)})` },
        ...(query.topicId ? [{ label: 'Unterweisung', value: nameOf('topic') }] : []),
        ...(query.locationId ? [{ label: 'Ort (mit Unterorten)', value: nameOf('location') }] : []),
        ...(query.includeInactive ? [{ label: 'Inaktive Mitarbeiter', value: 'einbezogen' }] : []),
      ];
      return renderEvaluationTable(print, now(), query.format, {
        title,
        fileName: `Unterweisungen-Dashboard-${data.from}-${data.to}-${FILE_KEYS[table]}`,
        columns,
        rows,
        filters,
      });
    },
  };
}

export type EvaluationsDashboardService = ReturnType<typeof createEvaluationsDashboardService>;
