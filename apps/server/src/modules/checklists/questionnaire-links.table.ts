import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { questionnaires } from './questionnaires.table.ts';

/**
 * Collection links (decision 067): a segment of a questionnaire (the collection it asks) sent to a person.
 * `status` holds the spec's numbers: 0 sent, 1 opened, 2 in progress, 3 rejected, 4 done; each step keeps
 * its time. Closed to reports (decision 015): it names people and why they refused.
 */
export const questionnaireLinks = pgTable(
  'questionnaire_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    segmentKey: integer('segment_key').notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    sentBy: integer('sent_by').references(() => employees.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason').notNull().default(''),
    ...versioned,
  },
  (t) => [
    index('questionnaire_links_questionnaire').on(t.questionnaireId, t.segmentKey),
    index('questionnaire_links_recipient').on(t.recipientId, t.status),
  ],
);
