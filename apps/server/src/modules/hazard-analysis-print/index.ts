/**
 * The public face of the hazard-analysis-print module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { hazardAnalysisPrintModule } from './hazard-analysis-print.module.ts';
