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
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { mailTemplates } from './mail.table.ts';

type Row = typeof mailTemplates.$inferSelect;

function toDto(row: Row): MailTemplate {
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
): Promise<Row | null> {
  const t = mailTemplates;
  const country = query.country ?? null;
  const rows = await ex
    .select()
    .from(t)
    .where(eq(t.purpose, query.purpose))
    .orderBy(
      // step 1: exact language and country; step 2: the language without a country; step 3: any default
      sql`case
        when ${t.language} = ${query.language} and ${t.country} is not distinct from ${country} then 0
        when ${t.language} = ${query.language} and ${t.country} is null then 1
        when ${t.isDefault} then 2
        else 3 end`,
      sql`${t.isDefault} desc`,
      sql`(${t.language} = 'de') desc`,
      asc(t.id),
    )
    .limit(1);
  const row = rows[0];
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
export function createMailTemplatesService(deps: { db: Db }) {
  const t = mailTemplates;

  const assertCanEdit = (actor: Actor) => {
    if (!actorHasAny(actor, P.MAIL_TEMPLATES)) throw new AppError('NO_PERMISSION');
    if (!actor.isMainPortal) throw new AppError('SETTINGS_MAIN_PORTAL_ONLY');
  };

  /** Only one default per purpose, language and country: setting one clears the others. */
  async function clearOtherDefaults(tx: Executor, fields: MailTemplateFields, exceptId: number | null) {
    await tx
      .update(t)
      .set({ isDefault: false, version: sql`${t.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(t.purpose, fields.purpose),
          eq(t.language, fields.language),
          fields.country === null ? isNull(t.country) : eq(t.country, fields.country),
          eq(t.isDefault, true),
          exceptId === null ? undefined : ne(t.id, exceptId),
        ),
      );
  }

  const normalise = (f: MailTemplateFields): MailTemplateFields => ({
    ...f,
    country: f.country === '' ? null : f.country,
  });

  return {
    async list(): Promise<MailTemplate[]> {
      const rows = await deps.db
        .select()
        .from(t)
        .orderBy(
          asc(t.purpose),
          asc(t.language),
          sql`${t.country} nulls first`,
          sql`${t.isDefault} desc`,
          asc(t.id),
        );
      return rows.map(toDto);
    },

    async get(id: number): Promise<MailTemplate> {
      const [row] = await deps.db.select().from(t).where(eq(t.id, id));
      if (!row) throw new AppError('NOT_FOUND');
      return toDto(row);
    },

    async create(actor: Actor, input: MailTemplateFields): Promise<MailTemplate> {
      assertCanEdit(actor);
      const fields = normalise(input);
      return deps.db.transaction(async (tx) => {
        if (fields.isDefault) await clearOtherDefaults(tx, fields, null);
        const [row] = await tx
          .insert(t)
          .values({ ...fields, updatedBy: actor.employeeId })
          .returning();
        await recordChange(tx, {
          entity: 'mail_template',
          entityId: row!.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
        });
        return toDto(row!);
      });
    },

    async update(actor: Actor, id: number, input: UpdateMailTemplate): Promise<MailTemplate> {
      assertCanEdit(actor);
      const { version, ...rest } = input;
      const fields = normalise(rest);
      return deps.db.transaction(async (tx) => {
        const [before] = await tx.select().from(t).where(eq(t.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (fields.isDefault) await clearOtherDefaults(tx, fields, id);
        const [row] = await tx
          .update(t)
          .set({
            ...fields,
            version: sql`${t.version} + 1`,
            updatedAt: new Date(),
            updatedBy: actor.employeeId,
          })
          .where(and(eq(t.id, id), eq(t.version, version)))
          .returning();
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
          await recordChange(tx, {
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
        const [before] = await tx.select().from(t).where(eq(t.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        await tx.delete(t).where(eq(t.id, id));
        await recordChange(tx, {
          entity: 'mail_template',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
  };
}
