/**
 * The public face of the organisation module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The tables other modules may join: the tree, and the people of a location (escalation, responsibility).
export { locationEscalations, locationResponsibilities } from './location-people.table.ts';
// The module factory (wiring in app.ts) and the repository other modules get handed there.
export { organisationModule } from './organisation.module.ts';
export type { OrganisationRepository } from './organisation.repository.ts';
export * from './tables.ts';
