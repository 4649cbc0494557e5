/** The employees feature's public face for other features (decision 029). */
export { employeeKeys } from './api/employee-keys.ts';
