import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { mailRepository } from './mail.repository.ts';
import { mailRoutes } from './mail.routes.ts';
import { createMailService } from './mail.service.ts';
import { createMailTemplatesService } from './mail-templates.ts';
import { createMailOutboxJob, processOutbox } from './outbox.ts';

/**
 * Mail: SMTP settings (category `mail`), test mail, outbox with its scheduler job, e-mail templates.
 * Other modules use `enqueueMail` (outbox.ts) and `renderTemplateMail` (mail-templates.ts) directly.
 */
export function mailModule(deps: { db: Db; settings: Pick<SettingsService, 'read' | 'readWithSecrets'> }) {
  const service = createMailService(deps);
  const templates = createMailTemplatesService({ db: deps.db, repository: mailRepository });
  const mailOutboxJob = createMailOutboxJob(service.readSmtp);
  return {
    service,
    templates,
    /** The scheduler job definition that delivers the outbox (key 'mail-outbox'). */
    mailOutboxJob,
    jobs: [mailOutboxJob],
    /** Delivers the due mails now (tests, or a caller that does not wait for the scheduler). */
    processOutbox: (options: { now?: Date; limit?: number } = {}) =>
      processOutbox({ db: deps.db, readSettings: service.readSmtp, ...options }),
    register: (app: FastifyInstance) =>
      app.register(mailRoutes({ db: deps.db, service, templates }), { prefix: '/api' }),
  };
}
