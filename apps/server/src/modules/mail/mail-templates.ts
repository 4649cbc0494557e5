import type {
  MailTemplate,
  MailTemplateFields,
  UpdateMailTemplate,
} from '@schutzwerk/shared/mail/mail.schema.ts';
import {
  type MailPurpose,
  type MailValues,
  renderHtml,
  renderSubject,
  renderText,
} from '@schutzwerk/shared/mail/mail-template.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { type MailRepository, type MailTemplateRow, mailRepository } from './mail.repository.ts';

function toDto(row: MailTemplateRow): MailTemplate {
  return {
    id: row.id,
    purpose: row.purpose as MailPurpose,
    language: row.language,
    country: row.country,
    isDefault: row.isDefault,
    sender: row.sender,
    subject: row.subject,
    body: row.body,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The template for a mail: purpose + language + country, then purpose + language (any country), then the
 * purpose's default in any language (German first). Within a step the default wins. Null when the
 * purpose has no template at all.
 */
export async function chooseTemplate(
  ex: Executor,
  query: { purpose: string; language: string; country?: string | null },
): Promise<MailTemplateRow | null> {
  const country = query.country ?? null;
  const row = await mailRepository.bestTemplateCandidate(ex, { ...query, country });
  if (!row) return null;
  // A template of another language is only taken as the purpose's default.
  const matchesLanguage =
    row.language === query.language && (row.country === country || row.country === null);
  return matchesLanguage || row.isDefault ? row : null;
}

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A time as mails show it: dd.mm.yy HH:mm in Germany. */
export function mailDateTime(date: Date): string {
  return berlinDateTime.format(date).replace(',', '');
}

export type RenderedMail = { subject: string; text: string; html: string; sender?: string };

/**
 * Renders the mail for a purpose with the chosen template. Throws AppError MAIL_TEMPLATE_NOT_FOUND (0x803)
 * when there is none; callers report that code in their result. Use together with enqueueMail.
 */
export async function renderTemplateMail(
  ex: Executor,
  input: { purpose: MailPurpose; language: string; country?: string | null; values: MailValues },
): Promise<RenderedMail> {
  const template = await chooseTemplate(ex, input);
  if (!template) throw new AppError('MAIL_TEMPLATE_NOT_FOUND');
  return {
    subject: renderSubject(template.subject, input.values),
    text: renderText(template.body, input.values),
    html: renderHtml(template.body, input.values),
    ...(template.sender ? { sender: template.sender } : {}),
  };
}

export type MailTemplatesService = ReturnType<typeof createMailTemplatesService>;

/** Listing and editing templates (MAIL_TEMPLATES to change; main portal only, like the settings). */
export function createMailTemplatesService(deps: { db: Db; repository: MailRepository }) {
  const { repository } = deps;

  const assertCanEdit = (actor: Actor) => {
    if (!actorHasAny(actor, P.MAIL_TEMPLATES)) throw new AppError('NO_PERMISSION');
    if (!actor.isMainPortal) throw new AppError('SETTINGS_MAIN_PORTAL_ONLY');
  };

  const normalise = (f: MailTemplateFields): MailTemplateFields => ({
    ...f,
    country: f.country === '' ? null : f.country,
  });

  return {
    async list(): Promise<MailTemplate[]> {
      const rows = await repository.listTemplates(deps.db);
      return rows.map(toDto);
    },

    async get(id: number): Promise<MailTemplate> {
      const row = await repository.findTemplate(deps.db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return toDto(row);
    },

    async create(actor: Actor, input: MailTemplateFields): Promise<MailTemplate> {
      assertCanEdit(actor);
      const fields = normalise(input);
      return deps.db.transaction(async (tx) => {
        // Only one default per purpose, language and country: setting one clears the others.
        if (fields.isDefault) await repository.clearOtherDefaults(tx, fields, null);
        const row = await repository.insertTemplate(tx, { ...fields, updatedBy: actor.employeeId });
        await repository.logChange(tx, {
          entity: 'mail_template',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
        });
        return toDto(row);
      });
    },

    async update(actor: Actor, id: number, input: UpdateMailTemplate): Promise<MailTemplate> {
      assertCanEdit(actor);
      const { version, ...rest } = input;
      const fields = normalise(rest);
      return deps.db.transaction(async (tx) => {
        const before = await repository.findTemplate(tx, id, true);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (fields.isDefault) await repository.clearOtherDefaults(tx, fields, id);
        const row = await repository.updateTemplateVersioned(tx, id, version, {
          ...fields,
          updatedBy: actor.employeeId,
        });
        if (!row) throw new AppError('CONFLICT');
        const changes = diffFields(before as Record<string, unknown>, fields, [
          'purpose',
          'language',
          'country',
          'isDefault',
          'sender',
          'subject',
          'body',
        ]);
        if (Object.keys(changes).length > 0)
          await repository.logChange(tx, {
            entity: 'mail_template',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes,
          });
        return toDto(row);
      });
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      assertCanEdit(actor);
      await deps.db.transaction(async (tx) => {
        const before = await repository.findTemplate(tx, id, true);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        await repository.deleteTemplate(tx, id);
        await repository.logChange(tx, {
          entity: 'mail_template',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
  };
}
