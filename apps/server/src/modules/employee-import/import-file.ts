import {
  IMPORT_PREVIEW_ROWS,
  type ImportPreview,
  type ImportSeparator,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { CsvError, type ParsedCsv, parseCsv } from '#platform/csv.ts';
import { AppError } from '#platform/errors.ts';
import type { ImportJobRow } from './employee-import.repository.ts';
import { suggestMapping } from './mapping.ts';

/** Parses an uploaded file; an unreadable one is refused with the CSV reader's German message. */
export function readCsv(content: Uint8Array, options: { separator: string; hasHeader: boolean }): ParsedCsv {
  try {
    return parseCsv(content, options);
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError('EMPLOYEE_IMPORT_INVALID_FILE', { message: error.message });
    throw error;
  }
}

/** The stored file of an upload, parsed with the options it was uploaded with. */
export function parseJob(job: ImportJobRow): ParsedCsv {
  if (!job.content) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
  return readCsv(job.content, { separator: job.separator, hasHeader: job.hasHeader });
}

/** Step 1's answer: the columns, the first rows and the suggested mapping. */
export function toPreview(job: ImportJobRow, parsed: ParsedCsv): ImportPreview {
  const columns = Array.from(
    { length: parsed.columnCount },
    (_, i) => parsed.header?.[i] || `Spalte ${i + 1}`,
  );
  return {
    id: job.id,
    fileName: job.fileName,
    encoding: parsed.encoding,
    separator: job.separator as ImportSeparator,
    hasHeader: job.hasHeader,
    columnCount: parsed.columnCount,
    columns,
    rows: parsed.rows.slice(0, IMPORT_PREVIEW_ROWS),
    rowCount: parsed.rows.length,
    suggestedMapping: suggestMapping(parsed.header),
  };
}
