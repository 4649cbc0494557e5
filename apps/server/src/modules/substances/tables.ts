/**
 * The tables of the substances module that other modules may join or reference (decision 029): containers,
 * EMKG entries and operating instructions refer to `substanceVersions.id`.
 */
export { substances, substanceVersions } from './substances.table.ts';
