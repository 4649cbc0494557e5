/**
 * The tables of the factor-menus module that other modules may join or reference (decision 029; read-only, writes go
 * through the module). Kept apart from index.ts so that table files can import it without pulling in the
 * whole module (and an import cycle with it).
 */
export { factorMenuFactors, factorMenuRegisters, factorMenus } from './factor-menus.table.ts';
