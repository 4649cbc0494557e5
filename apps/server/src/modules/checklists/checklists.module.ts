import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { checklistsRepository } from './checklists.repository.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import {
  type ChecklistActionsPort,
  type ChecklistSqlPort,
  createChecklistsService,
} from './checklists.service.ts';

/**
 * Checklists (decisions 052, 053). Other modules link checklists to their records with
 * `service.registerLink(module, rule)`, `service.linkChecklist(ex, …)` and `service.stateOf(ex, …)`.
 */
export function checklistsModule(deps: { db: Db; actions: ChecklistActionsPort; sql: ChecklistSqlPort }) {
  const service = createChecklistsService({ ...deps, repository: checklistsRepository });
  return {
    service,
    register: (app: FastifyInstance) => app.register(checklistsRoutes(service), { prefix: '/api' }),
  };
}
