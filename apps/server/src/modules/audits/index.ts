/**
 * The public face of the audits module (decision 029): the factory app.ts wires. Everything else is internal.
 */
export { auditsModule } from './audits.module.ts';
