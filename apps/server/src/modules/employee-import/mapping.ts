import {
  IMPORT_FIELDS,
  type ImportFieldKey,
  type ImportMapping,
  type ImportOptions,
  REQUIRED_IMPORT_FIELDS,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { HEALTH_FIELDS, PERSONAL_FIELDS } from '@schutzwerk/shared/employees/employee.schema.ts';
import { employeeImportMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { type DataField, FIELD_BY_KEY } from './import-rows.ts';

/** Lower case, umlauts spelled out, letters and digits only: „Personal-Nr.“ → „personalnr“. */
export function normaliseHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

/** Headings seen in real exports besides the field's own label. */
const SYNONYMS: Partial<Record<ImportFieldKey, string[]>> = {
  personnelNumber: ['personalnr', 'persnr', 'pnr', 'mitarbeiternummer', 'mitarbeiternr', 'personnelnumber'],
  lastName: ['name', 'familienname', 'lastname', 'nachname'],
  firstName: ['firstname', 'vorname'],
  password: ['kennwort', 'password', 'passwort', 'initialpasswort', 'startpasswort'],
  loginName: ['login', 'loginname', 'benutzer', 'username', 'anmeldename'],
  email: ['email', 'emailadresse', 'mail'],
  phone: ['telefonnummer', 'tel'],
  company: ['unternehmen'],
  birthday: ['geburtstag', 'gebdatum'],
  hireDate: ['eintritt', 'eintrittsdatum'],
  city: ['ort', 'wohnort'],
  zip: ['postleitzahl', 'plz'],
  gender: ['geschlecht', 'anrede'],
  isExternal: ['extern'],
  isTempWorker: ['leiharbeiter', 'leiharbeitnehmer'],
};

/** Suggests a column per field from the headings (first match wins; a column serves one field). */
export function suggestMapping(headings: string[] | null): ImportMapping {
  if (!headings) return {};
  const normalised = headings.map(normaliseHeading);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const names = new Set([normaliseHeading(field.label), ...(SYNONYMS[field.key] ?? [])]);
    const index = normalised.findIndex((h, i) => !used.has(i) && h !== '' && names.has(h));
    if (index >= 0) {
      mapping[field.key] = index;
      used.add(index);
    }
  }
  return mapping;
}

/**
 * The mapping the actor chose, checked against the file and the actor's rights: every required field has a
 * column of the file, personal and health data only with their rights, „set others inactive“ only with
 * EMPLOYEES_ACTIVATE. Answers the mapped employee fields (the password column aside).
 */
export function assertMapping(
  actor: Actor,
  options: Pick<ImportOptions, 'mapping' | 'mode'>,
  columnCount: number,
): DataField[] {
  const mapped = Object.entries(options.mapping).filter(([, v]) => v !== null && v !== undefined) as [
    ImportFieldKey,
    number,
  ][];
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapped.some(([k]) => k === f));
  if (missing.length > 0) {
    throw new AppError('EMPLOYEE_IMPORT_REQUIRED_COLUMNS', {
      details: missing.map((f) => ({
        path: ['body', 'mapping', f],
        message: employeeImportMessages.fieldMapColumn(FIELD_BY_KEY.get(f)?.label),
      })),
    });
  }
  const outside = mapped.filter(([, index]) => index >= columnCount);
  if (outside.length > 0) {
    throw new AppError('INPUT_VALIDATION_ERROR', {
      message: employeeImportMessages.tooFewColumns(columnCount),
      details: outside.map(([f]) => ({
        path: ['body', 'mapping', f],
        message: employeeImportMessages.fieldNoSuchColumn,
      })),
    });
  }
  const keys = mapped.map(([k]) => k);
  if (
    keys.some((k) => (PERSONAL_FIELDS as readonly string[]).includes(k)) &&
    !actorHasAny(actor, P.EMPLOYEES_PERSONAL_DATA)
  ) {
    throw new AppError('NO_PERMISSION', {
      message: employeeImportMessages.personalDataForbidden,
    });
  }
  if (
    keys.some((k) => (HEALTH_FIELDS as readonly string[]).includes(k)) &&
    !actorHasAny(actor, P.EMPLOYEES_HEALTH_DATA)
  ) {
    throw new AppError('NO_PERMISSION', {
      message: employeeImportMessages.healthDataForbidden,
    });
  }
  if (options.mode === 'deactivateOthers' && !actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
    throw new AppError('NO_PERMISSION', {
      message: employeeImportMessages.deactivateForbidden,
    });
  }
  return keys.filter((k): k is DataField => k !== 'password');
}
