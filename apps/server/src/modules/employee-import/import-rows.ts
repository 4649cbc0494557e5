import {
  IMPORT_FIELDS,
  type ImportFieldKey,
  type ImportOptions,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { employeeFieldsSchema } from '@schutzwerk/shared/employees/employee.schema.ts';
import { employeeImportMessages } from '@schutzwerk/shared/errors.ts';
import { type CsvRow, type ParsedCsv, parseGermanDate } from '#platform/csv.ts';
import { parseFlag, parseGender } from './csv.ts';

/** The employee fields a file can carry (the password is not stored as a field). */
export type DataField = Exclude<ImportFieldKey, 'password'>;
export type RowValues = Partial<Record<DataField, string | boolean | null>>;

export const FIELD_BY_KEY = new Map(IMPORT_FIELDS.map((f) => [f.key, f]));

/** One row of the file read into typed values, with the German reasons for everything wrong with it. */
export type ReadRow = {
  row: CsvRow;
  values: RowValues;
  password: string | null;
  reasons: string[];
  personnelNumber: string;
};

/** The value a mapped field is stored with: an empty cell clears it (a flag becomes „nein“). */
export function storedValue(values: RowValues, key: DataField): string | boolean | null {
  return values[key] ?? (FIELD_BY_KEY.get(key)?.kind === 'boolean' ? false : null);
}

/** The rules of the employee record for the mapped fields (built once per run: building is costly). */
function rowSchema(fields: DataField[]) {
  const keys = Object.fromEntries(fields.map((k) => [k, true])) as Record<DataField, true>;
  return employeeFieldsSchema.pick(keys).partial();
}

/** Reads one row into typed values; German reasons for everything wrong with it. */
function readRow(
  row: CsvRow,
  options: Pick<ImportOptions, 'mapping'>,
  fields: DataField[],
  schema: ReturnType<typeof rowSchema>,
): ReadRow {
  const reasons: string[] = [];
  const cell = (key: ImportFieldKey) => {
    const index = options.mapping[key];
    return index === null || index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const values: RowValues = {};
  for (const key of fields) {
    const field = FIELD_BY_KEY.get(key)!;
    const raw = cell(key);
    if (field.required && raw === '') {
      reasons.push(employeeImportMessages.rowRequiredMissing(field.label));
      continue;
    }
    if (field.kind === 'date') {
      if (raw === '') values[key] = null;
      else {
        const iso = parseGermanDate(raw);
        if (iso) values[key] = iso;
        else reasons.push(employeeImportMessages.rowInvalidDate(raw, field.label));
      }
    } else if (field.kind === 'boolean') {
      const flag = parseFlag(raw);
      if (flag === null) reasons.push(employeeImportMessages.rowInvalidFlag(raw, field.label));
      else values[key] = flag;
    } else if (field.kind === 'gender') {
      if (raw === '') values[key] = null;
      else {
        const gender = parseGender(raw);
        if (gender) values[key] = gender;
        else reasons.push(employeeImportMessages.rowInvalidGender(raw, field.label));
      }
    } else {
      values[key] = raw === '' ? null : raw;
    }
  }
  // The rules of the employee record (lengths, e-mail, date range), with its German messages.
  const result = schema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const label = FIELD_BY_KEY.get(String(issue.path[0]) as ImportFieldKey)?.label ?? String(issue.path[0]);
      reasons.push(`${label}: ${issue.message}`);
    }
  }
  const password = cell('password');
  return {
    row,
    values,
    password: password === '' ? null : password,
    reasons,
    personnelNumber: cell('personnelNumber'),
  };
}

/** Every row of the file through the mapping and the record's field rules. */
export function readRows(
  parsed: ParsedCsv,
  options: Pick<ImportOptions, 'mapping'>,
  fields: DataField[],
): ReadRow[] {
  const schema = rowSchema(fields);
  return parsed.rows.map((row) => readRow(row, options, fields, schema));
}
