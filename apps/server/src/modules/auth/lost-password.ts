import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { Executor } from '#db/client.ts';
import { enqueueMail, mailDateTime, renderTemplateMail } from '#modules/mail/index.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { AppError } from '#platform/errors.ts';
import { authRepository } from './auth.repository.ts';

/** Spec modules.md §9: a generated password is valid for 2 hours. */
export const GENERATED_PASSWORD_VALIDITY_MS = 2 * 60 * 60 * 1000;

export type LostPasswordMail = {
  employeeId: number;
  to: string;
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  validUntil: Date;
  /** The employee's language and country choose the template (default template otherwise). */
  language?: string | null;
  country?: string | null;
};

/** The German mail text; placeholders {firstName} {lastName} {username} {password} {validUntil} {url}. */
export const LOST_PASSWORD_MAIL = {
  subject: 'Ihr neues Passwort für Schutzwerk',
  text: [
    'Guten Tag {firstName} {lastName},',
    '',
    'für Ihren Benutzernamen {username} wurde ein neues Passwort angefordert:',
    '',
    '    {password}',
    '',
    'Das Passwort gilt bis {validUntil} Uhr. Bitte melden Sie sich damit unter {url} an; danach werden Sie',
    'gebeten, ein eigenes Passwort zu vergeben. Ihr bisheriges Passwort bleibt gültig, bis Sie sich mit dem',
    'neuen Passwort angemeldet haben.',
    '',
    'Wenn Sie kein neues Passwort angefordert haben, können Sie diese Nachricht ignorieren.',
  ].join('\n'),
};

export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Writes the lost-password mail into the mail outbox (in the caller's transaction, so the generated
 * password and its mail are stored together or not at all). The text comes from the e-mail template for
 * "Passwort vergessen" in the employee's language (falling back to the default template); should no
 * template exist at all (0x803), the built-in German text is sent and the gap is logged.
 */
export async function sendLostPasswordMail(
  ex: Executor,
  mail: LostPasswordMail,
  deps: { settings: Pick<SettingsService, 'read'>; log?: { warn(obj: object, message: string): void } },
): Promise<number> {
  const system = await deps.settings.read(systemSettings, ex);
  const values = {
    firstName: mail.firstName,
    lastName: mail.lastName,
    username: mail.username,
    password: mail.password,
    validUntil: mailDateTime(mail.validUntil),
    url: system.applicationUrl || 'der gewohnten Adresse',
    company: system.companyName,
  };
  try {
    const rendered = await renderTemplateMail(ex, {
      purpose: 'lostPassword',
      language: mail.language || 'de-DE',
      country: mail.country ?? null,
      values,
    });
    return await enqueueMail(ex, {
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose: 'lostPassword',
      relatedEmployeeId: mail.employeeId,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'MAIL_TEMPLATE_NOT_FOUND') throw error;
    deps.log?.warn(
      { event: 'lostPassword', employeeId: mail.employeeId },
      'Lost password: no e-mail template (0x803), sent the built-in text',
    );
    return enqueueMail(ex, {
      to: mail.to,
      subject: LOST_PASSWORD_MAIL.subject,
      text: fillPlaceholders(LOST_PASSWORD_MAIL.text, values),
      purpose: 'lostPassword',
      relatedEmployeeId: mail.employeeId,
    });
  }
}

/**
 * Work done after the answer has been sent: "Passwort vergessen?" answers before it looks the account up,
 * so neither the answer nor its timing can tell whether the account exists or has an address (decision
 * 027). The work starts on a later turn of the event loop (never before the handler has returned); every
 * piece stays tracked until it has ended, so `drain()` waits for it — tests before they read the outbox,
 * and the app's close before the database goes. A failing piece is handed to `onError`, never thrown.
 */
export function createDeferredWork() {
  const pending = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>, onError: (error: unknown) => void): void {
      const piece: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch(onError)
        .finally(() => pending.delete(piece));
      pending.add(piece);
    },
    /** Resolves once no work is pending (including work started while draining). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    get pending(): number {
      return pending.size;
    },
  };
}

/**
 * The scheduled clean-up of expired generated passwords (task 'Abgelaufene generierte Passwörter
 * löschen', hourly): deletes password_resets rows whose validity has ended.
 */
export const expiredPasswordsJob: JobDefinition = {
  key: 'expired-generated-passwords',
  name: 'Abgelaufene generierte Passwörter löschen',
  description: 'Löscht Passwörter aus „Passwort vergessen?“, deren Gültigkeit (2 Stunden) abgelaufen ist.',
  defaultSchedule: { kind: 'interval', seconds: 3600 },
  async run(ctx) {
    const removed = await authRepository.deleteExpiredResets(ctx.db, ctx.now);
    return {
      summary:
        removed === 1 ? '1 abgelaufenes Passwort gelöscht.' : `${removed} abgelaufene Passwörter gelöscht.`,
    };
  },
};
