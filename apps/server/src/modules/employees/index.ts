/**
 * The public face of the employees module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The functions other modules call: the e-mail-changed notice, the responsibility scope, the sign-in guard.
export { type EmailChangedDeps, type EmailChangedMail, notifyEmailChanged } from './email-changed.ts';
export type { EmployeeDeletionGuard, EmployeeRecordService } from './employee-record.service.ts';
// The module factory (wiring in app.ts) and the services and repository other modules get handed there.
export { employeesModule } from './employees.module.ts';
// The ports the modules above implement (decision 030): roles and activities for copying assignments.
export {
  type EmployeeActivitiesPort,
  type EmployeeRolesPort,
  type EmployeesChangedHook,
  notifyEmployeesChanged,
} from './employees.ports.ts';
export type { EmployeesRepository } from './employees.repository.ts';
// Group feedback creates external persons (decision 069).
export { insertExternalPerson, type NewExternalPerson } from './external-person.ts';
export { ownedUnitIds } from './responsibility.ts';
export { assertNoMoreRights, employeesWithMoreRights, touchesSignIn } from './sign-in-guard.ts';
// The tables other modules may join.
export * from './tables.ts';
