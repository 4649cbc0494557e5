/** The instructions feature's public face for other features (decision 029). */
// The employee record's tabs „Profile“ and „Ausnahmeliste“ and the warning when setting an employee inactive
// (decision 040).
export { EmployeeExceptionsTab } from './profiles/components/employee-exceptions-tab.tsx';
export { EmployeeInstructionsTab } from './profiles/components/employee-instructions-tab.tsx';
export { OpenInstructionsWarning } from './profiles/components/open-instructions-warning.tsx';
