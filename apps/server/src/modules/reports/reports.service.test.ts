import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { REPORT_WARNING_TEXT, type ReportInput } from '@schutzwerk/shared/reports/reports.schema.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { type ChangeEntry, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ReportsDeps } from './reports.deps.ts';
import type {
  ReportFilterRow,
  ReportFilterValues,
  ReportRow,
  ReportsRepository,
} from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

/**
 * Who may run and who may edit which report, against an in-memory repository and a fake runner (the pure rules
 * — filter kinds, record ids, data rights — are in reports.rules.test.ts): running needs one of the report's
 * rights ("not yours" answers like "not found"), writing or changing SQL needs REPORTS_SQL, the picker offers
 * only runnable reports, hidden filter values come from the definition and record lists pass the scope.
 */

const DATE = new Date('2026-02-01T00:00:00Z');
const SQL = 'select e.last_name as "Name" from employees e where e.last_name = :abteilung';

function actor(permissions: number[], main = true): Actor {
  return {
    employeeId: 3,
    portalId: main ? 1 : 2,
    portalName: 'P',
    isMainPortal: main,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}

function report(id: number, patch: Partial<ReportRow> = {}): ReportRow {
  return {
    id,
    name: `Report ${id}`,
    controller: 'employee',
    sql: SQL,
    timeoutSeconds: 30,
    formats: ['csv'],
    rights: [P.REPORTS],
    version: 1,
    createdAt: DATE,
    updatedAt: DATE,
    ...patch,
  };
}

const filter = (reportId: number, id: number, field: string, filtercontent: string): ReportFilterRow => ({
  id,
  reportId,
  field,
  filtername: field,
  filtercontent,
  position: id,
});

function setup() {
  const reports = new Map<number, ReportRow>([[1, report(1)]]);
  const filters = new Map<number, ReportFilterRow[]>([
    [1, [filter(1, 1, 'abteilung', 'Lager'), filter(1, 2, 'geheim', '#HIDDEN=42')]],
  ]);
  const log: ChangeEntry[] = [];
  const writes: string[] = [];
  const pickerCalls: unknown[] = [];
  const storeFilters = (id: number, list: readonly ReportFilterValues[]) =>
    filters.set(
      id,
      list.map((f, position) => ({ ...f, id: id * 100 + position, reportId: id, position })),
    );
  const repository: ReportsRepository = {
    findById: async (_ex, id) => reports.get(id),
    filtersOf: async (_ex, id) => filters.get(id) ?? [],
    nameTaken: async (_ex, name, exceptId) =>
      [...reports.values()].some((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== exceptId),
    async insert(_ex, values, list) {
      const id = reports.size + 1;
      writes.push(`insert:${id}`);
      reports.set(id, report(id, values));
      storeFilters(id, list);
      return id;
    },
    insertFilters: async () => {},
    async updateVersioned(_ex, id, version, values, list) {
      const row = reports.get(id);
      if (!row || row.version !== version) return false;
      writes.push(`update:${id}`);
      reports.set(id, { ...row, ...values, version: version + 1 });
      storeFilters(id, list);
      return true;
    },
    async deleteVersioned(_ex, id, version) {
      if (reports.get(id)?.version !== version) return false;
      writes.push(`delete:${id}`);
      reports.delete(id);
      return true;
    },
    list: async () => ({ rows: [], filteredCount: 0 }),
    async picker(_ex, _query, options) {
      pickerCalls.push(options);
      return { rows: [], filteredCount: 0 };
    },
    namedReports: async () => [],
    replaceSql: async () => {},
    logChange: async (_ex, entry) => {
      log.push(entry);
    },
  };
  const runs: { values: Map<string, string | null>; rights: unknown }[] = [];
  const runner: ReportsDeps['runner'] = {
    async count(_checked, values, _timeout, rights) {
      runs.push({ values: new Map(values), rights });
      return 1500;
    },
    async rows(_checked, values, _timeout, _maxRows, _truncate, rights) {
      runs.push({ values: new Map(values), rights });
      return { columns: ['Name'], rows: [{ Name: 'Muster' }], truncated: false };
    },
  };
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  const service = createReportsService({
    db,
    repository,
    runner,
    settings: { read: (async () => ({ companyName: 'Firma' })) as never },
    now: () => DATE,
  });
  return { service, reports, log, writes, runs, pickerCalls };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

const input = (patch: Partial<ReportInput> = {}): ReportInput => ({
  reportname: 'Neu',
  controller: 'employee',
  sql: SQL,
  timeoutSeconds: 30,
  formats: ['csv'],
  rights: [P.REPORTS],
  filters: [{ field: 'abteilung', filtername: 'Abteilung', filtercontent: '' }],
  ...patch,
});

describe('who may edit a report', () => {
  it('creates a definition only with REPORTS_SQL, and logs the creation', async () => {
    const { service, writes, log } = setup();
    expect(await codeOf(service.create(actor([P.REPORTS_MANAGE]), input()))).toBe('NO_PERMISSION');
    expect(writes).toEqual([]);
    const created = await service.create(actor([P.REPORTS_MANAGE, P.REPORTS_SQL]), input());
    expect(created).toMatchObject({ reportname: 'Neu', filters: [{ field: 'abteilung' }] });
    expect(log).toEqual([{ entity: 'report', entityId: created.id, state: LOG_STATE.CREATED, actorId: 3 }]);
  });

  it('changes name, formats and rights without REPORTS_SQL, but not the SQL', async () => {
    const { service, writes, log } = setup();
    const manager = actor([P.REPORTS_MANAGE]);
    const base = input({ reportname: 'Report 1' });
    const sqlChange = service.update(manager, 1, { ...base, sql: `${SQL} or true`, version: 1 });
    expect(await codeOf(sqlChange)).toBe('NO_PERMISSION');
    expect(writes).toEqual([]);
    const renamed = await service.update(manager, 1, { ...base, reportname: 'Umbenannt', version: 1 });
    expect(renamed).toMatchObject({ reportname: 'Umbenannt', version: 2 });
    expect(log[0]?.changes).toEqual({ reportname: { from: 'Report 1', to: 'Umbenannt' } });
  });

  it('refuses a taken name, a stale version and a missing report without writing', async () => {
    const { service, writes } = setup();
    const sqlAdmin = actor([P.REPORTS_MANAGE, P.REPORTS_SQL]);
    expect(await codeOf(service.create(sqlAdmin, input({ reportname: 'report 1' })))).toBe(
      'REPORT_NAME_EXISTS',
    );
    expect(await codeOf(service.update(sqlAdmin, 1, { ...input(), version: 7 }))).toBe('CONFLICT');
    expect(await codeOf(service.remove(sqlAdmin, 1, 7))).toBe('CONFLICT');
    expect(await codeOf(service.remove(sqlAdmin, 99, 1))).toBe('REPORT_NOT_FOUND');
    expect(writes).toEqual([]);
  });

  it('tests unsaved SQL only with REPORTS_SQL', async () => {
    const { service, runs } = setup();
    const body = {
      sql: SQL,
      filters: [{ field: 'abteilung', filtername: 'Abteilung', filtercontent: '' }],
      timeoutSeconds: 10,
    };
    expect(await codeOf(service.preview(actor([P.REPORTS_MANAGE]), body))).toBe('NO_PERMISSION');
    expect(runs).toEqual([]);
    const preview = await service.preview(actor([P.REPORTS_SQL]), body);
    expect(preview).toEqual({ columns: ['Name'], rows: [['Muster']], truncated: false });
  });
});

describe('who may run a report', () => {
  it('needs one of its rights; a report not yours answers like a missing one', async () => {
    const { service, runs } = setup();
    const stranger = actor([P.REPORTS_MANAGE, P.REPORTS_SQL]);
    expect(await codeOf(service.dialogFilters(stranger, 1))).toBe('REPORT_NOT_FOUND');
    expect(await codeOf(service.count(stranger, { ReportID: 1 }))).toBe('REPORT_NOT_FOUND');
    expect(await codeOf(service.generate(stranger, { ReportID: 1, Art: 3 }))).toBe('REPORT_NOT_FOUND');
    expect(await codeOf(service.generate(actor([P.REPORTS]), { ReportID: 99 }))).toBe('REPORT_NOT_FOUND');
    expect(runs).toEqual([]);
    expect(await service.dialogFilters(actor([P.REPORTS]), 1)).toHaveLength(1);
    expect(await service.dialogFilters(actor([SUPERUSER_ID]), 1)).toHaveLength(1);
  });

  it('offers in the picker the reports of any of the actor’s rights, every report to the superuser', async () => {
    const { service, pickerCalls } = setup();
    const query = { search: '', orderDirection: 'asc' as const, offset: 0, limit: 100 };
    await service.picker(actor([P.REPORTS, P.REPORTS_MANAGE]), { ...query, controller: 'employee' });
    await service.picker(actor([SUPERUSER_ID]), query);
    expect(pickerCalls).toEqual([
      { controller: 'employee', runnableWith: [P.REPORTS, P.REPORTS_MANAGE] },
      { controller: undefined, runnableWith: 'any' },
    ]);
  });

  it('binds hidden filters from the definition, whatever the request sends, and warns above 1000 records', async () => {
    const { service, runs } = setup();
    const answer = await service.count(actor([P.REPORTS]), {
      ReportID: 1,
      Filter: { abteilung: 'Büro', geheim: '1' },
    });
    expect(answer).toEqual({ count: 1500, warning: REPORT_WARNING_TEXT });
    expect(runs[0]?.values.get('abteilung')).toBe('Büro');
    expect(runs[0]?.values.get('geheim')).toBe('42');
    // the dialog never sees the hidden filter
    const shown = await service.dialogFilters(actor([P.REPORTS]), 1);
    expect(shown.map((f) => f.field)).toEqual(['abteilung']);
  });

  it("runs with the caller's data rights and narrows a record list through the controller's scope", async () => {
    const { service, runs } = setup();
    service.registerRecordScope('Employee', async (_actor, ids) => ({
      records: ids.filter((id) => id % 2 === 0),
      versions: [70],
    }));
    const reader = actor([P.REPORTS], false);
    await service.count(reader, { ReportID: 1, RecordList: '1,2,3,4' });
    expect(runs[0]?.values.get('recordlist')).toBe('{2,4}');
    expect(runs[0]?.values.get('versionlist')).toBe('{70}');
    expect(runs[0]?.rights).toMatchObject({ portal: 2, showInactive: false, personal: false });
  });

  it('refuses a format the report does not offer before running it', async () => {
    const { service, runs } = setup();
    const reader = actor([P.REPORTS]);
    expect(await codeOf(service.generate(reader, { ReportID: 1, Art: 1 }))).toBe('REPORT_FORMAT_NOT_ALLOWED');
    expect(runs).toEqual([]);
    const file = await service.generate(reader, { ReportID: 1, Art: 3 });
    expect(file.fileName).toMatch(/^Report 1_.*\.csv$/);
  });
});
