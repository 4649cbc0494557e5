import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useSessionUser } from '#lib/session/session.tsx';

/** The signed-in employee as an employee picker row: the default responsible of the editor's dialogs. */
export function useOwnPickerRow(): EmployeePickerRow {
  const me = useSessionUser().employee;
  return {
    id: me.id,
    lastName: me.lastName ?? '',
    firstName: me.firstName ?? '',
    personnelNumber: me.personnelNumber ?? '',
    departmentName: null,
  };
}
