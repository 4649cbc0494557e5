import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { ChecklistsService } from './checklists.service.ts';
import type { HazardQuestionnairePort } from './questionnaires.ports.ts';
import { questionnairesRepository } from './questionnaires.repository.ts';
import { questionnairesRoutes } from './questionnaires.routes.ts';
import { createQuestionnairesService } from './questionnaires.service.ts';

/**
 * Collections, questionnaire types and questionnaires (decision 058). Registers the checklist link
 * 'questionnaires' (the entries' filled checklists) and the collections' guard on deleting a checklist.
 */
export function questionnairesModule(deps: {
  db: Db;
  checklists: { service: ChecklistsService };
  hazardAnalysis: { service: { questionnaire: HazardQuestionnairePort } };
}) {
  const service = createQuestionnairesService({
    db: deps.db,
    repository: questionnairesRepository,
    checklists: deps.checklists.service,
    hazards: deps.hazardAnalysis.service.questionnaire,
  });
  deps.checklists.service.registerLink('questionnaires', service.linkRule);
  deps.checklists.service.deletionGuards.push(service.checklistDeletionGuard);
  return {
    service,
    register: (app: FastifyInstance) => app.register(questionnairesRoutes(service), { prefix: '/api' }),
  };
}
