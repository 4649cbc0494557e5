import {
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentType,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  type EvaluationFigures,
  type EvaluationQuery,
  evaluationQuerySchema,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import {
  type EmployeeInfo,
  type EmployeeInfoExportQuery,
  type EmployeeInfoQuery,
  employeeInfoExportQuerySchema,
  employeeInfoQuerySchema,
  type MasterData,
  type ProfileEvaluations,
  type TabExportQuery,
  tabExportQuerySchema,
} from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { berlinToday } from './assignments.service.ts';
import { renderEvaluationTable } from './evaluation-export.ts';
import { evaluationScope } from './evaluation-scope.ts';
import type { EvaluationsTabsRepository } from './evaluations-tabs.repository.ts';
import { outOfReach, unitReach } from './reach.ts';

/**
 * Evaluations of instructions, tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ (decision 076). The figures and
 * the viewer's scope are those of decision 073: items due in the year, reach by responsibility and location
 * rights, externals with TOPICS_EVALUATE_EXTERNAL, inactive employees on request with TOPICS_EVALUATE_INACTIVE.
 */

const rateOf = (done: number, due: number) => (due > 0 ? Math.round((done * 1000) / due) / 10 : null);
function figures(c: { due: number; done: number; overdue: number } | undefined): EvaluationFigures {
  const due = Number(c?.due ?? 0);
  const done = Number(c?.done ?? 0);
  const overdue = Number(c?.overdue ?? 0);
  return { due, done, open: due - done - overdue, overdue, rate: rateOf(done, due) };
}

/** German words of the exports (the page has its own in de.json). */
const MODE: Record<number, string> = { 1: 'Alle Fragen richtig', 3: 'Punkte mit Mindestpunktzahl' };
const EFFECTIVENESS: Record<number, string> = {
  0: 'Nicht angegeben',
  1: 'Geprüft wirksam',
  2: 'Geprüft nicht wirksam',
};
const TYPE: Record<AssignmentType, string> = {
  instruction: 'Unterweisung',
  appointment: 'Termin',
  document: 'Dokument',
  scorm: 'SCORM-Paket',
  checkup: 'Arbeitsmedizinische Vorsorge',
};
const SOURCE_KIND: Record<string, string> = {
  activity: 'Tätigkeit',
  role: 'Rolle',
  location: 'Ort',
  department: 'Abteilung',
};
const yesNo = (v: boolean) => (v ? 'ja' : 'nein');
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

type Deps = {
  db: Db;
  repository: EvaluationsTabsRepository;
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  now?: () => Date;
};

type Table = { title: string; columns: string[]; rows: Record<string, unknown>[]; fileName: string };

export function createEvaluationsTabsService({ db, repository, print, now = () => new Date() }: Deps) {
  /** The caller's scope (evaluation-scope.ts). */
  const scopeOf = (
    actor: Actor,
    filters: { topicId?: number | undefined; locationId?: number | undefined; includeInactive: boolean },
  ) => evaluationScope(db, actor, filters);

  async function masterData(actor: Actor, raw: EvaluationQuery): Promise<MasterData> {
    const query = evaluationQuerySchema.parse(raw);
    const { scope, restricted } = await scopeOf(actor, query);
    const rows = await repository.masterData(db, scope, query.year, berlinToday(now()));
    return {
      year: query.year,
      externalsIncluded: scope.externals,
      restricted,
      rows: rows.map(({ due, done, overdue, ...r }) => ({ ...r, ...figures({ due, done, overdue }) })),
    };
  }

  async function profiles(actor: Actor, raw: EvaluationQuery): Promise<ProfileEvaluations> {
    const query = evaluationQuerySchema.parse(raw);
    const { scope: filtered, restricted } = await scopeOf(actor, query);
    // Profiles give their topics to active employees only: the reach „now“ leaves inactive ones out.
    const scope = { ...filtered, inactive: false };
    const found = await repository.profiles(db, scope);
    const ids = found.map((p) => p.id);
    const [counts, sources, topics] = await Promise.all([
      repository.profileFigures(db, scope, ids, query.year, berlinToday(now())),
      repository.sourcesOf(db, ids),
      repository.topicsOf(db, ids),
    ]);
    return {
      year: query.year,
      externalsIncluded: scope.externals,
      restricted,
      rows: found.map((p) => ({
        ...p,
        sources: sources.filter((s) => s.profileId === p.id).map(({ kind, name }) => ({ kind, name })),
        topics: topics
          .filter((x) => x.profileId === p.id)
          .map(({ id, identifier, label }) => ({ id, identifier, label })),
        ...figures(counts.find((c) => c.id === p.id)),
      })),
    };
  }

  async function employeeInfo(
    actor: Actor,
    employeeId: number,
    raw: EmployeeInfoQuery,
  ): Promise<EmployeeInfo> {
    const { year } = employeeInfoQuerySchema.parse(raw);
    const employee = await repository.employee(db, employeeId);
    if (!employee || employee.portalId !== actor.portalId) throw new AppError('EMPLOYEE_NOT_FOUND');
    // The rights first (spec §6 messages), then the reach (decision 069).
    if (employee.isExternal && !actorHasAny(actor, P.TOPICS_EVALUATE_EXTERNAL))
      throw new AppError('EVALUATION_EXTERNAL_NOT_PERMITTED');
    if (!employee.active && !actorHasAny(actor, P.TOPICS_EVALUATE_INACTIVE))
      throw new AppError('EVALUATION_INACTIVE_NOT_PERMITTED');
    const out = outOfReach(await unitReach(db, actor), employee);
    if (out === 'department') throw new AppError('EVALUATION_EMPLOYEE_NOT_RESPONSIBLE');
    if (out === 'location') throw new AppError('EVALUATION_EMPLOYEE_NO_LOCATION_RIGHTS');
    const today = berlinToday(now());
    const [profileLabels, found] = await Promise.all([
      repository.profileLabelsOf(db, employeeId),
      repository.itemsOf(db, employeeId),
    ]);
    const items = found.map((i) => ({
      ...i,
      done: i.status === 'E',
      overdue: i.status !== 'E' && i.dueDate < today,
    }));
    const count = (list: typeof items) => ({
      due: list.length,
      done: list.filter((i) => i.done).length,
      overdue: list.filter((i) => i.overdue).length,
    });
    const { portalId: _p, departmentId: _d, locationId: _l, ...header } = employee;
    return {
      year,
      today,
      employee: header,
      profiles: profileLabels,
      allYears: figures(count(items)),
      yearFigures: figures(count(items.filter((i) => i.dueDate.startsWith(`${year}-`)))),
      items,
    };
  }

  const figureColumns = ['Fällig', 'Erledigt', 'Offen', 'Überfällig', 'Erfüllungsquote (%)'];
  const figureCells = (f: EvaluationFigures) => ({
    Fällig: f.due,
    Erledigt: f.done,
    Offen: f.open,
    Überfällig: f.overdue,
    'Erfüllungsquote (%)': f.rate,
  });

  const render = (table: Table, format: 'xlsx' | 'pdf', filters: { label: string; value: string }[]) =>
    renderEvaluationTable(print, now(), format, { ...table, filters });

  /** The filters of the page named above a PDF table. */
  const filtersOf = (
    q: { year: number; topicId?: number | undefined; includeInactive: boolean },
    topic?: string,
  ) => [
    { label: 'Jahr der Fälligkeit', value: String(q.year) },
    ...(q.topicId && topic ? [{ label: 'Unterweisung', value: topic }] : []),
    ...(q.includeInactive ? [{ label: 'Inaktive Mitarbeiter', value: 'einbezogen' }] : []),
  ];

  return {
    masterData,
    profiles,
    employeeInfo,

    /** The master data table as XLSX or PDF. */
    async exportMasterData(actor: Actor, raw: TabExportQuery) {
      const query = tabExportQuerySchema.parse(raw);
      const data = await masterData(actor, query);
      const columns = [
        'Kennung',
        'Bezeichnung',
        'Nummer',
        'Abteilung',
        'Intervall (Tage)',
        'Modus',
        'Mindestpunktzahl',
        'Fragen',
        'Fragen je Durchlauf',
        'Dauer (Tage)',
        'Wirksamkeit',
        'Gesperrt',
        'Inaktiv',
        'SCORM',
        'Mitarbeiter',
        ...figureColumns,
      ];
      const rows = data.rows.map((r) => ({
        Kennung: r.identifier,
        Bezeichnung: r.label,
        Nummer: r.number,
        Abteilung: r.departmentName,
        'Intervall (Tage)': r.intervalDays,
        Modus: MODE[r.mode] ?? String(r.mode),
        Mindestpunktzahl: r.minScore,
        Fragen: r.questionCount,
        'Fragen je Durchlauf': r.poolCount,
        'Dauer (Tage)': r.durationDays,
        Wirksamkeit: EFFECTIVENESS[r.effectiveness] ?? '',
        Gesperrt: yesNo(r.locked),
        Inaktiv: yesNo(r.inactive),
        SCORM: yesNo(r.scorm),
        Mitarbeiter: r.employees,
        ...figureCells(r),
      }));
      const topic = query.topicId ? data.rows[0]?.label : undefined;
      return render(
        {
          title: `Auswertung Unterweisungen ${query.year} – Stammdaten`,
          columns,
          rows,
          fileName: `Unterweisungen-${query.year}-stammdaten`,
        },
        query.format,
        filtersOf(query, topic),
      );
    },

    /** The profiles table as XLSX or PDF. */
    async exportProfiles(actor: Actor, raw: TabExportQuery) {
      const query = tabExportQuerySchema.parse(raw);
      const data = await profiles(actor, query);
      const columns = ['Profil', 'Zugeordnet zu', 'Unterweisungen', 'Mitarbeiter', ...figureColumns];
      const rows = data.rows.map((r) => ({
        Profil: r.label,
        'Zugeordnet zu': [
          ...r.sources.map((s) => `${SOURCE_KIND[s.kind]}: ${s.name}`),
          ...(r.includeSubUnits && r.sources.some((s) => s.kind === 'location' || s.kind === 'department')
            ? ['mit untergeordneten Einheiten']
            : []),
        ].join('; '),
        Unterweisungen: r.topics.map((x) => x.label).join('; '),
        Mitarbeiter: r.employees,
        ...figureCells(r),
      }));
      return render(
        {
          title: `Auswertung Unterweisungen ${query.year} – Profile`,
          columns,
          rows,
          fileName: `Unterweisungen-${query.year}-profile`,
        },
        query.format,
        filtersOf(query),
      );
    },

    /** One employee's items as XLSX or PDF. */
    async exportEmployee(actor: Actor, employeeId: number, raw: EmployeeInfoExportQuery) {
      const query = employeeInfoExportQuerySchema.parse(raw);
      const info = await employeeInfo(actor, employeeId, query);
      const columns = ['Unterweisung', 'Art', 'Fällig am', 'Gültig bis', 'Status', 'Überfällig'];
      const rows = info.items.map((i) => ({
        Unterweisung: i.topicLabel,
        Art: TYPE[i.type],
        'Fällig am': day(i.dueDate),
        'Gültig bis': i.validUntil ? day(i.validUntil) : null,
        Status: ASSIGNMENT_STATUS_LABELS[i.status],
        Überfällig: yesNo(i.overdue),
      }));
      const e = info.employee;
      const filters = [
        { label: 'Mitarbeiter', value: `${e.name} (${e.personnelNumber})` },
        ...(e.departmentName ? [{ label: 'Abteilung', value: e.departmentName }] : []),
        ...(e.locationName ? [{ label: 'Ort', value: e.locationName }] : []),
        ...(info.profiles.length > 0 ? [{ label: 'Profile', value: info.profiles.join(', ') }] : []),
        {
          label: 'Kennzahlen',
          value: `${info.allYears.due} Unterweisungen, ${info.allYears.done} erledigt, ${info.allYears.overdue} überfällig`,
        },
      ];
      return render(
        {
          title: `Unterweisungen von ${e.name}`,
          columns,
          rows,
          fileName: `Unterweisungen-${e.personnelNumber.replace(/[^\w-]/g, '_')}`,
        },
        query.format,
        filters,
      );
    },
  };
}

export type EvaluationsTabsService = ReturnType<typeof createEvaluationsTabsService>;
