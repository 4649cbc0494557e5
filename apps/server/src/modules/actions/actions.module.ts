import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import { createActionSources } from './action-sources.ts';
import { actionsRoutes } from './actions.routes.ts';
import { createActionsService } from './actions.service.ts';
import { generalActionSource } from './general-source.ts';
import { taskReminderJob } from './tasks.ts';

/**
 * Actions and tasks (decision 020). Other modules register their source type on `sources`
 * (`actions.sources.register('hazard', …)`) and call the task functions of tasks.ts
 * (createTask, deleteOpenTasks, completeOpenTasks) inside their own transaction.
 */
export function actionsModule(deps: { db: Db; settings: Pick<SettingsService, 'read'> }) {
  const sources = createActionSources();
  sources.register('general', generalActionSource);
  const service = createActionsService({ db: deps.db, sources, settings: deps.settings });
  return {
    sources,
    service,
    jobs: [taskReminderJob(deps.settings)],
    register: (app: FastifyInstance) => app.register(actionsRoutes(service), { prefix: '/api' }),
  };
}
