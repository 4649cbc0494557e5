import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { checklistWorkflowRepository } from './checklist-workflow.repository.ts';
import { checklistWorkflowRoutes } from './checklist-workflow.routes.ts';
import { createChecklistWorkflowService } from './checklist-workflow.service.ts';
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
export function checklistsModule(deps: {
  db: Db;
  actions: ChecklistActionsPort;
  sql: ChecklistSqlPort;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}) {
  const service = createChecklistsService({ ...deps, repository: checklistsRepository });
  // Workflow, notifications, printer settings and approvals (decision 066).
  const workflow = createChecklistWorkflowService({
    db: deps.db,
    repository: checklistWorkflowRepository,
    checklists: checklistsRepository,
    service,
    settings: deps.settings,
    mail: deps.mail,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    service,
    workflow,
    register: async (app: FastifyInstance) => {
      await app.register(checklistsRoutes(service), { prefix: '/api' });
      await app.register(checklistWorkflowRoutes(workflow), { prefix: '/api' });
    },
  };
}
export type ChecklistPrintPort = Pick<ReturnType<typeof createChecklistWorkflowService>, 'forPrint'>;
