/**
 * The tables of the checklists module that other modules may join or reference (decision 029; read-only,
 * writes go through the module's link port).
 */
export { checklistInstances, checklists } from './checklists.table.ts';
