import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { accidentFiledMail } from './accident-mail.ts';
import { createAccidentStatistics } from './accident-statistics.ts';
import { accidentsRepository } from './accidents.repository.ts';
import { accidentsRoutes } from './accidents.routes.ts';
import { createAccidentsService } from './accidents.service.ts';
import { createFirstAidService } from './first-aid.service.ts';
import { firstAidRetentionJob } from './first-aid-retention.ts';

/** Accident reports and the first-aid book, first slice (decisions 047, 048). */
export function accidentsModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  /** The report engine's logo for the notice PDF's frame. */
  logo?: () => Promise<Buffer | null>;
  now?: () => Date;
}) {
  const clock = deps.now ? { now: deps.now } : {};
  const service = createAccidentsService({
    db: deps.db,
    repository: accidentsRepository,
    onFiled: [
      accidentFiledMail({ repository: accidentsRepository, settings: deps.settings, mail: deps.mail }),
    ],
    settings: deps.settings,
    ...(deps.logo ? { logo: deps.logo } : {}),
    ...clock,
  });
  const statistics = createAccidentStatistics({ db: deps.db });
  const firstAid = createFirstAidService({ db: deps.db, repository: accidentsRepository, ...clock });
  return {
    service,
    firstAid,
    /** The retention of the first-aid book (decision 051). */
    jobs: [firstAidRetentionJob],
    async register(app: FastifyInstance) {
      await app.register(accidentsRoutes(service, firstAid, statistics), { prefix: '/api' });
    },
  };
}
