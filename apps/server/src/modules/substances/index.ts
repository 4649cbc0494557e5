/**
 * The public face of the substances module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The base data (CLP catalogue, starter catalogues) the bootstrap fills.
export { ensureSubstanceBaseData } from './substances.base-data.ts';
// The module factory (wiring in app.ts) and the hook type later modules push into.
export { substancesModule } from './substances.module.ts';
export type { SubstancesService } from './substances.service.ts';
export type { SubstanceUsageSource } from './substances.usage.ts';
// The tables other modules may join.
export * from './tables.ts';
