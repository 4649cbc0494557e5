import type { BadRow } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { employeeImportMessages, errorCatalogue } from '@schutzwerk/shared/errors.ts';
import { touchesSignIn } from '#modules/employees/index.ts';
import type { EmployeeRow } from './employee-import.repository.ts';
import type { ReadRow, RowValues } from './import-rows.ts';

/**
 * The rules that make a row of the file a bad row, beyond its own cells (import-rows.ts): duplicates inside
 * the file, login names held by someone else, the password of new employees, and the sign-in guard of
 * decision 023. Pure functions over what the plan has read; the German reasons are collected per line.
 */

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** A valid row of the file, ready to write. */
export type GoodRow = {
  line: number;
  personnelNumber: string;
  values: RowValues;
  password: string | null;
  existing: EmployeeRow | undefined;
};

/** An existing employee whose mapped fields differ, whose first password is set, or who is reactivated. */
export type PlannedUpdate = {
  row: GoodRow;
  changes: FieldChanges;
  reactivate: boolean;
  setPassword: boolean;
};

/** The German reasons per line of the file: a line with a reason is a bad row. */
export type LineReasons = Map<number, string[]>;

function addReason(reasons: LineReasons, line: number, reason: string) {
  const list = reasons.get(line) ?? [];
  list.push(reason);
  reasons.set(line, list);
}

/** Without a policy (unit tests without settings): the historical minimum. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;
export const fallbackPasswordCheck = (password: string): string[] =>
  password.length < PASSWORD_MIN_LENGTH
    ? [employeeImportMessages.passwordTooShort(PASSWORD_MIN_LENGTH)]
    : password.length > PASSWORD_MAX_LENGTH
      ? [employeeImportMessages.passwordTooLong(PASSWORD_MAX_LENGTH)]
      : [];

const loginOf = (r: ReadRow) => (typeof r.values.loginName === 'string' ? r.values.loginName : '');

/** The lines of the file per non-empty key, in file order. */
function linesOf(read: ReadRow[], key: (r: ReadRow) => string) {
  const map = new Map<string, number[]>();
  for (const r of read) {
    const k = key(r);
    if (k === '') continue;
    const lines = map.get(k) ?? [];
    lines.push(r.row.line);
    map.set(k, lines);
  }
  return map;
}

/** The login names of the file, lower case (they are unique across all portals, case-insensitive). */
export function loginNamesOf(read: ReadRow[]): string[] {
  return [...linesOf(read, (r) => loginOf(r).toLowerCase()).keys()];
}

/** Duplicates inside the file: every occurrence is bad (which one is right cannot be guessed). */
export function duplicateReasons(read: ReadRow[], reasons: LineReasons): void {
  for (const [number, lines] of linesOf(read, (r) => r.personnelNumber)) {
    if (lines.length > 1) {
      for (const line of lines) {
        addReason(reasons, line, employeeImportMessages.rowPersonnelNumberTwice(number, lines));
      }
    }
  }
  for (const [, lines] of linesOf(read, (r) => loginOf(r).toLowerCase())) {
    if (lines.length > 1) {
      for (const line of lines) {
        const r = read.find((x) => x.row.line === line)!;
        addReason(reasons, line, employeeImportMessages.rowLoginNameTwice(loginOf(r), lines));
      }
    }
  }
}

/**
 * Each row against the portal's employees: its own reasons, a login name another employee holds, the
 * password (checked by the policy where it will be set; required for new employees). Answers the rows
 * without any reason — including those of `duplicateReasons`, which must run first.
 */
export function goodRows(
  read: ReadRow[],
  context: {
    /** The portal's employees by personnel number. */
    byNumber: ReadonlyMap<string, EmployeeRow>;
    /** Holders of the file's login names (any portal), by lower-case login name. */
    holderByLogin: ReadonlyMap<string, number>;
    checkPassword: (password: string) => string[];
  },
  reasons: LineReasons,
): GoodRow[] {
  const good: GoodRow[] = [];
  for (const r of read) {
    const line = r.row.line;
    for (const reason of r.reasons) addReason(reasons, line, reason);
    const existing = r.personnelNumber ? context.byNumber.get(r.personnelNumber) : undefined;
    const login = loginOf(r);
    if (login) {
      const holder = context.holderByLogin.get(login.toLowerCase());
      if (holder !== undefined && holder !== existing?.id) {
        addReason(reasons, line, employeeImportMessages.rowLoginNameTaken(login));
      }
    }
    // The password: required for new employees; for existing ones only used when they have none yet.
    const needsPassword = !existing || existing.passwordHash === null;
    if (needsPassword && r.password !== null) {
      for (const violation of context.checkPassword(r.password)) addReason(reasons, line, violation);
    }
    if (!existing && r.password === null && r.personnelNumber !== '') {
      addReason(reasons, line, employeeImportMessages.rowPasswordMissing);
    }
    if (reasons.has(line)) continue;
    good.push({
      line,
      personnelNumber: r.personnelNumber,
      values: r.values,
      password: needsPassword ? r.password : null,
      existing,
    });
  }
  return good;
}

/** An import update that changes how the employee signs in or is reached (decision 023). */
export function touchesSignInOnImport(u: PlannedUpdate): boolean {
  return u.setPassword || u.reactivate || touchesSignIn(Object.keys(u.changes));
}

/** The employees whose rights the sign-in guard must compare: updates touching sign-in, inactivations. */
export function guardedEmployeeIds(updates: PlannedUpdate[], candidates: EmployeeRow[]): number[] {
  return [
    ...updates.filter(touchesSignInOnImport).map((u) => u.row.existing!.id),
    ...candidates.map((e) => e.id),
  ];
}

/**
 * Decision 023: sign-in and reach fields, a password and the active flag of someone holding rights the
 * importer lacks (`moreRights`) stay as they are — such a row is a bad row; such an employee is not
 * inactivated.
 */
export function withholdFromMoreRights(
  updates: PlannedUpdate[],
  candidates: EmployeeRow[],
  moreRights: ReadonlySet<number>,
  reasons: LineReasons,
): { updates: PlannedUpdate[]; inactivate: EmployeeRow[] } {
  const kept: PlannedUpdate[] = [];
  for (const u of updates) {
    if (touchesSignInOnImport(u) && moreRights.has(u.row.existing!.id)) {
      addReason(reasons, u.row.line, errorCatalogue.EMPLOYEE_MORE_RIGHTS.message);
    } else kept.push(u);
  }
  return { updates: kept, inactivate: candidates.filter((e) => !moreRights.has(e.id)) };
}

/** The bad rows in file order, each with its line, personnel number and reasons. */
export function badRowsOf(read: ReadRow[], reasons: LineReasons): BadRow[] {
  return read
    .filter((r) => reasons.has(r.row.line))
    .map((r) => ({
      line: r.row.line,
      personnelNumber: r.personnelNumber || null,
      reasons: reasons.get(r.row.line)!,
    }));
}
