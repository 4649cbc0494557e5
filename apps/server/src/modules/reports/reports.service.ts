import { employeeFieldAccess } from '@schutzwerk/shared/employees/field-access.ts';
import { generalMessages, reportsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { P, permissionById, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import {
  CHECKBOX_PREFIX,
  type GenerateReport,
  generateReportSchema,
  HIDDEN_PREFIX,
  type PreviewReport,
  REPORT_ART,
  REPORT_EXPORT_KIND,
  REPORT_WARNING_TEXT,
  REPORT_WARNING_THRESHOLD,
  type Report,
  type ReportFormat,
  type ReportInput,
  reportExportFileSchema,
  reportInputSchema,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { countAll, planList, runList } from '#platform/list.ts';
import type { ReportDataRights } from './report-data-rights.ts';
import { CONTENT_TYPES, cellText, formatPrintDate, PDF_MAX_ROWS, renderReport } from './report-render.ts';
import type { ReportRunner } from './report-runner.ts';
import { reportFilters, reports } from './reports.table.ts';
import { checkReportSql, RECORD_PLACEHOLDERS, SqlRefusedError } from './sql-guard.ts';

type ReportRow = typeof reports.$inferSelect;
type FilterRow = typeof reportFilters.$inferSelect;

/** Rows a test run answers. */
export const PREVIEW_ROWS = 20;

export type ReportsService = ReturnType<typeof createReportsService>;

/** Filter kinds (spec shell §3.3). */
export function filterKind(content: string): 'hidden' | 'checkbox' | 'text' {
  if (content.startsWith(HIDDEN_PREFIX)) return 'hidden';
  if (content.startsWith(CHECKBOX_PREFIX)) return 'checkbox';
  return 'text';
}
function checkboxDefault(content: string): string {
  const v = content.slice(CHECKBOX_PREFIX.length).trim();
  return v === '0' ? '0' : '1';
}

/** Validates SQL against the filters' fields; the typed refusal on the wire. */
export function assertSqlAllowed(text: string, fields: readonly string[]) {
  try {
    return checkReportSql(text, fields);
  } catch (error) {
    if (error instanceof SqlRefusedError) {
      throw new AppError('REPORT_SQL_FORBIDDEN', {
        message: error.message,
        details: { reason: error.refusal.reason, detail: error.refusal.detail },
      });
    }
    throw error;
  }
}

function toReport(row: ReportRow, filters: FilterRow[]): Report {
  return {
    id: row.id,
    reportname: row.name,
    controller: row.controller,
    sql: row.sql,
    timeoutSeconds: row.timeoutSeconds,
    formats: row.formats as ReportFormat[],
    rights: row.rights,
    filters: filters.map((f) => ({
      id: f.id,
      field: f.field,
      filtername: f.filtername,
      filtercontent: f.filtercontent,
    })),
    version: row.version,
  };
}

function fileSafeName(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return printable.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'Report';
}

/** At most this many records in a RecordList (the list print sends the filtered ids). */
export const RECORD_LIST_MAX = 100_000;

function invalidRecords(field: 'RecordList' | 'RecordID'): AppError {
  return new AppError('INPUT_VALIDATION_ERROR', {
    message: field === 'RecordList' ? reportsMessages.recordListInvalid : reportsMessages.recordIdInvalid,
    details: [{ path: ['body', field], message: reportsMessages.fieldRecordIdInvalid }],
  });
}

/** RecordList as sent by a list print: an array, JSON array text or comma-separated text of ids. */
export function parseRecordList(raw: unknown): number[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw invalidRecords('RecordList');
      }
    } else list = text.split(',').map((part) => part.trim());
  }
  if (!Array.isArray(list) || list.length > RECORD_LIST_MAX) throw invalidRecords('RecordList');
  return list.map((item) => {
    const n = typeof item === 'string' && /^-?\d+$/.test(item) ? Number(item) : item;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) {
      throw invalidRecords('RecordList');
    }
    return n;
  });
}

export function parseRecordId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) {
    throw invalidRecords('RecordID');
  }
  return n;
}

/**
 * Narrows the records of a print request to those the actor may see, per controller (e.g. the hazard
 * assessments' location scope). A scope answers the ids the actor may read as they are (bound as
 * `:recordlist` / `:recordid`), or `{ records, versions }` when some records may be read only as released:
 * `versions` are then the ids of their last released versions (bound as `:versionlist` / `:versionid`),
 * and those records are left out of `records`. A controller without a scope keeps the list as sent.
 */
