/**
 * The public face of the scheduler module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts) and the job interface other modules implement.
export type { JobDefinition } from './job.ts';
export { schedulerModule } from './scheduler.module.ts';
