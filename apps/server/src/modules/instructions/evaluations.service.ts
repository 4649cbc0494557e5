import { EVALUATION_EXPORT_MAX_ROWS } from '@schutzwerk/shared/errors/instruction-evaluations.ts';
import {
  type EvaluationExport,
  type EvaluationExportQuery,
  type EvaluationFigures,
  type EvaluationQuery,
  type EvaluationRow,
  type EvaluationStatistics,
  type EvaluationTable,
  evaluationExportQuerySchema,
  evaluationQuerySchema,
  type OverdueListQuery,
  type OverdueRow,
  overdueListQuerySchema,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { berlinToday } from './assignments.service.ts';
import { renderEvaluationTable } from './evaluation-export.ts';
import { evaluationScope } from './evaluation-scope.ts';
import type { EvaluationGroup, EvaluationsRepository } from './evaluations.repository.ts';

/**
 * Evaluations of instructions (Auswertungen, decision 073). Every figure counts the assignments **due** in the
 * period (their due day, Europe/Berlin dates): done = status E, overdue = not done and due before today, open =
 * the rest; the completion rate is done ÷ due. Only employees in the caller's reach count (reach.ts: responsibility
 * and location rights), externals only with TOPICS_EVALUATE_EXTERNAL, inactive employees only on request with
 * TOPICS_EVALUATE_INACTIVE.
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

/** PDF and XLSX titles and the first column of each table. */
const TITLES: Record<EvaluationExport, { title: string; column: string }> = {
  totals: { title: 'Kennzahlen', column: 'Kennzahl' },
  department: { title: 'Nach Abteilung', column: 'Abteilung' },
  location: { title: 'Nach Ort', column: 'Ort' },
  topic: { title: 'Nach Unterweisung', column: 'Unterweisung' },
  month: { title: 'Nach Monat der Fälligkeit', column: 'Monat' },
  overdue: { title: 'Überfällige Unterweisungen', column: 'Mitarbeiter' },
};
const NO_UNIT: Partial<Record<EvaluationTable, string>> = {
  department: 'Ohne Abteilung',
  location: 'Ohne Ort',
};

const rateOf = (done: number, due: number) => (due > 0 ? Math.round((done * 1000) / due) / 10 : null);

function figures(group: EvaluationGroup | undefined): EvaluationFigures {
  const due = Number(group?.due ?? 0);
  const done = Number(group?.done ?? 0);
  const overdue = Number(group?.overdue ?? 0);
  return { due, done, open: due - done - overdue, overdue, rate: rateOf(done, due) };
}

/** A date column of the XLSX/PDF: UTC midnight, printed dd.mm.yy by the report engine. */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

type Deps = {
  db: Db;
  repository: EvaluationsRepository;
  /** The company name and the operator's logo of the PDF frame. */
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  now?: () => Date;
};

export function createEvaluationsService({ db, repository, print, now = () => new Date() }: Deps) {
  /** The caller's scope (evaluation-scope.ts). */
  const scopeOf = (
    actor: Actor,
    filters: { topicId?: number | undefined; locationId?: number | undefined; includeInactive: boolean },
  ) => evaluationScope(db, actor, filters);

  async function statistics(actor: Actor, raw: EvaluationQuery): Promise<EvaluationStatistics> {
    const query = evaluationQuerySchema.parse(raw);
    const { year } = query;
    const today = berlinToday(now());
    const { scope, restricted } = await scopeOf(actor, query);
    const [groups, overdueNow] = await Promise.all([
      repository.grouped(db, scope, year, today),
      repository.overdueCount(db, scope, today),
    ]);
    const keysOf = (g: string) => [
      ...new Set(groups.filter((r) => r.g === g && r.key !== null).map((r) => Number(r.key))),
    ];
    const labels = await repository.labels(db, {
      departments: keysOf('department'),
      locations: keysOf('location'),
      topics: keysOf('topic'),
    });
    const labelOf = new Map(labels.map((l) => [`${l.kind}:${l.id}`, l.label]));
    const find = (g: string, y: number, key: string) =>
      groups.find((r) => r.g === g && Number(r.y) === y && String(r.key ?? '') === key);

    const rowsOf = (table: EvaluationTable): EvaluationRow[] => {
      const keys = [...new Set(groups.filter((r) => r.g === table).map((r) => String(r.key ?? '')))];
      const rows = keys.map((key) => {
        const current = figures(find(table, year, key));
        const previous = figures(find(table, year - 1, key));
        const label = key === '' ? (NO_UNIT[table] ?? '') : (labelOf.get(`${table}:${key}`) ?? key);
        return { key, label, ...current, previousRate: previous.rate };
      });
      // Keys only the previous year had stay visible (their due is 0 this year).
      return rows.sort((x, y) => x.label.localeCompare(y.label, 'de'));
    };
    const month = MONTHS.map((label, i) => {
      const key = String(i + 1);
      return {
        key,
        label,
        ...figures(find('month', year, key)),
        previousRate: figures(find('month', year - 1, key)).rate,
      };
    });
    return {
      year,
      today,
      totals: figures(find('total', year, '')),
      previousTotals: figures(find('total', year - 1, '')),
      overdueNow,
      externalsIncluded: scope.externals,
      restricted,
      tables: {
        department: rowsOf('department'),
        location: rowsOf('location'),
        topic: rowsOf('topic'),
        month,
      },
    };
  }

  return {
    statistics,

    async overdue(actor: Actor, raw: OverdueListQuery): Promise<ListResult<OverdueRow>> {
      const query = overdueListQuerySchema.parse(raw);
      const { scope } = await scopeOf(actor, query);
      return repository.overdueList(db, scope, query, berlinToday(now()));
    },

    /** A table, the key figures or the overdue list as XLSX or PDF (the report engine's writers). */
    async export(
      actor: Actor,
      raw: EvaluationExportQuery,
    ): Promise<{ file: Buffer; fileName: string; contentType: string }> {
      const query = evaluationExportQuerySchema.parse(raw);
      const { table, year } = query;
      let columns: string[];
      let rows: Record<string, unknown>[];
      if (table === 'overdue') {
        const { scope } = await scopeOf(actor, query);
        const found = await repository.overdueAll(
          db,
          scope,
          berlinToday(now()),
          EVALUATION_EXPORT_MAX_ROWS + 1,
        );
        if (found.length > EVALUATION_EXPORT_MAX_ROWS) throw new AppError('EVALUATION_EXPORT_TOO_LARGE');
        columns = [
          'Mitarbeiter',
          'Personalnr.',
          'Abteilung',
          'Ort',
          'Unterweisung',
          'Fällig seit',
          'Tage überfällig',
        ];
        rows = found.map((r) => ({
          Mitarbeiter: r.employeeName,
          'Personalnr.': r.personnelNumber,
          Abteilung: r.departmentName,
          Ort: r.locationName,
          Unterweisung: r.topicLabel,
          'Fällig seit': day(r.dueDate),
          'Tage überfällig': r.daysOverdue,
        }));
      } else {
        const stats = await statistics(actor, query);
        const current = String(year);
        const previous = String(year - 1);
        if (table === 'totals') {
          columns = ['Kennzahl', current, previous];
          const t = stats.totals;
          const p = stats.previousTotals;
          rows = (
            [
              ['Fällig im Jahr', t.due, p.due],
              ['Erledigt', t.done, p.done],
              ['Offen (noch nicht fällig)', t.open, p.open],
              ['Überfällig', t.overdue, p.overdue],
              ['Erfüllungsquote (%)', t.rate, p.rate],
              ['Heute überfällig (alle Jahre)', stats.overdueNow, null],
            ] as const
          ).map(([label, a, b]) => ({ Kennzahl: label, [current]: a, [previous]: b }));
        } else {
          const first = TITLES[table].column;
          const previousRate = `Quote ${previous} (%)`;
          columns = [first, 'Fällig', 'Erledigt', 'Offen', 'Überfällig', 'Erfüllungsquote (%)', previousRate];
          rows = stats.tables[table].map((r) => ({
            [first]: r.label,
            Fällig: r.due,
            Erledigt: r.done,
            Offen: r.open,
            Überfällig: r.overdue,
            'Erfüllungsquote (%)': r.rate,
            [previousRate]: r.previousRate,
          }));
        }
      }
      const title =
        table === 'overdue'
          ? `${TITLES.overdue.title} (Stand ${berlinToday(now()).split('-').reverse().join('.')})`
          : `Auswertung Unterweisungen ${year} – ${TITLES[table].title}`;
      const names = await repository.labels(db, {
        departments: [],
        locations: query.locationId ? [query.locationId] : [],
        topics: query.topicId ? [query.topicId] : [],
      });
      const nameOf = (kind: string) => names.find((n) => n.kind === kind)?.label ?? '';
      const filters = [
        ...(table === 'overdue' ? [] : [{ label: 'Jahr der Fälligkeit', value: String(year) }]),
        ...(query.topicId ? [{ label: 'Unterweisung', value: nameOf('topic') }] : []),
        ...(query.locationId ? [{ label: 'Ort (mit Unterorten)', value: nameOf('location') }] : []),
        ...(query.includeInactive ? [{ label: 'Inaktive Mitarbeiter', value: 'einbezogen' }] : []),
      ];
      return renderEvaluationTable(print, now(), query.format, {
        title,
        fileName: `Unterweisungen-${table === 'overdue' ? 'ueberfaellig' : `${year}-${table}`}`,
        columns,
        rows,
        filters,
      });
    },
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
