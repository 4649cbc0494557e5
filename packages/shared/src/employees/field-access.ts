import { P } from '../permissions.ts';
import type { EmployeeStatus, EmployeeType } from './employee.schema.ts';

/**
 * The field groups of the employee record a reader may see. This is the ONE decision: the record
 * (employee-record.service.ts), the list and the picker (employees.service.ts), the reports' database role
 * and the web pages all ask it, so a field-level right hides a field from lists, filters, searches and
 * reports too (decision 027).
 */
export type EmployeeFieldAccess = {
  /** Master data: names, personnel number, login name, e-mail, department, location, status. */
  readonly basic: boolean;
  /** PERSONAL_FIELDS. */
  readonly personal: boolean;
  /** HEALTH_FIELDS. */
  readonly health: boolean;
  /** EXTENDED_FIELDS ('Erweiterte Mitarbeiterdaten'). */
  readonly extended: boolean;
  /** The chip id: extended data, or the right to edit it. */
  readonly chipId: boolean;
};

/** `hasAny(ids)`: whether the reader holds any of `ids` (superuser included). */
export function employeeFieldAccess(hasAny: (ids: readonly number[]) => boolean): EmployeeFieldAccess {
  // 'Erweiterte Mitarbeiterdaten': read with EMPLOYEES_READONLY; whoever may edit may read them too.
  const extended = hasAny([P.EMPLOYEES_READONLY, P.EMPLOYEES_EDIT]);
  return {
    basic: hasAny([P.EMPLOYEES_BASIC_READONLY]),
    personal: hasAny([P.EMPLOYEES_PERSONAL_DATA]),
    health: hasAny([P.EMPLOYEES_HEALTH_DATA]),
    extended,
    chipId: extended || hasAny([P.EMPLOYEES_CHIPID]),
  };
}

export type EmployeeFieldGroup = 'personal' | 'health' | 'extended';

/** The field group each filter of the employee list reads (null: master data only). */
export const EMPLOYEE_TYPE_FIELD_GROUP: Readonly<Record<EmployeeType, EmployeeFieldGroup>> = {
  // Every type is told apart by is_external / is_temp_worker.
  employee: 'extended',
  external: 'extended',
  tempWorker: 'extended',
};
export const EMPLOYEE_STATUS_FIELD_GROUP: Readonly<Record<EmployeeStatus, EmployeeFieldGroup | null>> = {
  worksBan: 'extended', // works_ban_until
  tempWorkEnded: 'extended', // is_temp_worker, temp_work_until
  noLogin: null, // login name and "has a password" are master data of the record
};
