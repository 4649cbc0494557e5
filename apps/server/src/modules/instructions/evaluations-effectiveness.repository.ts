import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { instructionEffectivenessReviews as r } from './effectiveness.table.ts';
import { instructionQuestions, instructionTopics } from './instructions.table.ts';
import { instructionRuns } from './run.table.ts';

/** The queries of the effectiveness review (decision 075); executor first (decision 031), no rules. */

export type EffectivenessTopicRow = {
  id: number;
  label: string;
  identifier: string;
  effectiveness: number;
  version: number;
  reviews: number;
  lastReviewedOn: string | null;
  lastReviewerName: string | null;
  lastAverage: string | number | null;
  lastVerdict: string | null;
};

export type FirstAttemptRow = { topicId: number; questionId: number; answers: number; right: number };

export type ReviewInsert = typeof r.$inferInsert;
export type ReviewRecord = typeof r.$inferSelect;

export const effectivenessRepository = {
  /** The portal's active topics with their review count and last review (latest day, then latest saved). */
  async topics(ex: Executor, portalId: number): Promise<EffectivenessTopicRow[]> {
    return queryRows<EffectivenessTopicRow>(
      ex,
      sql`select t.id, t.label, t.identifier, t.effectiveness, t.version,
            (select count(*)::int from ${r} c where c.topic_id = t.id) as "reviews",
            l.reviewed_on::text as "lastReviewedOn", l.reviewer_name as "lastReviewerName",
            l.average as "lastAverage", l.verdict as "lastVerdict"
          from ${instructionTopics} t
          left join lateral (
            select x.reviewed_on, x.reviewer_name, x.average, x.verdict from ${r} x
            where x.topic_id = t.id order by x.reviewed_on desc, x.id desc limit 1
          ) l on true
          where t.portal_id = ${portalId} and not t.inactive
          order by lower(t.label), t.id`,
    );
  },

  /**
   * Answers given in first attempts of the run-through, per topic and question: a restart clears a run's answers
   * (decision 041), so only runs still in attempt 1 hold first-attempt answers.
   */
  async firstAttempts(ex: Executor, portalId: number, topicId?: number): Promise<FirstAttemptRow[]> {
    return queryRows<FirstAttemptRow>(
      ex,
      sql`select run.topic_id as "topicId", (e->>'questionId')::int as "questionId", count(*)::int as "answers",
            (count(*) filter (where (e->>'right')::boolean))::int as "right"
          from ${instructionRuns} run cross join lateral jsonb_array_elements(run.answers) e
          where run.portal_id = ${portalId} and run.attempt = 1
            ${topicId === undefined ? sql`` : sql`and run.topic_id = ${topicId}`}
          group by 1, 2`,
    );
  },

  async questionTexts(
    ex: Executor,
    topicId: number,
  ): Promise<{ id: number; number: number; text: string }[]> {
    return ex
      .select({
        id: instructionQuestions.id,
        number: instructionQuestions.number,
        text: instructionQuestions.text,
      })
      .from(instructionQuestions)
      .where(eq(instructionQuestions.topicId, topicId))
      .orderBy(instructionQuestions.number, instructionQuestions.id);
  },

  async topic(ex: Executor, portalId: number, topicId: number, lock = false) {
    const query = ex
      .select({
        id: instructionTopics.id,
        label: instructionTopics.label,
        effectiveness: instructionTopics.effectiveness,
        version: instructionTopics.version,
      })
      .from(instructionTopics)
      .where(and(eq(instructionTopics.id, topicId), eq(instructionTopics.portalId, portalId)));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  async reviews(ex: Executor, topicId: number): Promise<ReviewRecord[]> {
    return ex.select().from(r).where(eq(r.topicId, topicId)).orderBy(desc(r.reviewedOn), desc(r.id));
  },

  async insertReview(ex: Executor, values: ReviewInsert): Promise<ReviewRecord> {
    const [row] = await ex.insert(r).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  async employeeName(ex: Executor, employeeId: number): Promise<string> {
    const [row] = await ex
      .select({ name: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}` })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row?.name ?? '';
  },

  /** Sets the topic's effectiveness when `version` matches; false otherwise. */
  async setEffectiveness(ex: Executor, topicId: number, version: number, effectiveness: number) {
    const rows = await ex
      .update(instructionTopics)
      .set({ effectiveness, version: sql`${instructionTopics.version} + 1`, updatedAt: new Date() })
      .where(and(eq(instructionTopics.id, topicId), eq(instructionTopics.version, version)))
      .returning({ id: instructionTopics.id });
    return rows.length === 1;
  },
};

export type EffectivenessRepository = typeof effectivenessRepository;
