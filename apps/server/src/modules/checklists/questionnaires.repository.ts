import type {
  CollectionRow,
  QuestionnaireRow,
  QuestionnaireTypeRow,
  Segment,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { hazardBricks } from '#modules/hazard-bricks/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { checklists } from './checklists.table.ts';
import {
  checklistCollectionItems,
  checklistCollections,
  questionnaireComments,
  questionnaireEntries,
  questionnaires,
  questionnaireTypes,
} from './questionnaires.table.ts';

export type CollectionRecord = typeof checklistCollections.$inferSelect;
export type TypeRecord = typeof questionnaireTypes.$inferSelect;
export type QuestionnaireRecord = typeof questionnaires.$inferSelect;
export type EntryRecord = typeof questionnaireEntries.$inferSelect;
type ListQueryOf = Parameters<typeof planList>[1];

const collectionSource: ListSource<'label' | 'module'> = {
  orderBy: { label: sql`lower(${checklistCollections.label})`, module: checklistCollections.module },
  defaultOrderBy: 'label',
  tieBreaker: checklistCollections.id,
  searchText: sql`${checklistCollections.label}`,
};
const typeSource: ListSource<'title' | 'module'> = {
  orderBy: { title: sql`lower(${questionnaireTypes.title})`, module: questionnaireTypes.module },
  defaultOrderBy: 'title',
  tieBreaker: questionnaireTypes.id,
  searchText: sql`${questionnaireTypes.title}`,
};
const questionnaireSource: ListSource<'title' | 'status' | 'updatedAt'> = {
  orderBy: {
    title: sql`lower(${questionnaires.title})`,
    status: questionnaires.status,
    updatedAt: questionnaires.updatedAt,
  },
  defaultOrderBy: 'title',
  tieBreaker: questionnaires.id,
  searchText: sql`${questionnaires.title} || ' ' || ${questionnaireTypes.title}`,
};

/** Data access of collections, questionnaire types and questionnaires (decision 058): no rules, no text. */
export const questionnairesRepository = {
  // ── collections ──
  async listCollections(ex: Executor, portalId: number, query: ListQueryOf) {
    const plan = planList(collectionSource, query, [eq(checklistCollections.portalId, portalId)]);
    return runList<CollectionRow>(plan, {
      rows: async (p) =>
        (
          await ex
            .select({
              id: checklistCollections.id,
              label: checklistCollections.label,
              module: checklistCollections.module,
              checklistCount: sql<number>`(select count(*)::int from ${checklistCollectionItems} i where i.collection_id = ${checklistCollections.id})`,
            })
            .from(checklistCollections)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map((r) => ({ ...r, module: r.module as CollectionRow['module'] })),
      count: (where) => countRows(ex, checklistCollections, where),
    });
  },

  async findCollection(ex: Executor, id: number, lock = false): Promise<CollectionRecord | undefined> {
    const q = ex.select().from(checklistCollections).where(eq(checklistCollections.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  async collectionsByIds(ex: Executor, portalId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: checklistCollections.id, label: checklistCollections.label })
      .from(checklistCollections)
      .where(and(eq(checklistCollections.portalId, portalId), inArray(checklistCollections.id, ids)));
  },

  /** The checklists of a collection in order (active or not). */
  async collectionChecklists(ex: Executor, collectionId: number) {
    return ex
      .select({ id: checklists.id, label: checklists.label, active: checklists.active })
      .from(checklistCollectionItems)
      .innerJoin(checklists, eq(checklists.id, checklistCollectionItems.checklistId))
      .where(eq(checklistCollectionItems.collectionId, collectionId))
      .orderBy(asc(checklistCollectionItems.position));
  },

  /** Of `ids`, the checklists of the portal. */
  async checklistsOfPortal(ex: Executor, portalId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: checklists.id })
      .from(checklists)
      .where(and(eq(checklists.portalId, portalId), inArray(checklists.id, ids)));
    return rows.map((r) => r.id);
  },

  async insertCollection(ex: Executor, values: { portalId: number; label: string; module: string }) {
    const [row] = await ex
      .insert(checklistCollections)
      .values(values)
      .returning({ id: checklistCollections.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async updateCollection(
    ex: Executor,
    id: number,
    version: number,
    values: { label: string; module: string },
  ) {
    const rows = await ex
      .update(checklistCollections)
      .set({ ...values, version: sql`${checklistCollections.version} + 1`, updatedAt: new Date() })
      .where(and(eq(checklistCollections.id, id), eq(checklistCollections.version, version)))
      .returning({ id: checklistCollections.id });
    return rows.length > 0;
  },

  async setCollectionItems(ex: Executor, collectionId: number, checklistIds: number[]) {
    await ex.delete(checklistCollectionItems).where(eq(checklistCollectionItems.collectionId, collectionId));
    if (checklistIds.length > 0)
      await ex
        .insert(checklistCollectionItems)
        .values(checklistIds.map((checklistId, position) => ({ collectionId, checklistId, position })));
  },

  async deleteCollection(ex: Executor, id: number, version: number) {
    const rows = await ex
      .delete(checklistCollections)
      .where(and(eq(checklistCollections.id, id), eq(checklistCollections.version, version)))
      .returning({ id: checklistCollections.id });
    return rows.length > 0;
  },

  async countCollectionsWithChecklist(ex: Executor, checklistId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(checklistCollectionItems)
      .where(eq(checklistCollectionItems.checklistId, checklistId));
    return row?.n ?? 0;
  },

  /** Questionnaire types whose segments ask the collection. */
  async countTypesUsingCollection(ex: Executor, collectionId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(questionnaireTypes)
      .where(sql`${questionnaireTypes.segments} @> ${JSON.stringify([{ collectionId }])}::jsonb`);
    return row?.n ?? 0;
  },

  // ── questionnaire types ──
  async listTypes(ex: Executor, portalId: number, query: ListQueryOf, active: boolean | null) {
    const plan = planList(typeSource, query, [
      eq(questionnaireTypes.portalId, portalId),
      active === null ? undefined : eq(questionnaireTypes.active, active),
    ]);
    return runList<QuestionnaireTypeRow>(plan, {
      rows: async (p) =>
        (
          await ex
            .select({
              id: questionnaireTypes.id,
              title: questionnaireTypes.title,
              module: questionnaireTypes.module,
              active: questionnaireTypes.active,
              segmentCount: sql<number>`jsonb_array_length(${questionnaireTypes.segments})::int`,
            })
            .from(questionnaireTypes)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map((r) => ({ ...r, module: r.module as QuestionnaireTypeRow['module'] })),
      count: (where) => countRows(ex, questionnaireTypes, where),
    });
  },

  async findType(ex: Executor, id: number, lock = false): Promise<TypeRecord | undefined> {
    const q = ex.select().from(questionnaireTypes).where(eq(questionnaireTypes.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  async insertType(
    ex: Executor,
    values: { portalId: number; title: string; module: string; active: boolean; segments: Segment[] },
  ) {
    const [row] = await ex.insert(questionnaireTypes).values(values).returning({ id: questionnaireTypes.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async updateType(
    ex: Executor,
    id: number,
    version: number,
    values: { title: string; module: string; active: boolean; segments: Segment[] },
  ) {
    const rows = await ex
      .update(questionnaireTypes)
      .set({ ...values, version: sql`${questionnaireTypes.version} + 1`, updatedAt: new Date() })
      .where(and(eq(questionnaireTypes.id, id), eq(questionnaireTypes.version, version)))
      .returning({ id: questionnaireTypes.id });
    return rows.length > 0;
  },

  async deleteType(ex: Executor, id: number, version: number) {
    const rows = await ex
      .delete(questionnaireTypes)
      .where(and(eq(questionnaireTypes.id, id), eq(questionnaireTypes.version, version)))
      .returning({ id: questionnaireTypes.id });
    return rows.length > 0;
  },

  async countQuestionnairesOfType(ex: Executor, typeId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(questionnaires)
      .where(eq(questionnaires.typeId, typeId));
    return row?.n ?? 0;
  },

  async bricks(ex: Executor, ids: number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: hazardBricks.id, title: hazardBricks.title, identifier: hazardBricks.identifier })
      .from(hazardBricks)
      .where(inArray(hazardBricks.id, ids));
  },

  // ── questionnaires ──
  async listQuestionnaires(
    ex: Executor,
    portalId: number,
    query: ListQueryOf,
    status: 'open' | 'done' | null,
  ) {
    const plan = planList(questionnaireSource, query, [
      eq(questionnaires.portalId, portalId),
      status === null ? undefined : eq(questionnaires.status, status),
    ]);
    return runList<QuestionnaireRow>(plan, {
      rows: async (p) =>
        (
          await ex
            .select({
              id: questionnaires.id,
              title: questionnaires.title,
              typeTitle: questionnaireTypes.title,
              status: questionnaires.status,
              hazardAnalysisId: questionnaires.hazardAnalysisId,
              updatedAt: questionnaires.updatedAt,
            })
            .from(questionnaires)
            .innerJoin(questionnaireTypes, eq(questionnaireTypes.id, questionnaires.typeId))
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map((r) => ({
          ...r,
          status: r.status as QuestionnaireRow['status'],
          updatedAt: r.updatedAt.toISOString(),
        })),
      count: async (where) => {
        const [row] = await ex
          .select({ n: sql<number>`count(*)::int` })
          .from(questionnaires)
          .innerJoin(questionnaireTypes, eq(questionnaireTypes.id, questionnaires.typeId))
          .where(where);
        return row?.n ?? 0;
      },
    });
  },

  async findQuestionnaire(ex: Executor, id: number, lock = false): Promise<QuestionnaireRecord | undefined> {
    const q = ex.select().from(questionnaires).where(eq(questionnaires.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  async insertQuestionnaire(ex: Executor, values: typeof questionnaires.$inferInsert): Promise<number> {
    const [row] = await ex.insert(questionnaires).values(values).returning({ id: questionnaires.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async updateQuestionnaire(
    ex: Executor,
    id: number,
    version: number,
    values: { title: string; status: string },
  ): Promise<boolean> {
    const rows = await ex
      .update(questionnaires)
      .set({ ...values, version: sql`${questionnaires.version} + 1`, updatedAt: new Date() })
      .where(and(eq(questionnaires.id, id), eq(questionnaires.version, version)))
      .returning({ id: questionnaires.id });
    return rows.length > 0;
  },

  async deleteQuestionnaire(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(questionnaires)
      .where(and(eq(questionnaires.id, id), eq(questionnaires.version, version)))
      .returning({ id: questionnaires.id });
    return rows.length > 0;
  },

  async insertEntry(ex: Executor, values: typeof questionnaireEntries.$inferInsert): Promise<number> {
    const [row] = await ex
      .insert(questionnaireEntries)
      .values(values)
      .returning({ id: questionnaireEntries.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async entries(ex: Executor, questionnaireId: number): Promise<EntryRecord[]> {
    return ex
      .select()
      .from(questionnaireEntries)
      .where(eq(questionnaireEntries.questionnaireId, questionnaireId))
      .orderBy(asc(questionnaireEntries.segmentKey), asc(questionnaireEntries.position));
  },

  async findEntry(ex: Executor, id: number): Promise<EntryRecord | undefined> {
    const [row] = await ex.select().from(questionnaireEntries).where(eq(questionnaireEntries.id, id));
    return row;
  },

  /** The cells of a checklist (the elements' labels name a commented question). */
  async checklistCells(ex: Executor, checklistId: number) {
    const [row] = await ex
      .select({ cells: checklists.cells })
      .from(checklists)
      .where(eq(checklists.id, checklistId));
    return row?.cells ?? [];
  },

  async insertComment(ex: Executor, values: typeof questionnaireComments.$inferInsert): Promise<void> {
    await ex.insert(questionnaireComments).values(values);
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type QuestionnairesRepository = typeof questionnairesRepository;
