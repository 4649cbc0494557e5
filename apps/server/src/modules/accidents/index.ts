/**
 * The public face of the accidents module (decision 029): what app.ts and other modules may use.
 */

export { registerAccidentDocuments } from './accident-documents.ts';
export { ACCIDENT_ACTION_SOURCE } from './accident-links.ts';
export { accidentsModule } from './accidents.module.ts';
export * from './tables.ts';