/**
 * The caller's data rights a report runs with (decision 027): running a report needs its own rights;
 * what it reads is the caller's — inactive employees only with EMPLOYEES_SHOW_INACTIVE, the field groups
 * of the employee record as the record shows them.
 */
export function dataRightsOf(actor: Actor): ReportDataRights {
  const access = employeeFieldAccess((ids) => actorHasAny(actor, ...ids));
  return {
    showInactive: actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE),
    portal: actor.isMainPortal ? 'all' : actor.portalId,
    confidentialDocuments: actorHasAny(actor, P.DOCUMENTS_CONFIDENTIAL),
    personal: access.personal,
    health: access.health,
    extended: access.extended,
  };
}

export type RecordScope = (actor: Actor, ids: number[]) => Promise<number[] | ScopedRecords>;
export type ScopedRecords = { records: number[]; versions: number[] };

const arrayValue = (ids: number[] | null) => (ids ? `{${ids.join(',')}}` : null);

export function createReportsService(deps: {
  db: Db;
  runner: ReportRunner;
  settings: Pick<SettingsService, 'read'>;
  now?: () => Date;
  /** The operator's logo for the PDF header (DATA_DIR/logo.png or .jpg), or null. */
  logo?: () => Promise<Buffer | null>;
}) {
  const { db, runner } = deps;
  const recordScopes = new Map<string, RecordScope>();

  /** The record placeholders (sql-guard RECORD_PLACEHOLDERS) from the request, narrowed by scope. */
  async function recordValues(
    actor: Actor,
    report: Report,
    request: { RecordList?: unknown; RecordID?: unknown },
    values: Map<string, string | null>,
  ) {
    const scope = recordScopes.get(report.controller.toLowerCase());
    const scoped = async (ids: number[]): Promise<ScopedRecords> => {
      const answer = scope ? await scope(actor, ids) : ids;
      return Array.isArray(answer) ? { records: answer, versions: [] } : answer;
    };
    const list = parseRecordList(request.RecordList);
    const id = parseRecordId(request.RecordID);
    const fromList = list ? await scoped(list) : null;
    const fromId = id === null ? null : await scoped([id]);
    values.set('recordlist', arrayValue(fromList?.records ?? null));
    values.set('versionlist', arrayValue(fromList?.versions ?? null));
    values.set('recordid', fromId?.records[0]?.toString() ?? null);
    values.set('versionid', fromId?.versions[0]?.toString() ?? null);
  }

  async function load(ex: Executor, id: number): Promise<Report> {
    const [row] = await ex.select().from(reports).where(eq(reports.id, id));
    if (!row) throw new AppError('REPORT_NOT_FOUND');
    const filters = await ex
      .select()
      .from(reportFilters)
      .where(eq(reportFilters.reportId, id))
      .orderBy(asc(reportFilters.position), asc(reportFilters.id));
    return toReport(row, filters);
  }

  function validate(input: ReturnType<typeof reportInputSchema.parse>) {
    const unknown = input.rights.filter((r) => !permissionById(r));
    if (unknown.length > 0) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: generalMessages.unknownPermissions(unknown),
        details: [{ path: ['body', 'rights'], message: reportsMessages.fieldChooseRights }],
      });
    }
    const fields = input.filters.map((f) => f.field.toLowerCase());
    const reserved = fields.find((f) => Object.hasOwn(RECORD_PLACEHOLDERS, f));
    if (reserved) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: reportsMessages.parameterReserved(reserved),
        details: [{ path: ['body', 'filters'], message: reportsMessages.fieldChooseOtherParameter }],
      });
    }
    const dup = fields.find((f, i) => fields.indexOf(f) !== i);
    if (dup) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: reportsMessages.filterTwice(dup),
        details: [{ path: ['body', 'filters'], message: reportsMessages.fieldParameterOnce }],
      });
    }
    assertSqlAllowed(
      input.sql,
      input.filters.map((f) => f.field),
    );
  }

  async function nameTaken(ex: Executor, name: string, exceptId?: number) {
    const [row] = await ex
      .select({ id: reports.id })
      .from(reports)
      .where(sql`lower(${reports.name}) = lower(${name})`);
    return row !== undefined && row.id !== exceptId;
  }

  async function insert(ex: Executor, actor: Actor, input: ReturnType<typeof reportInputSchema.parse>) {
    const [row] = await ex
      .insert(reports)
      .values({
        name: input.reportname,
        controller: input.controller,
        sql: input.sql,
        timeoutSeconds: input.timeoutSeconds,
        formats: input.formats,
        rights: input.rights,
      })
      .returning();
    if (!row) throw new AppError('UNKNOWN');
    if (input.filters.length > 0) {
      await ex.insert(reportFilters).values(
        input.filters.map((f, position) => ({
          reportId: row.id,
          ...f,
          filtercontent: f.filtercontent ?? '',
          position,
        })),
      );
    }
    await recordChange(ex, {
      entity: 'report',
      entityId: row.id,
      state: LOG_STATE.CREATED,
      actorId: actor.employeeId,
    });
    return row.id;
  }

  /** Resolves the values of the report's filters: hidden from the definition, others from the request. */
  function filterValues(report: Report, raw: GenerateReport['Filter']) {
    let given: Record<string, unknown> = {};
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      try {
        parsed = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: reportsMessages.filterValuesNotJson,
          details: [{ path: ['body', 'Filter'], message: reportsMessages.fieldInvalidJson }],
        });
      }
    }
    if (Array.isArray(parsed)) {
      for (const item of parsed) {
        const it = item as { field?: unknown; id?: unknown; value?: unknown };
        const filter = report.filters.find((f) => f.field === it.field || f.id === Number(it.id));
        if (filter) given[filter.field] = it.value;
      }
    } else if (parsed && typeof parsed === 'object') {
      given = parsed as Record<string, unknown>;
    }
    const values = new Map<string, string | null>();
    const shown: { label: string; value: string }[] = [];
    for (const filter of report.filters) {
      const kind = filterKind(filter.filtercontent);
      if (kind === 'hidden') {
        values.set(filter.field, filter.filtercontent.slice(HIDDEN_PREFIX.length));
        continue;
      }
      const value = given[filter.field];
      if (kind === 'checkbox') {
        const on =
          value === undefined || value === null
            ? checkboxDefault(filter.filtercontent) === '1'
            : value === true || value === 1 || value === '1' || value === 'true';
        values.set(filter.field, on ? '1' : '0');
        shown.push({ label: filter.filtername, value: on ? 'ja' : 'nein' });
        continue;
      }
      const text =
        value === undefined || value === null
          ? filter.filtercontent
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      values.set(filter.field, text.trim() === '' ? null : text);
      shown.push({ label: filter.filtername, value: text.trim() === '' ? 'alle' : text });
    }
    return { values, shown };
  }

  async function runnable(actor: Actor, id: number): Promise<Report> {
    const report = await load(db, id);
    // Deny by default; "not yours" answers like "not found".
    if (!actorHasAny(actor, ...report.rights)) throw new AppError('REPORT_NOT_FOUND');
    return report;
  }

  return {
    /** A module narrows RecordList/RecordID of its controller's reports to the actor's records. */
    registerRecordScope(controller: string, scope: RecordScope) {
      recordScopes.set(controller.toLowerCase(), scope);
    },

    async list(query: ListQuery) {
      const source = {
        orderBy: { reportname: reports.name, controller: [reports.controller, reports.name] },
        defaultOrderBy: 'reportname' as const,
        tieBreaker: reports.id,
        searchText: sql`${reports.name} || ' ' || ${reports.controller}`,
      };
      const plan = planList(source, query);
      return runList(plan, {
        rows: (p) =>
          db
            .select({
              id: reports.id,
              reportname: reports.name,
              controller: reports.controller,
              formats: reports.formats,
              version: reports.version,
            })
            .from(reports)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
            .then((rows) => rows.map((r) => ({ ...r, formats: r.formats as ReportFormat[] }))),
        count: async (where) => (await db.select({ n: countAll }).from(reports).where(where))[0]?.n ?? 0,
      });
    },

    get: (id: number) => load(db, id),

    async create(actor: Actor, body: ReportInput) {
      const input = reportInputSchema.parse(body);
      if (!actorHasAny(actor, P.REPORTS_SQL))
        throw new AppError('NO_PERMISSION', {
          message: reportsMessages.sqlEditForbidden,
        });
      validate(input);
      return db.transaction(async (tx) => {
        if (await nameTaken(tx, input.reportname)) throw new AppError('REPORT_NAME_EXISTS');
        return load(tx, await insert(tx, actor, input));
      });
    },

    async update(actor: Actor, id: number, body: ReportInput & { version: number }) {
      const input = reportInputSchema.parse(body);
      validate(input);
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        if (before.sql !== input.sql && !actorHasAny(actor, P.REPORTS_SQL)) {
          throw new AppError('NO_PERMISSION', {
            message: reportsMessages.sqlEditForbidden,
          });
        }
        if (await nameTaken(tx, input.reportname, id)) throw new AppError('REPORT_NAME_EXISTS');
        const [row] = await tx
          .update(reports)
          .set({
            name: input.reportname,
            controller: input.controller,
            sql: input.sql,
            timeoutSeconds: input.timeoutSeconds,
            formats: input.formats,
            rights: input.rights,
            version: sql`${reports.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(reports.id, id), eq(reports.version, body.version)))
          .returning({ id: reports.id });
        if (!row) throw new AppError('CONFLICT');
        await tx.delete(reportFilters).where(eq(reportFilters.reportId, id));
        if (input.filters.length > 0) {
          await tx.insert(reportFilters).values(
            input.filters.map((f, position) => ({
              reportId: id,
              ...f,
              filtercontent: f.filtercontent ?? '',
              position,
            })),
          );
        }
        const after = await load(tx, id);
        const changes = diffFields(
          before as unknown as Record<string, unknown>,
          after as unknown as Record<string, unknown>,
          ['reportname', 'controller', 'sql', 'timeoutSeconds', 'formats', 'rights'],
        );
        await recordChange(tx, {
          entity: 'report',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return after;
      });
    },

    async remove(actor: Actor, id: number, version: number) {
      await db.transaction(async (tx) => {
        await load(tx, id);
        const deleted = await tx
          .delete(reports)
          .where(and(eq(reports.id, id), eq(reports.version, version)))
          .returning({ id: reports.id });
        if (deleted.length === 0) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'report',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /** Picker (spec shell §3.2 'reports'): only reports the actor may run, optionally of one controller. */
    async picker(actor: Actor, query: ListQuery & { controller?: string | undefined }) {
      const held = [...actor.permissions];
      const mayAll = actor.permissions.has(SUPERUSER_ID);
      const source = {
        orderBy: { reportname: reports.name },
        defaultOrderBy: 'reportname' as const,
        tieBreaker: reports.id,
        searchText: sql`${reports.name}`,
      };
      const plan = planList(source, query, [
        query.controller ? sql`lower(${reports.controller}) = lower(${query.controller})` : undefined,
        mayAll ? undefined : sql`${reports.rights} && ${`{${held.join(',')}}`}::integer[]`,
      ]);
      return runList(plan, {
        rows: (p) =>
          db
            .select({ id: reports.id, reportname: reports.name, formats: reports.formats })
            .from(reports)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
            .then((rows) => rows.map((r) => ({ ...r, formats: r.formats as ReportFormat[] }))),
        count: async (where) => (await db.select({ n: countAll }).from(reports).where(where))[0]?.n ?? 0,
      });
    },

    /** Filters for the print dialog; hidden ones stay on the server (spec shell §3.3). */
    async dialogFilters(actor: Actor, id: number) {
      const report = await runnable(actor, id);
      return report.filters
        .filter((f) => filterKind(f.filtercontent) !== 'hidden')
        .map((f) => {
          const kind = filterKind(f.filtercontent) === 'checkbox' ? ('checkbox' as const) : ('text' as const);
          return {
            ...f,
            kind,
            defaultValue: kind === 'checkbox' ? checkboxDefault(f.filtercontent) : f.filtercontent,
          };
        });
    },

    /** How many records the report would produce, and the spec's warning above 1000. */
    async count(actor: Actor, body: GenerateReport) {
      const request = generateReportSchema.parse(body);
      const report = await runnable(actor, request.ReportID);
      const checked = assertSqlAllowed(
        report.sql,
        report.filters.map((f) => f.field),
      );
      const { values } = filterValues(report, request.Filter);
      await recordValues(actor, report, request, values);
      const count = await runner.count(checked, values, report.timeoutSeconds, dataRightsOf(actor));
      return { count, warning: count > REPORT_WARNING_THRESHOLD ? REPORT_WARNING_TEXT : null };
    },

    /** Runs the report and renders the file (spec shell §7 reports/generate). */
    async generate(actor: Actor, body: GenerateReport) {
      const request = generateReportSchema.parse(body);
      const report = await runnable(actor, request.ReportID);
      const format = REPORT_ART[request.Art] ?? 'pdf';
      if (!report.formats.includes(format)) throw new AppError('REPORT_FORMAT_NOT_ALLOWED');
      // Checked again on every run: the guard may have become stricter since the report was saved.
      const checked = assertSqlAllowed(
        report.sql,
        report.filters.map((f) => f.field),
      );
      const { values, shown } = filterValues(report, request.Filter);
      await recordValues(actor, report, request, values);
      const data = await runner.rows(
        checked,
        values,
        report.timeoutSeconds,
        undefined,
        undefined,
        dataRightsOf(actor),
      );
      if (format === 'pdf' && data.rows.length > PDF_MAX_ROWS) {
        throw new AppError('REPORT_TOO_LARGE', {
          message: reportsMessages.pdfTooLarge(PDF_MAX_ROWS, data.rows.length),
          details: { maxRows: PDF_MAX_ROWS, rows: data.rows.length },
        });
      }
      const printedAt = deps.now?.() ?? new Date();
      const companyName = (await deps.settings.read(systemSettings)).companyName;
      const file = await renderReport(format, {
        ...data,
        title: report.reportname,
        companyName,
        filters: shown,
        printedAt,
        logo: format === 'pdf' ? ((await deps.logo?.()) ?? null) : null,
      });
      const stamp = formatPrintDate(printedAt).replace(/[.: ]/g, (c) =>
        c === ' ' ? '_' : c === ':' ? '' : '-',
      );
      return {
        file,
        fileName: `${fileSafeName(report.reportname)}_${stamp}.${format}`,
        contentType: CONTENT_TYPES[format],
        rows: data.rows.length,
      };
    },

    /**
     * Test run for the SQL editor (report manager): the first rows of unsaved SQL with the given filter
     * values, as German display text. Same guard, role, timeout and caps as a real run.
     */
    async preview(actor: Actor, body: PreviewReport) {
      if (!actorHasAny(actor, P.REPORTS_SQL)) {
        throw new AppError('NO_PERMISSION', {
          message: reportsMessages.sqlEditForbidden,
        });
      }
      const filters = body.filters.map((f, i) => ({ ...f, id: -(i + 1) }));
      const checked = assertSqlAllowed(
        body.sql,
        filters.map((f) => f.field),
      );
      const report = { filters } as unknown as Report;
      const { values } = filterValues(report, body.values ?? {});
      const data = await runner.rows(
        checked,
        values,
        body.timeoutSeconds,
        PREVIEW_ROWS,
        true,
        dataRightsOf(actor),
      );
      return {
        columns: data.columns,
        rows: data.rows.map((r) => data.columns.map((c) => cellText(r[c]))),
        truncated: data.truncated,
      };
    },

    /** The definition as a file (import/export). */
    async exportFile(id: number) {
      const report = await load(db, id);
      const { id: _id, version: _v, filters, ...rest } = report;
      return {
        fileName: `${fileSafeName(report.reportname)}.report.json`,
        content: JSON.stringify(
          {
            kind: REPORT_EXPORT_KIND,
            formatVersion: 1,
            report: { ...rest, filters: filters.map(({ id: _fid, ...f }) => f) },
          },
          null,
          2,
        ),
      };
    },

    async importFile(actor: Actor, content: string) {
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new AppError('REPORT_FILE_INVALID');
      }
      const parsed = reportExportFileSchema.safeParse(json);
      if (!parsed.success) {
        throw new AppError('REPORT_FILE_INVALID', {
          details: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
        });
      }
      const input = reportInputSchema.parse(parsed.data.report);
      validate(input);
      return db.transaction(async (tx) => {
        if (await nameTaken(tx, input.reportname)) {
          throw new AppError('REPORT_EXISTS', {
            message: reportsMessages.reportExists(input.reportname),
          });
        }
        return load(tx, await insert(tx, actor, input));
      });
    },
  };
}
