import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
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
    /**
     * For the employees module's deletion guards: an employee who is responsible for or executes an action
     * cannot be deleted (their tasks, participations and done/checked marks would go silently).
     */
    employeeDeletionGuard: async (ex: Executor, employeeId: number): Promise<string | null> => {
      const [row] = await queryRows<{ n: number }>(
        ex,
        sql`select count(*)::int as n from actions where responsible_id = ${employeeId} or executor_id = ${employeeId}`,
      );
      const n = Number(row?.n ?? 0);
      if (n === 0) return null;
      return n === 1
        ? 'Der Mitarbeiter ist für eine Maßnahme verantwortlich oder führt sie aus. Bitte übertragen Sie sie zuerst an eine andere Person oder setzen Sie den Mitarbeiter inaktiv.'
        : `Der Mitarbeiter ist für ${n} Maßnahmen verantwortlich oder führt sie aus. Bitte übertragen Sie sie zuerst an eine andere Person oder setzen Sie den Mitarbeiter inaktiv.`;
    },
    jobs: [taskReminderJob(deps.settings)],
    register: (app: FastifyInstance) => app.register(actionsRoutes(service), { prefix: '/api' }),
  };
}
