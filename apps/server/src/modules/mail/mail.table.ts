import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';

/** A file sent with a mail: name, MIME type (with its parameters, e.g. `text/calendar; method=REQUEST`), text. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Mails waiting to be sent, being sent, sent or given up (decision 013). Written inside the caller's
 * transaction (enqueueMail), delivered by processOutbox: claimed with FOR UPDATE SKIP LOCKED, retried
 * with back-off until MAIL_MAX_ATTEMPTS. `claimed_until` lets a mail left in 'sending' by a crashed
 * process be picked up again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the mail (an appointment's iCalendar file, decision 060): text content only. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    purpose: text('purpose').notNull(),
    relatedEmployeeId: integer('related_employee_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('mail_outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.state, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * E-mail templates (E-Mail-Vorlagen): one default per purpose, language and country (country null =
 * any country of the language).
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    language: text('language').notNull(),
    country: text('country'),
    isDefault: boolean('is_default').notNull().default(false),
    sender: text('sender').notNull().default(''),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    uniqueIndex('mail_templates_one_default_uq')
      .on(t.purpose, t.language, sql`coalesce(${t.country}, '')`)
      .where(sql`${t.isDefault}`),
    index('mail_templates_purpose_idx').on(t.purpose, t.language),
  ],
);
