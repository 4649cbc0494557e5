import { auditsMessages } from '@schutzwerk/shared/errors.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { ActionsModule } from '#modules/actions/index.ts';
import type { ChecklistPrintPort, ChecklistsService } from '#modules/checklists/index.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { createAuditMail } from './audits.mail.ts';
import { renderAuditPdf } from './audits.print.ts';
import { auditsRepository } from './audits.repository.ts';
import { auditsRoutes } from './audits.routes.ts';
import { AUDIT_ACTION_SOURCE, createAuditsService } from './audits.service.ts';

/**
 * Approval processes (Freigabevorgänge, decision 059). Wires itself into the checklists' link port (module
 * 'audits') and the actions' source registry (source 'audit', the findings).
 */
export function auditsModule(deps: {
  db: Db;
  checklists: ChecklistsService;
  /** Printer settings and approvals of the checklists (decision 066). */
  checklistPrint: ChecklistPrintPort;
  actions: Pick<ActionsModule, 'sources' | 'service'>;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  logo?: () => Promise<Buffer | null>;
  now?: () => Date;
}) {
  const clock = deps.now ? { now: deps.now } : {};
  const mail = createAuditMail({
    repository: auditsRepository,
    settings: deps.settings,
    mail: deps.mail,
    ...clock,
  });
  const service = createAuditsService({
    db: deps.db,
    repository: auditsRepository,
    checklists: deps.checklists,
    actions: deps.actions.service,
    mail,
    ...clock,
  });
  deps.checklists.registerLink('audits', service.linkRule);
  deps.actions.sources.register(AUDIT_ACTION_SOURCE, service.actionSource);

  async function print(actor: Actor, id: number): Promise<{ file: Buffer; fileName: string }> {
    const { audit } = await service.forPrint(actor, id);
    const system = await deps.settings.read(systemSettings, deps.db);
    const findings = await deps.actions.service.designationsOfSource(deps.db, AUDIT_ACTION_SOURCE, id);
    const file = await renderAuditPdf(deps.db, auditsRepository, {
      audit,
      findings,
      companyName: system.companyName,
      printedAt: (deps.now ?? (() => new Date()))(),
      logo: deps.logo ? await deps.logo() : null,
      checklistPrint: deps.checklistPrint,
    });
    return { file, fileName: auditsMessages.printFile(audit.title) };
  }

  return {
    service,
    employeeDeletionGuard: service.employeeDeletionGuard,
    register: (app: FastifyInstance) => app.register(auditsRoutes(service, print), { prefix: '/api' }),
  };
}
