/**
 * The public face of the roles module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { rolesModule } from './roles.module.ts';
// The employees module's port for copying an employee's roles (decision 030, wiring in app.ts).
export { employeeRoleAssignments } from './roles.repository.ts';
// The tables other modules may join.
export * from './tables.ts';
