import { createActionAccess } from './actions.access.ts';
import { createActionsApi } from './actions.api.ts';
import { createActionRecords } from './actions.crud.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { createActionPresenter } from './actions.presenter.ts';
import { createActionTaskSync, createTaskFlow } from './actions.task-flow.ts';

/**
 * The actions service (decision 020), put together from its parts: the reading and writing rights
 * (actions.access.ts), the presenter, action CRUD (actions.crud.ts), the task flow (actions.task-flow.ts)
 * and the API other modules call (actions.api.ts). All data access is in actions.repository.ts.
 */
export function createActionsService(deps: ActionsDeps) {
  const access = createActionAccess(deps);
  const presenter = createActionPresenter(deps, access);
  const syncActionTask = createActionTaskSync(deps, presenter);
  return {
    sources: deps.sources,
    ...createActionRecords(deps, access, presenter, syncActionTask),
    ...createTaskFlow(deps),
    ...createActionsApi(deps, syncActionTask),
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
