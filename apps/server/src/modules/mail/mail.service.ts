import type { MailSendResult } from '@schutzwerk/shared/mail/mail.schema.ts';
import { mailSettings } from '@schutzwerk/shared/settings/mail.settings.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { renderTemplateMail } from './mail-templates.ts';
import type { SmtpSettings } from './transport.ts';
import { deliver, outcomeMessage } from './transport.ts';

export type MailService = ReturnType<typeof createMailService>;

/** Test mail: rendered from the 'testMail' template (a fixed text if there is none), sent directly. */
export function createMailService(deps: { db: Db; settings: Pick<SettingsService, 'read'> }) {
  const readSmtp = (): Promise<SmtpSettings> => deps.settings.read(mailSettings);

  return {
    readSmtp,

    async sendTestMail(_actor: Actor, to: string): Promise<MailSendResult> {
      const smtp = await readSmtp();
      const system = await deps.settings.read(systemSettings);
      let mail: { subject: string; text: string; html?: string; sender?: string };
      try {
        mail = await renderTemplateMail(deps.db, {
          purpose: 'testMail',
          language: 'de',
          values: { company: system.companyName || 'Schutzwerk', url: system.applicationUrl },
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'MAIL_TEMPLATE_NOT_FOUND') throw error;
        mail = {
          subject: 'Testmail von Schutzwerk',
          text: 'Dies ist eine Testmail von Schutzwerk. Die Mail-Einstellungen sind richtig.',
        };
      }
      const outcome = await deliver(smtp, {
        to,
        from: mail.sender ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
      return {
        code: outcome.code,
        message: outcomeMessage(outcome.code),
        serverResponse: outcome.response || null,
      };
    },
  };
}
