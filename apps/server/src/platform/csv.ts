import { generalMessages } from '@schutzwerk/shared/errors.ts';
import { parse } from 'csv-parse/sync';

/**
 * Reading CSV exports (shared by the employee import and the precaution sync): encoding detection, the
 * parser with line numbers, the separator guess and German dates.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252';

export type CsvRow = {
  /** 1-based line in the file where the record starts (a quoted field may span several lines). */
  line: number;
  cells: string[];
};

export type ParsedCsv = {
  encoding: CsvEncoding;
  header: string[] | null;
  rows: CsvRow[];
  /** The widest record (header included). */
  columnCount: number;
};

export class CsvError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.name = 'CsvError';
    this.line = line;
  }
}

/**
 * Real-world exports are UTF-8 (often with a BOM, from Excel) or Windows-1252 (older Excel, SAP, DATEV):
 * a BOM means UTF-8; bytes that decode as strict UTF-8 are UTF-8; everything else is read as
 * Windows-1252, which maps every byte to a character and so never fails.
 */
export function decodeText(bytes: Uint8Array): { encoding: CsvEncoding; text: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8').decode(bytes.subarray(3)) };
  }
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'windows-1252', text: decodeWindows1252(bytes) };
  }
}

/**
 * Windows-1252 differs from Latin-1 in 0x80–0x9F (€, „, “, ‚, –, —, Š, Ž, …). Node's
 * TextDecoder('windows-1252') decodes those bytes as Latin-1 control characters, so they are mapped here.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

/**
 * Parses a CSV file with csv-parse: quoted fields may hold the separator, line breaks and doubled quotes;
 * empty lines and lines of separators only are skipped; records may have fewer or more cells than the
 * header. Cells are kept exactly as text — a cell starting with =, +, - or @ is never evaluated.
 */
export function parseCsv(bytes: Uint8Array, options: { separator: string; hasHeader: boolean }): ParsedCsv {
  const decoded = decodeText(bytes);
  const encoding = decoded.encoding;
  // One kind of line break (CRLF, CR, LF → LF) keeps line numbers right, also inside quoted cells.
  const text = decoded.text.replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: options.separator,
      info: true,
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const e = error as { code?: string; lines?: number; message?: string };
    const line = typeof e.lines === 'number' ? e.lines : undefined;
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(generalMessages.csvQuoteNotClosed, line);
    }
    throw new CsvError(generalMessages.csvUnreadable(line), line);
  }
  const rows: CsvRow[] = records.map(({ record, info }) => {
    // info.lines is the line where the record ends; line breaks inside quoted cells move its start up.
    let breaks = 0;
    for (const cell of record) for (const ch of cell) if (ch === '\n') breaks++;
    return { line: info.lines - breaks, cells: record };
  });
  const columnCount = rows.reduce((max, r) => Math.max(max, r.cells.length), 0);
  if (options.hasHeader) {
    const [first, ...rest] = rows;
    return { encoding, header: first ? first.cells.map((c) => c.trim()) : [], rows: rest, columnCount };
  }
  return { encoding, header: null, rows, columnCount };
}

/**
 * German date dd.mm.yyyy (also d.m.yyyy and two-digit years are refused) → ISO yyyy-mm-dd; null when
 * the text is not a real calendar date.
 */
export function parseGermanDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const day = Number(d);
  const month = Number(m);
  const year = Number(y);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The separators a CSV export uses: semicolon (German Excel), comma, tab. */
export const CSV_SEPARATORS = [';', ',', '\t'] as const;

/**
 * Guesses the separator from the first non-empty line: the candidate that occurs most often outside quotes
 * (semicolon when none occurs, German Excel's default).
 */
export function detectSeparator(bytes: Uint8Array): (typeof CSV_SEPARATORS)[number] {
  const text = decodeText(bytes).text;
  const line = text.split(/\r\n?|\n/).find((l) => l.trim() !== '') ?? '';
  const counts = new Map<string, number>(CSV_SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: (typeof CSV_SEPARATORS)[number] = ';';
  for (const s of CSV_SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}
