/** List source of the employee module (list protocol, spec shell §7). */
export const EMPLOYEE_LIST_SOURCE = 'employee/list';
