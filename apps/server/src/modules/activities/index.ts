/**
 * The public face of the activities module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { activitiesModule } from './activities.module.ts';
// The employees module's port for copying an employee's activities (decision 030, wiring in app.ts).
export { employeeActivityAssignments } from './activities.repository.ts';
// The tables other modules may join.
export * from './tables.ts';
