import type { MailSendResult } from '@schutzwerk/shared/mail/mail.schema.ts';
import { mailSettings } from '@schutzwerk/shared/settings/mail.settings.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { renderTemplateMail } from './mail-templates.ts';
import type { SmtpSettings } from './transport.ts';
import { deliver, outcomeMessage } from './transport.ts';

export type MailService = ReturnType<typeof createMailService>;

/**
 * The saved SMTP settings as the transport takes them: the stored password comes with what it was
 * entered for, and the transport uses it only with exactly those values (decision 025).
 */
export async function readSmtpSettings(
  settings: Pick<SettingsService, 'readWithSecrets'>,
): Promise<SmtpSettings> {
  const { value, secrets } = await settings.readWithSecrets(mailSettings);
  return { ...value, password: secrets.password ?? null };
}

/**
 * Test mail: rendered from the 'testMail' template (a fixed text if there is none), sent directly with
 * the saved settings only — never with host, port or user from the request, so the stored password
 * cannot be pointed at another server.
 */
export function createMailService(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read' | 'readWithSecrets'>;
}) {
  const readSmtp = (): Promise<SmtpSettings> => readSmtpSettings(deps.settings);

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
        outcome: outcome.outcome,
        message: outcomeMessage(outcome.outcome),
        serverResponse: outcome.response || null,
      };
    },
  };
}
