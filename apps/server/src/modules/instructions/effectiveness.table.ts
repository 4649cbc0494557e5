import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { instructionTopics } from './instructions.table.ts';

/**
 * Effectiveness reviews of instruction topics (Wirksamkeitsprüfung, decision 075): one row per review, never
 * edited. `criteria` are the questions as rated (the portal's criteria may change later), `ratings` one step of
 * the evaluation scale each (1 sehr gut … 5 sehr schlecht), `average` their mean; `verdict` is the reviewer's
 * choice and set the topic's effectiveness. The reviewer's name is kept for the history when the employee is
 * deleted (`reviewer_id` set null). Personal data (the reviewer): scoped by `portal_id` in the report sandbox.
 */
export const instructionEffectivenessReviews = pgTable(
  'instruction_effectiveness_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    topicId: integer('topic_id')
      .notNull()
      .references(() => instructionTopics.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => employees.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    reviewedOn: date('reviewed_on', { mode: 'string' }).notNull(),
    criteria: jsonb('criteria').$type<string[]>().notNull(),
    ratings: jsonb('ratings').$type<number[]>().notNull(),
    average: numeric('average', { precision: 3, scale: 2, mode: 'number' }).notNull(),
    verdict: text('verdict').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('instruction_effectiveness_reviews_topic').on(t.topicId, t.reviewedOn),
    check('instruction_effectiveness_reviews_verdict', sql`${t.verdict} in ('effective', 'notEffective')`),
    check('instruction_effectiveness_reviews_average', sql`${t.average} between 1 and 5`),
  ],
);
