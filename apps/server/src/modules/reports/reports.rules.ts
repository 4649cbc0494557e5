import { employeeFieldAccess } from '@schutzwerk/shared/employees/field-access.ts';
import { generalMessages, reportsMessages } from '@schutzwerk/shared/errors.ts';
import { P, permissionById } from '@schutzwerk/shared/permissions.ts';
import {
  CHECKBOX_PREFIX,
  type GenerateReport,
  HIDDEN_PREFIX,
  type Report,
  type ReportFormat,
  type reportInputSchema,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import type { z } from 'zod';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { ReportDataRights } from './report-data-rights.ts';
import type { ReportFilterRow, ReportRow } from './reports.repository.ts';
import { checkReportSql, RECORD_PLACEHOLDERS, SqlRefusedError } from './sql-guard.ts';

/**
 * The pure rules of reports (decision 015): filter kinds and their values, the record ids of a print request,
 * the caller's data rights, the checks of a definition, and the record → API shape. No database here.
 */

/** A definition as the schema parsed it (filters defaulted). */
export type ParsedReportInput = z.output<typeof reportInputSchema>;

/** Filter kinds (spec shell §3.3). */
export function filterKind(content: string): 'hidden' | 'checkbox' | 'text' {
  if (content.startsWith(HIDDEN_PREFIX)) return 'hidden';
  if (content.startsWith(CHECKBOX_PREFIX)) return 'checkbox';
  return 'text';
}

export function checkboxDefault(content: string): string {
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

/** A definition may be saved: known rights, no reserved or repeated parameter, SQL the guard accepts. */
export function assertValidDefinition(input: ParsedReportInput) {
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

export function toReport(row: ReportRow, filters: ReportFilterRow[]): Report {
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

export function fileSafeName(name: string): string {
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

/** Resolves the values of the report's filters: hidden from the definition, others from the request. */
export function filterValues(report: Pick<Report, 'filters'>, raw: GenerateReport['Filter']) {
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
