import { questionnaireSharingMessages } from '@schutzwerk/shared/errors.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { checklistsRepository } from './checklists.repository.ts';
import type { ChecklistsService } from './checklists.service.ts';
import { renderQuestionnairePdf } from './questionnaire.print.ts';
import { collectionLinkMail } from './questionnaire-link-mail.ts';
import { questionnaireLinksRepository } from './questionnaire-links.repository.ts';
import { questionnaireSharingRoutes } from './questionnaire-sharing.routes.ts';
import type { HazardQuestionnairePort } from './questionnaires.ports.ts';
import { questionnairesRepository } from './questionnaires.repository.ts';
import { questionnairesRoutes } from './questionnaires.routes.ts';
import { createQuestionnairesService } from './questionnaires.service.ts';

/**
 * Collections, questionnaire types and questionnaires (decision 058). Registers the checklist link
 * 'questionnaires' (the entries' filled checklists) and the collections' guard on deleting a checklist;
 * collection links, segment rights and the print (decision 067); the links' mails (decision 070).
 */
export function questionnairesModule(deps: {
  db: Db;
  checklists: { service: ChecklistsService };
  hazardAnalysis: { service: { questionnaire: HazardQuestionnairePort } };
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  logo?: () => Promise<Buffer | null>;
  now?: () => Date;
}) {
  const service = createQuestionnairesService({
    db: deps.db,
    repository: questionnairesRepository,
    checklists: deps.checklists.service,
    checklistsRepository,
    links: questionnaireLinksRepository,
    hazards: deps.hazardAnalysis.service.questionnaire,
    linkMail: collectionLinkMail({
      links: questionnaireLinksRepository,
      settings: deps.settings,
      mail: deps.mail,
      ...(deps.now ? { now: deps.now } : {}),
    }),
  });
  deps.checklists.service.registerLink('questionnaires', service.linkRule);
  deps.checklists.service.deletionGuards.push(service.checklistDeletionGuard);

  async function print(actor: Actor, id: number): Promise<{ file: Buffer; fileName: string }> {
    const questionnaire = await service.forPrint(actor, id);
    const system = await deps.settings.read(systemSettings, deps.db);
    const file = await renderQuestionnairePdf({
      questionnaire,
      companyName: system.companyName,
      printedAt: (deps.now ?? (() => new Date()))(),
      logo: deps.logo ? await deps.logo() : null,
    });
    return { file, fileName: questionnaireSharingMessages.printFile(questionnaire.title) };
  }

  return {
    service,
    register: (app: FastifyInstance) => {
      app.register(questionnairesRoutes(service), { prefix: '/api' });
      app.register(questionnaireSharingRoutes(service.sharing, print), { prefix: '/api' });
    },
  };
}
