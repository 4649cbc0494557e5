/**
 * The public face of the actions module (decision 020): what other modules and app.ts may use. Everything
 * else in this folder is internal.
 */

// The port a module implements to own actions (registered on `actionsModule(…).sources`).
export type { ActionSource, ActionSourceDescription, ActionSources } from './action-sources.ts';
export type { ActionsApi, SourceActionItem } from './actions.api.ts';
// Demo data (db/seed).
export { seedDemoActions } from './actions.demo.ts';
// The module factory (wiring in app.ts) and its service's type.
export { type ActionsModule, actionsModule } from './actions.module.ts';
export type { ActionsService } from './actions.service.ts';

// The tables other modules may join (read-only; writes go through the functions above).
export { actionPeople, actions, tasks } from './actions.table.ts';
// The task functions other modules call inside their own transaction.
export {
  completeOpenTasks,
  createTask,
  deleteOpenTasks,
  type NewTask,
  openTasks,
  type TaskSelector,
} from './tasks.ts';
