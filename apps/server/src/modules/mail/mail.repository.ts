import type { MailTemplateFields } from '@schutzwerk/shared/mail/mail.schema.ts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { updateVersionedReturning } from '#db/versioned.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type MailAttachment, mailOutbox, mailTemplates } from './mail.table.ts';

export type MailTemplateRow = typeof mailTemplates.$inferSelect;
export type MailTemplateInsert = typeof mailTemplates.$inferInsert;

/** A mail as a processor claimed it for sending. */
export type ClaimedMail = {
  id: number;
  to_address: string;
  from_address: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
};

/** An outbox entry for the administrator's page (bodies left out). */
export type OutboxEntryRow = {
  id: number;
  to: string;
  subject: string;
  purpose: string;
  relatedEmployeeId: number | null;
  state: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * "Due now", at millisecond precision: the claim compares with a JavaScript time (milliseconds), and PostgreSQL's
 * now() carries microseconds — a mail queued in the same millisecond as a run would otherwise wait for the next.
 */
const DUE_NOW = sql`date_trunc('milliseconds', now())`;

const t = mailTemplates;

/**
 * Data access of the mail module (decision 013): the outbox and the e-mail templates, no rules. Each function
 * takes the executor first (the database, or the caller's transaction).
 */
export const mailRepository = {
  // ── outbox ──────────────────────────────────────────────────────────────────────────────────────

  /** Queues a mail, due now; answers its id. */
  async insertOutbox(
    ex: Executor,
    mail: {
      toAddress: string;
      fromAddress: string | null;
      subject: string;
      textBody: string;
      htmlBody: string | null;
      purpose: string;
      relatedEmployeeId: number | null;
      attachments?: MailAttachment[] | null;
    },
  ): Promise<number> {
    const [row] = await ex
      .insert(mailOutbox)
      .values({ ...mail, state: 'queued', nextAttemptAt: DUE_NOW })
      .returning({ id: mailOutbox.id });
    return row!.id;
  },

  /**
   * Claims up to `limit` mails due at `now` (queued and due, or 'sending' with an expired lease) with FOR UPDATE
   * SKIP LOCKED: sets them 'sending' until `claimedUntil` and counts the attempt.
   */
  claimDue(ex: Executor, now: Date, claimedUntil: Date, limit: number): Promise<ClaimedMail[]> {
    return queryRows<ClaimedMail>(
      ex,
      sql`update mail_outbox set state = 'sending', attempts = attempts + 1, claimed_until = ${claimedUntil}
          where id in (
            select id from mail_outbox
            where (state = 'queued' and next_attempt_at <= ${now})
               or (state = 'sending' and claimed_until < ${now})
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
          returning id, to_address, from_address, subject, text_body, html_body, attachments, attempts`,
    );
  },

  /** Hands a claimed mail back untouched: queued again, the attempt not counted. */
  async releaseClaim(ex: Executor, id: number): Promise<void> {
    await ex
      .update(mailOutbox)
      .set({ state: 'queued', attempts: sql`${mailOutbox.attempts} - 1`, claimedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending')));
  },

  async markSent(ex: Executor, id: number, sentAt: Date): Promise<void> {
    await ex
      .update(mailOutbox)
      .set({ state: 'sent', sentAt, claimedUntil: null, nextAttemptAt: null, lastError: null })
      .where(eq(mailOutbox.id, id));
  },

  async markFailed(ex: Executor, id: number, lastError: string): Promise<void> {
    await ex
      .update(mailOutbox)
      .set({ state: 'failed', claimedUntil: null, nextAttemptAt: null, lastError })
      .where(eq(mailOutbox.id, id));
  },

  /** Queues a mail again for its next attempt. */
  async reschedule(ex: Executor, id: number, nextAttemptAt: Date, lastError: string): Promise<void> {
    await ex
      .update(mailOutbox)
      .set({ state: 'queued', claimedUntil: null, nextAttemptAt, lastError })
      .where(eq(mailOutbox.id, id));
  },

  /** The most recent entries (optionally of one state), newest first. */
  listOutbox(ex: Executor, filter: { state?: string | undefined }, limit: number): Promise<OutboxEntryRow[]> {
    const o = mailOutbox;
    return ex
      .select({
        id: o.id,
        to: o.toAddress,
        subject: o.subject,
        purpose: o.purpose,
        relatedEmployeeId: o.relatedEmployeeId,
        state: o.state,
        attempts: o.attempts,
        nextAttemptAt: o.nextAttemptAt,
        lastError: o.lastError,
        createdAt: o.createdAt,
        sentAt: o.sentAt,
      })
      .from(o)
      .where(filter.state ? eq(o.state, filter.state) : undefined)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(limit);
  },

  /** Queues a failed mail again, due now, with a fresh set of attempts; false when no failed mail has the id. */
  async requeueFailed(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex
      .update(mailOutbox)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: DUE_NOW, claimedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'failed')))
      .returning({ id: mailOutbox.id });
    return row !== undefined;
  },

  async outboxEntryExists(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
    return row !== undefined;
  },

  // ── templates ───────────────────────────────────────────────────────────────────────────────────

  /**
   * The best candidate of a purpose for a language and country: exact language and country first, then the
   * language without a country, then any default (German first); within a step the default wins.
   */
  async bestTemplateCandidate(
    ex: Executor,
    query: { purpose: string; language: string; country: string | null },
  ): Promise<MailTemplateRow | undefined> {
    const [row] = await ex
      .select()
      .from(t)
      .where(eq(t.purpose, query.purpose))
      .orderBy(
        sql`case
          when ${t.language} = ${query.language} and ${t.country} is not distinct from ${query.country} then 0
          when ${t.language} = ${query.language} and ${t.country} is null then 1
          when ${t.isDefault} then 2
          else 3 end`,
        sql`${t.isDefault} desc`,
        sql`(${t.language} = 'de') desc`,
        asc(t.id),
      )
      .limit(1);
    return row;
  },

  /** Every template, by purpose, language and country (no country first), the default first. */
  listTemplates(ex: Executor): Promise<MailTemplateRow[]> {
    return ex
      .select()
      .from(t)
      .orderBy(
        asc(t.purpose),
        asc(t.language),
        sql`${t.country} nulls first`,
        sql`${t.isDefault} desc`,
        asc(t.id),
      );
  },

  async findTemplate(ex: Executor, id: number, lock = false): Promise<MailTemplateRow | undefined> {
    const query = ex.select().from(t).where(eq(t.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  /** Whether the purpose has any template (base data). */
  async purposeHasTemplate(ex: Executor, purpose: string): Promise<boolean> {
    const [row] = await ex.select({ id: t.id }).from(t).where(eq(t.purpose, purpose)).limit(1);
    return row !== undefined;
  },

  async insertTemplate(ex: Executor, values: MailTemplateInsert): Promise<MailTemplateRow> {
    const [row] = await ex.insert(t).values(values).returning();
    return row!;
  },

  /** Updates when `version` matches (and bumps it); undefined otherwise. */
  async updateTemplateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: MailTemplateFields & { updatedBy: number | null },
  ): Promise<MailTemplateRow | undefined> {
    return updateVersionedReturning(ex, t, id, version, values);
  },

  async deleteTemplate(ex: Executor, id: number): Promise<void> {
    await ex.delete(t).where(eq(t.id, id));
  },

  /** Takes the default flag from the other templates of the purpose, language and country. */
  async clearOtherDefaults(
    ex: Executor,
    of: Pick<MailTemplateFields, 'purpose' | 'language' | 'country'>,
    exceptId: number | null,
  ): Promise<void> {
    await ex
      .update(t)
      .set({ isDefault: false, version: sql`${t.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(t.purpose, of.purpose),
          eq(t.language, of.language),
          of.country === null ? isNull(t.country) : eq(t.country, of.country),
          eq(t.isDefault, true),
          exceptId === null ? undefined : ne(t.id, exceptId),
        ),
      );
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type MailRepository = typeof mailRepository;
