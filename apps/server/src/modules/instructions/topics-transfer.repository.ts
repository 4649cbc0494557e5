import type {
  QuestionOverviewQuery,
  QuestionOverviewRow,
} from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { questionOverviewQuerySchema } from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { departments } from '#modules/organisation/tables.ts';
import { escapeLike, type ListSource, planList, runList, searchWords } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { instructionQuestions, instructionTopics, topicSearchText } from './instructions.table.ts';

/** The SQL of the topics' export and import (decision 043). No rules. */

const parentTopic = alias(instructionTopics, 'parent_topic');

export type ExportTopicRow = typeof instructionTopics.$inferSelect & {
  departmentName: string | null;
  parentIdentifier: string | null;
};
export type QuestionRow = typeof instructionQuestions.$inferSelect;
export type TopicChainRow = { id: number; identifier: string; parentId: number | null; released: boolean };

/** The question overview: sorted by topic and number, or by text; searched over text, topic identifier and label. */
const questionListSource: ListSource = {
  orderBy: {
    topic: [sql`lower(${instructionTopics.identifier})`, instructionQuestions.number],
    text: sql`lower(${instructionQuestions.text})`,
    mandatory: [instructionQuestions.mandatory, sql`lower(${instructionTopics.identifier})`],
  },
  defaultOrderBy: 'topic',
  tieBreaker: instructionQuestions.id,
  searchText: sql`lower(${instructionQuestions.text} || ' ' || ${instructionTopics.identifier} || ' ' || ${instructionTopics.label})`,
};

export const topicsTransferRepository = {
  /** Every question of the portal's topics on the list protocol (the question overview). */
  async questionList(ex: Executor, portalId: number, input: QuestionOverviewQuery) {
    const query = questionOverviewQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [eq(instructionTopics.portalId, portalId)];
    if (query.mandatory !== undefined) filters.push(eq(instructionQuestions.mandatory, query.mandatory));
    if (query.released !== undefined) filters.push(eq(instructionTopics.released, query.released));
    const plan = planList(questionListSource, query, filters);
    return runList<QuestionOverviewRow>(plan, {
      rows: (p) =>
        ex
          .select({
            id: instructionQuestions.id,
            topicId: instructionTopics.id,
            topicIdentifier: instructionTopics.identifier,
            topicLabel: instructionTopics.label,
            topicReleased: instructionTopics.released,
            number: instructionQuestions.number,
            text: instructionQuestions.text,
            mandatory: instructionQuestions.mandatory,
            answerCount: sql<number>`jsonb_array_length(${instructionQuestions.answers})`,
            rightCount: sql<number>`(select cast(count(*) as integer) from jsonb_array_elements(${instructionQuestions.answers}) a where (a ->> 'right')::boolean)`,
          })
          .from(instructionQuestions)
          .innerJoin(instructionTopics, eq(instructionTopics.id, instructionQuestions.topicId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(instructionQuestions)
            .innerJoin(instructionTopics, eq(instructionTopics.id, instructionQuestions.topicId))
            .where(where),
        ),
    });
  },

  /** The topics of the portal for this search and filters (the list's), by identifier, with their questions. */
  async forExport(
    ex: Executor,
    portalId: number,
    query: { search?: string | undefined; released?: boolean | undefined; inactive?: boolean | undefined },
  ): Promise<{ topics: ExportTopicRow[]; questions: QuestionRow[] }> {
    const filters: (SQL | undefined)[] = [eq(instructionTopics.portalId, portalId)];
    if (query.released !== undefined) filters.push(eq(instructionTopics.released, query.released));
    if (query.inactive !== undefined) filters.push(eq(instructionTopics.inactive, query.inactive));
    for (const word of query.search ? searchWords(query.search) : [])
      filters.push(sql`${topicSearchText(instructionTopics)} ILIKE ${`%${escapeLike(word.toLowerCase())}%`}`);
    const rows = await ex
      .select({
        topic: instructionTopics,
        departmentName: departments.name,
        parentIdentifier: parentTopic.identifier,
      })
      .from(instructionTopics)
      .leftJoin(departments, eq(departments.id, instructionTopics.departmentId))
      .leftJoin(parentTopic, eq(parentTopic.id, instructionTopics.parentId))
      .where(and(...filters))
      .orderBy(sql`lower(${instructionTopics.identifier})`, asc(instructionTopics.id));
    const topics = rows.map((r) => ({
      ...r.topic,
      departmentName: r.departmentName,
      parentIdentifier: r.parentIdentifier,
    }));
    const questions = await this.questionsOf(
      ex,
      topics.map((t) => t.id),
    );
    return { topics, questions };
  },

  async questionsOf(ex: Executor, topicIds: number[]): Promise<QuestionRow[]> {
    if (topicIds.length === 0) return [];
    return ex
      .select()
      .from(instructionQuestions)
      .where(inArray(instructionQuestions.topicId, topicIds))
      .orderBy(asc(instructionQuestions.topicId), asc(instructionQuestions.number));
  },

  /** The portal's topics that carry one of these identifiers (compared in lower case). */
  async topicsByIdentifiers(
    ex: Executor,
    portalId: number,
    identifiers: string[],
  ): Promise<(typeof instructionTopics.$inferSelect)[]> {
    if (identifiers.length === 0) return [];
    return ex
      .select()
      .from(instructionTopics)
      .where(
        and(
          eq(instructionTopics.portalId, portalId),
          inArray(
            sql`lower(${instructionTopics.identifier})`,
            identifiers.map((i) => i.toLowerCase()),
          ),
        ),
      );
  },

  /** Every topic of the portal with its chain link: the import checks the chains it would make. */
  async chains(ex: Executor, portalId: number): Promise<TopicChainRow[]> {
    return ex
      .select({
        id: instructionTopics.id,
        identifier: instructionTopics.identifier,
        parentId: instructionTopics.parentId,
        released: instructionTopics.released,
      })
      .from(instructionTopics)
      .where(eq(instructionTopics.portalId, portalId));
  },

  /** The portal's departments by name (lower case); a name used twice maps to null (ambiguous). */
  async departmentsByName(ex: Executor, portalId: number): Promise<Map<string, number | null>> {
    const rows = await ex
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.portalId, portalId));
    const map = new Map<string, number | null>();
    for (const r of rows) {
      const key = r.name.trim().toLowerCase();
      map.set(key, map.has(key) ? null : r.id);
    }
    return map;
  },

  /** Sets the chain link of a topic (the topic's version moves on). */
  async setParent(ex: Executor, id: number, parentId: number | null): Promise<void> {
    await ex
      .update(instructionTopics)
      .set({ parentId, version: sql`${instructionTopics.version} + 1`, updatedAt: new Date() })
      .where(eq(instructionTopics.id, id));
  },

  /** Overwrites a question's content from the file (its version moves on). */
  async updateQuestion(
    ex: Executor,
    id: number,
    patch: Partial<typeof instructionQuestions.$inferInsert>,
  ): Promise<void> {
    await ex
      .update(instructionQuestions)
      .set({ ...patch, version: sql`${instructionQuestions.version} + 1`, updatedAt: new Date() })
      .where(eq(instructionQuestions.id, id));
  },
};

export type TopicsTransferRepository = typeof topicsTransferRepository;
