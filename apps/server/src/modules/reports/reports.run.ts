import { reportsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  type GenerateReport,
  generateReportSchema,
  type PreviewReport,
  REPORT_ART,
  REPORT_WARNING_TEXT,
  REPORT_WARNING_THRESHOLD,
  type Report,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { CONTENT_TYPES, cellText, formatPrintDate, PDF_MAX_ROWS, renderReport } from './report-render.ts';
import { loadReport } from './reports.definitions.ts';
import type { ReportsDeps } from './reports.deps.ts';
import {
  assertSqlAllowed,
  checkboxDefault,
  dataRightsOf,
  fileSafeName,
  filterKind,
  filterValues,
  parseRecordId,
  parseRecordList,
} from './reports.rules.ts';

/** Rows a test run answers. */
export const PREVIEW_ROWS = 20;

/**
 * Narrows the records of a print request to those the actor may see, per controller (e.g. the hazard
 * assessments' location scope). A scope answers the ids the actor may read as they are (bound as
 * `:recordlist` / `:recordid`), or `{ records, versions }` when some records may be read only as released:
 * `versions` are then the ids of their last released versions (bound as `:versionlist` / `:versionid`),
 * and those records are left out of `records`. A controller without a scope keeps the list as sent.
 */
export type RecordScope = (actor: Actor, ids: number[]) => Promise<number[] | ScopedRecords>;
export type ScopedRecords = { records: number[]; versions: number[] };

const arrayValue = (ids: number[] | null) => (ids ? `{${ids.join(',')}}` : null);

/**
 * Running reports (decision 015): who may run which report (its rights; "not yours" answers like "not
 * found"), the print dialog's filters, the record count, generating the file and the SQL editor's test run —
 * each under the SQL guard, with the caller's data rights (decision 027) and the records narrowed by scope.
 */
export function createReportRuns(deps: ReportsDeps) {
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

  async function runnable(actor: Actor, id: number): Promise<Report> {
    const report = await loadReport(deps, db, id);
    // Deny by default; "not yours" answers like "not found".
    if (!actorHasAny(actor, ...report.rights)) throw new AppError('REPORT_NOT_FOUND');
    return report;
  }

  return {
    /** A module narrows RecordList/RecordID of its controller's reports to the actor's records. */
    registerRecordScope(controller: string, scope: RecordScope) {
      recordScopes.set(controller.toLowerCase(), scope);
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

    /** Whether a query passes the SQL guard (no filters); throws the guard's refusal. */
    checkQuery(text: string): void {
      assertSqlAllowed(text, []);
    },

    /**
     * The first column of the first row of a query, run like a report (guard, read-only role, timeout) with
     * the caller's data rights: e.g. a checklist cell filled from SQL (decision 061). Null without rows.
     */
    async firstValue(actor: Actor, text: string): Promise<string | number | null> {
      const checked = assertSqlAllowed(text, []);
      const data = await runner.rows(checked, new Map(), 10, 1, true, dataRightsOf(actor));
      const column = data.columns[0];
      const value = column === undefined ? undefined : data.rows[0]?.[column];
      if (value === undefined || value === null) return null;
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      const textValue = value instanceof Date ? value.toISOString() : String(value);
      return /^-?\d+(\.\d+)?$/.test(textValue) && Number.isFinite(Number(textValue))
        ? Number(textValue)
        : textValue.slice(0, 4000);
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
      const { values } = filterValues({ filters }, body.values ?? {});
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
  };
}
