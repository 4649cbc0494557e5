import {
  type MailValues,
  renderHtml,
  renderSubject,
  renderText,
} from '@schutzwerk/shared/mail/mail-template.ts';
import type { SettingsCategory } from '@schutzwerk/shared/settings/settings.schema.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import { employeesRepository } from './employees.repository.ts';

export type EmailChange = {
  employeeId: number;
  from: string | null | undefined;
  to: string | null | undefined;
  firstName: string;
  lastName: string;
  language?: string | null;
  country?: string | null;
  /** The employee who changed it; null for a change without a person (none exists yet). */
  changedBy: number | null;
  /** How the change was made when it was not the record form, e.g. 'Mitarbeiterimport'. */
  via?: string;
  changedAt?: Date;
};

type RenderedMail = { subject: string; text: string; html: string; sender?: string };

/**
 * What the notice needs of the mail module: its functions, handed over in app.ts (decision 029: employees
 * imports no file of the mail module, which depends on employees through its tables).
 */
export type EmailChangedMail = {
  /** The tenant's template for the purpose; AppError MAIL_TEMPLATE_NOT_FOUND when there is none. */
  renderTemplateMail(
    ex: Executor,
    input: { purpose: 'emailChanged'; language: string; country?: string | null; values: MailValues },
  ): Promise<RenderedMail>;
  /** Queues the mail in the caller's transaction; AppError MAIL_INVALID_RECIPIENT for no address. */
  enqueueMail(
    ex: Executor,
    mail: {
      to: string;
      subject: string;
      text: string;
      html?: string;
      purpose: string;
      relatedEmployeeId?: number;
      from?: string;
    },
  ): Promise<number>;
  /** A time as mails show it. */
  mailDateTime(date: Date): string;
  /** The built-in templates (German), used when the tenant has none for the purpose. */
  defaultTemplates: readonly { purpose: string; subject: string; body: string }[];
};

/** Reads a settings category (the settings module's service, handed over in app.ts). */
export type SettingsReader = {
  read<S extends z.ZodObject>(category: SettingsCategory<S>, ex?: Executor): Promise<z.output<S>>;
};

export type EmailChangedDeps = { mail: EmailChangedMail; settings?: SettingsReader | undefined };

/**
 * The new address as the old one is told it (decision 023): the first character of the local part and the
 * domain — enough to recognise one's own change or a foreign domain, not enough to write to it.
 */
export function maskEmail(address: string | null | undefined): string {
  const value = address?.trim() ?? '';
  if (!value) return '(keine)';
  const at = value.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${value[0]}•••${value.slice(at)}`;
}

const normalise = (address: string | null | undefined) => address?.trim().toLowerCase() ?? '';

/**
 * When an employee's e-mail address changes, the old address is told (who, when, the new address masked),
 * queued in the caller's transaction so the mail exists exactly when the change is committed. An empty or
 * unusable old address gets nothing; a change of case only is no change. Without a template for the purpose
 * the built-in German default is used, so the change itself never fails for want of a template.
 */
export async function notifyEmailChanged(
  ex: Executor,
  change: EmailChange,
  deps: EmailChangedDeps,
): Promise<number | null> {
  const old = change.from?.trim() ?? '';
  if (!old || normalise(change.from) === normalise(change.to)) return null;
  let changedBy = 'Unbekannt';
  if (change.changedBy !== null) {
    const who = await employeesRepository.nameOf(ex, change.changedBy);
    if (who) changedBy = `${who.firstName} ${who.lastName}`.trim();
  }
  if (change.via) changedBy = `${changedBy} (${change.via})`;
  const system = deps.settings ? await deps.settings.read(systemSettings, ex) : null;
  const values = {
    firstName: change.firstName,
    lastName: change.lastName,
    changedBy,
    changedAt: deps.mail.mailDateTime(change.changedAt ?? new Date()),
    maskedEmail: maskEmail(change.to),
    company: system?.companyName ?? '',
    url: system?.applicationUrl ?? '',
  };
  let rendered: RenderedMail;
  try {
    rendered = await deps.mail.renderTemplateMail(ex, {
      purpose: 'emailChanged',
      language: change.language || 'de-DE',
      country: change.country ?? null,
      values,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'MAIL_TEMPLATE_NOT_FOUND') throw error;
    const builtIn = deps.mail.defaultTemplates.find((t) => t.purpose === 'emailChanged')!;
    rendered = {
      subject: renderSubject(builtIn.subject, values),
      text: renderText(builtIn.body, values),
      html: renderHtml(builtIn.body, values),
    };
  }
  try {
    return await deps.mail.enqueueMail(ex, {
      to: old,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose: 'emailChanged',
      relatedEmployeeId: change.employeeId,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  } catch (error) {
    // An old value that is no address (legacy data) cannot be written to.
    if (error instanceof AppError && error.code === 'MAIL_INVALID_RECIPIENT') return null;
    throw error;
  }
}
