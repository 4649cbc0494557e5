/**
 * The public face of the appointments module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { appointmentsModule } from './appointments.module.ts';
