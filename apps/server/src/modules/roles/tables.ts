/**
 * The tables of the roles module that other modules may join or reference (decision 029; read-only, writes go
 * through the module). Kept apart from index.ts so that table files can import it without pulling in the
 * whole module (and an import cycle with it).
 */
export { employeeRoles, rolePermissions, roles } from './roles.table.ts';
