/**
 * The public face of the organisation module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts) and the repository other modules get handed there.
export { organisationModule } from './organisation.module.ts';
// The port the module needs of the people in its units, implemented by the employees module (decision 030).
export type {
  EscalationInput,
  EscalationRecord,
  OrganisationPeoplePort,
  ResponsibilityInput,
  ResponsibilityRecord,
  UnitMovedHook,
} from './organisation.ports.ts';
export type { OrganisationRepository, TreeKind } from './organisation.repository.ts';
// The tables other modules may join: the two trees.
export * from './tables.ts';
