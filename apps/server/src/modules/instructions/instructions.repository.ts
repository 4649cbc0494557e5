import type { TopicListQuery, TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { topicListQuerySchema } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { departments } from '#modules/organisation/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { instructionQuestions, instructionTopics, topicSearchText } from './instructions.table.ts';
import { hasScormPackage } from './scorm.repository.ts';

/**
 * Data access of the instructions module (decision 036): topics and their questions. No rules; every function
 * takes the executor first (decision 031).
 */

export type TopicRecord = typeof instructionTopics.$inferSelect;
export type TopicInsert = typeof instructionTopics.$inferInsert;
export type QuestionRecord = typeof instructionQuestions.$inferSelect;
export type QuestionInsert = typeof instructionQuestions.$inferInsert;
export type TopicLinkRecord = { id: number; identifier: string; label: string; released: boolean };

const parentTopic = alias(instructionTopics, 'parent_topic');

export const topicListSource: ListSource = {
  orderBy: {
    identifier: sql`lower(${instructionTopics.identifier})`,
    number: sql`lower(${instructionTopics.number})`,
    label: sql`lower(${instructionTopics.label})`,
    intervalDays: instructionTopics.intervalDays,
    released: instructionTopics.released,
  },
  defaultOrderBy: 'identifier',
  tieBreaker: instructionTopics.id,
  searchText: topicSearchText(instructionTopics),
};

const linkFields = {
  id: instructionTopics.id,
  identifier: instructionTopics.identifier,
  label: instructionTopics.label,
  released: instructionTopics.released,
};

export const instructionsRepository = {
  /** Whether the topic's content is a SCORM package (decision 068). */
  hasScormPackage,

  /**
   * 'update' for a writer of the topic; 'share' for a writer of its assignments: it keeps the topic from changing
   * (inactive, deleted) while letting other assignment writers' foreign-key checks through — 'update' there would
   * deadlock with a concurrent profile or matrix insert waiting on the same unique entries (decision 045).
   */
  async findTopic(ex: Executor, id: number, lock?: 'update' | 'share'): Promise<TopicRecord | undefined> {
    const q = ex.select().from(instructionTopics).where(eq(instructionTopics.id, id));
    const [row] = lock ? await q.for(lock) : await q;
    return row;
  },

  async identifierTaken(
    ex: Executor,
    portalId: number,
    identifier: string,
    exceptId?: number,
  ): Promise<boolean> {
    const rows = await ex
      .select({ id: instructionTopics.id })
      .from(instructionTopics)
      .where(
        and(
          eq(instructionTopics.portalId, portalId),
          sql`lower(${instructionTopics.identifier}) = lower(${identifier})`,
          exceptId === undefined ? undefined : ne(instructionTopics.id, exceptId),
        ),
      );
    return rows.length > 0;
  },

  async departmentName(ex: Executor, departmentId: number, portalId: number): Promise<string | undefined> {
    const [row] = await ex
      .select({ name: departments.name })
      .from(departments)
      .where(and(eq(departments.id, departmentId), eq(departments.portalId, portalId)));
    return row?.name;
  },

  /** The topic's link data (identifier, label, status), for parent and child. */
  async link(ex: Executor, id: number): Promise<TopicLinkRecord | undefined> {
    const [row] = await ex.select(linkFields).from(instructionTopics).where(eq(instructionTopics.id, id));
    return row;
  },

  /** The topic directly below this one in its chain. */
  async child(ex: Executor, parentId: number): Promise<TopicLinkRecord | undefined> {
    const [row] = await ex
      .select(linkFields)
      .from(instructionTopics)
      .where(eq(instructionTopics.parentId, parentId));
    return row;
  },

  /** The ids of the topic and all topics above it in its chain (the topic first). */
  async chainUp(ex: Executor, id: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`with recursive up(id, parent_id, depth) as (
            select id, parent_id, 0 from instruction_topics where id = ${id}
            union all
            select t.id, t.parent_id, up.depth + 1 from instruction_topics t join up on t.id = up.parent_id
            where up.depth < 1000
          )
          select id from up order by depth`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** Whether the portal has any topic (the starter catalogue fills only an empty portal). */
  async portalHasTopics(ex: Executor, portalId: number): Promise<boolean> {
    const [any] = await ex
      .select({ id: instructionTopics.id })
      .from(instructionTopics)
      .where(eq(instructionTopics.portalId, portalId))
      .limit(1);
    return any !== undefined;
  },

  /** A topic of the portal by its identifier, exactly as written (the base data's look-up). */
  async topicByIdentifier(
    ex: Executor,
    portalId: number,
    identifier: string,
  ): Promise<TopicRecord | undefined> {
    const [row] = await ex
      .select()
      .from(instructionTopics)
      .where(and(eq(instructionTopics.portalId, portalId), eq(instructionTopics.identifier, identifier)));
    return row;
  },

  async insertQuestions(ex: Executor, values: QuestionInsert[]): Promise<void> {
    if (values.length > 0) await ex.insert(instructionQuestions).values(values);
  },

  async insertTopic(ex: Executor, values: TopicInsert): Promise<TopicRecord> {
    const [row] = await ex.insert(instructionTopics).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Updates only when `version` matches; false otherwise. */
  async updateTopicVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<TopicInsert>,
  ): Promise<boolean> {
    const rows = await ex
      .update(instructionTopics)
      .set({ ...patch, version: sql`${instructionTopics.version} + 1`, updatedAt: new Date() })
      .where(and(eq(instructionTopics.id, id), eq(instructionTopics.version, version)))
      .returning({ id: instructionTopics.id });
    return rows.length === 1;
  },

  async deleteTopicVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(instructionTopics)
      .where(and(eq(instructionTopics.id, id), eq(instructionTopics.version, version)))
      .returning({ id: instructionTopics.id });
    return rows.length === 1;
  },

  async questions(ex: Executor, topicId: number): Promise<QuestionRecord[]> {
    return ex
      .select()
      .from(instructionQuestions)
      .where(eq(instructionQuestions.topicId, topicId))
      .orderBy(asc(instructionQuestions.number), asc(instructionQuestions.id));
  },

  async findQuestion(ex: Executor, topicId: number, questionId: number): Promise<QuestionRecord | undefined> {
    const [row] = await ex
      .select()
      .from(instructionQuestions)
      .where(and(eq(instructionQuestions.id, questionId), eq(instructionQuestions.topicId, topicId)));
    return row;
  },

  /** How many questions of the topic are mandatory, and how many there are. */
  async questionCounts(ex: Executor, topicId: number): Promise<{ total: number; mandatory: number }> {
    const [row] = await ex
      .select({
        total: countAll,
        mandatory: sql<number>`cast(count(*) filter (where ${instructionQuestions.mandatory}) as integer)`,
      })
      .from(instructionQuestions)
      .where(eq(instructionQuestions.topicId, topicId));
    return { total: row?.total ?? 0, mandatory: row?.mandatory ?? 0 };
  },

  async nextQuestionNumber(ex: Executor, topicId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`cast(coalesce(max(${instructionQuestions.number}), 0) + 1 as integer)` })
      .from(instructionQuestions)
      .where(eq(instructionQuestions.topicId, topicId));
    return row?.n ?? 1;
  },

  async insertQuestion(ex: Executor, values: QuestionInsert): Promise<QuestionRecord> {
    const [row] = await ex.insert(instructionQuestions).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Updates only when `version` matches; the row or undefined. */
  async updateQuestionVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<QuestionInsert>,
  ): Promise<QuestionRecord | undefined> {
    const [row] = await ex
      .update(instructionQuestions)
      .set({ ...patch, version: sql`${instructionQuestions.version} + 1`, updatedAt: new Date() })
      .where(and(eq(instructionQuestions.id, id), eq(instructionQuestions.version, version)))
      .returning();
    return row;
  },

  async deleteQuestionVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(instructionQuestions)
      .where(and(eq(instructionQuestions.id, id), eq(instructionQuestions.version, version)))
      .returning({ id: instructionQuestions.id });
    return rows.length === 1;
  },

  /** The topics of a portal on the list protocol. */
  async list(ex: Executor, portalId: number, input: TopicListQuery) {
    const query = topicListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [eq(instructionTopics.portalId, portalId)];
    if (query.released !== undefined) filters.push(eq(instructionTopics.released, query.released));
    if (query.inactive !== undefined) filters.push(eq(instructionTopics.inactive, query.inactive));
    const plan = planList(topicListSource, query, filters);
    return runList<TopicRow>(plan, {
      rows: (p) =>
        ex
          .select({
            id: instructionTopics.id,
            identifier: instructionTopics.identifier,
            number: instructionTopics.number,
            label: instructionTopics.label,
            intervalDays: instructionTopics.intervalDays,
            mode: instructionTopics.mode,
            released: instructionTopics.released,
            inactive: instructionTopics.inactive,
            questionCount: sql<number>`(select cast(count(*) as integer) from ${instructionQuestions} where ${instructionQuestions.topicId} = ${instructionTopics.id})`,
            parentLabel: parentTopic.label,
          })
          .from(instructionTopics)
          .leftJoin(parentTopic, eq(parentTopic.id, instructionTopics.parentId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, instructionTopics, where),
    });
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type InstructionsRepository = typeof instructionsRepository;
