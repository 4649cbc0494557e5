import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { ownedUnitIds } from '#modules/employees/index.ts';
import { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { createActionSources } from './action-sources.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { createTaskReminders } from './actions.reminders.ts';
import { actionsRepository } from './actions.repository.ts';
import { actionsRoutes } from './actions.routes.ts';
import { createActionsService } from './actions.service.ts';
import { generalActionSource } from './general-source.ts';

/**
 * Actions and tasks (decision 020). Other modules register their source type on `sources`
 * (`actions.sources.register('hazard', …)`), use the source API on `service` (createForSource,
 * countsOfSources, deleteOpenOfSource, designationsOfSource) and call the task functions of index.ts
 * (createTask, openTasks, deleteOpenTasks, completeOpenTasks) inside their own transaction.
 */
export function actionsModule(deps: { db: Db; settings: Pick<SettingsService, 'read'> }) {
  const sources = createActionSources();
  sources.register('general', generalActionSource);
  const wired: ActionsDeps = {
    db: deps.db,
    repository: actionsRepository,
    sources,
    settings: deps.settings,
    ownedLocations: (ex, employeeId) => ownedUnitIds(ex, 'location', employeeId),
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
  };
  const service = createActionsService(wired);
  const reminders = createTaskReminders(wired);
  return {
    sources,
    service,
    /** For the employees module's deletion guards (an employee with actions cannot be deleted). */
    employeeDeletionGuard: service.employeeDeletionGuard,
    jobs: [reminders.job],
    register: (app: FastifyInstance) => app.register(actionsRoutes(service), { prefix: '/api' }),
  };
}

export type ActionsModule = ReturnType<typeof actionsModule>;
