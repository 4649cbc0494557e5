import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { createAccidentLinks } from './accident-links.ts';
import { accidentFiledMail, accidentStatusMail } from './accident-mail.ts';
import { accidentReadLogRoutes } from './accident-read-log.routes.ts';
import { createAccidentReadLog } from './accident-read-log.ts';
import { staffSnapshotJob } from './accident-staff-history.ts';
import { createAccidentStatistics } from './accident-statistics.ts';
import { accidentsRepository } from './accidents.repository.ts';
import { accidentsRoutes } from './accidents.routes.ts';
import { type AccidentChecklists, createAccidentsService } from './accidents.service.ts';
import { createFirstAidService } from './first-aid.service.ts';
import { firstAidRetentionJob } from './first-aid-retention.ts';
import { createInjuryCategoriesService } from './injury-categories.service.ts';

/** Accident reports and the first-aid book, first slice (decisions 047, 048). */
export function accidentsModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  /** The report engine's logo for the notice PDF's frame. */
  logo?: () => Promise<Buffer | null>;
  /** The checklists' link port for the checklist of step 6 (decision 056). */
  checklists?: AccidentChecklists;
  now?: () => Date;
}) {
  const clock = deps.now ? { now: deps.now } : {};
  const mailDeps = { repository: accidentsRepository, settings: deps.settings, mail: deps.mail };
  const service = createAccidentsService({
    db: deps.db,
    repository: accidentsRepository,
    onFiled: [accidentFiledMail(mailDeps)],
    // Every status change mails the same recipients (decision 071).
    onStatusChanged: [accidentStatusMail(mailDeps)],
    settings: deps.settings,
    ...(deps.logo ? { logo: deps.logo } : {}),
    ...(deps.checklists ? { checklists: deps.checklists } : {}),
    ...clock,
  });
  const injuryCategories = createInjuryCategoriesService({ db: deps.db, repository: accidentsRepository });
  // What hangs on a report: investigation measures (action source) and its checklist (link rule), decision 056.
  const links = createAccidentLinks(accidentsRepository);
  const statistics = createAccidentStatistics({ db: deps.db });
  const readLog = createAccidentReadLog({ db: deps.db, service });
  const firstAid = createFirstAidService({ db: deps.db, repository: accidentsRepository, ...clock });
  return {
    service,
    firstAid,
    /** Register with actionsModule(…).sources under ACCIDENT_ACTION_SOURCE (investigation measures). */
    actionSource: links.actionSource,
    /** Register with the checklists' service as link 'accidents'. */
    checklistLink: links.checklistLink,
    /** The retention of the first-aid book (decision 051); the staff history of the quota (decision 062). */
    jobs: [firstAidRetentionJob, staffSnapshotJob],
    async register(app: FastifyInstance) {
      await app.register(accidentsRoutes(service, firstAid, statistics, injuryCategories), {
        prefix: '/api',
      });
      await app.register(accidentReadLogRoutes(readLog), { prefix: '/api' });
    },
  };
}
