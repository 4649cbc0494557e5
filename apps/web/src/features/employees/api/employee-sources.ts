/** List sources of the employee module (list protocol, spec shell §7). */
export const EMPLOYEE_LIST_SOURCE = 'employee/list';
export const EMPLOYEE_PICKER_SOURCE = 'employee/picker';
