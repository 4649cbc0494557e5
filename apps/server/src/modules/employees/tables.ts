/**
 * The tables of the employees module that other modules may join or reference (decision 029; read-only, writes go
 * through the module). Kept apart from index.ts so that table files can import it without pulling in the
 * whole module (and an import cycle with it).
 */

export { employeePortals, employeeSupervisors } from './employee-assignments.table.ts';
export { employees, sortKey } from './employees.table.ts';
// The people of a location (escalation levels, responsible persons): employees' since decision 030.
export { departmentHeads, locationEscalations, locationResponsibilities } from './location-people.table.ts';
