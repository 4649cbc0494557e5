import type { SaveChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  type ChecklistComment,
  type ChecklistCommentResult,
  type Collection,
  type CollectionRow,
  type CreateCollection,
  type CreateQuestionnaire,
  type CreateQuestionnaireType,
  type Questionnaire,
  type QuestionnaireRow,
  type QuestionnaireType,
  type QuestionnaireTypeRow,
  type Segment,
  type SegmentRow,
  type StartRoute,
  type UpdateCollection,
  type UpdateQuestionnaire,
  type UpdateQuestionnaireType,
  VIEW_MODES,
  type ViewMode,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { questionnairesMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ChecklistsRepository } from './checklists.repository.ts';
import type { ChecklistsService } from './checklists.service.ts';
import type { CollectionLinkMailer } from './questionnaire-link-mail.ts';
import type { QuestionnaireLinksRepository } from './questionnaire-links.repository.ts';
import { createQuestionnaireSharing, type SegmentAccess } from './questionnaire-sharing.ts';
import type { HazardQuestionnairePort } from './questionnaires.ports.ts';
import type { QuestionnaireRecord, QuestionnairesRepository } from './questionnaires.repository.ts';

const COLLECTION_ENTITY = 'checklist_collection';
const TYPE_ENTITY = 'questionnaire_type';
const QUESTIONNAIRE_ENTITY = 'questionnaire';
/** The checklist link module of questionnaire entries (decision 052's link port). */
const LINK = 'questionnaires';

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;

/** Runs `work`; a failure that is not one of ours becomes `code` (the spec's QUESTIONNAIRE_* 500s). */
async function guarded<T>(
  code: 'QUESTIONNAIRE_QUERY_FAILED' | 'QUESTIONNAIRE_UPDATE_FAILED',
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(code, { cause: error });
  }
}

function invalid(path: (string | number)[], message: string): AppError {
  return new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path, message }] });
}

/**
 * Collections, questionnaire types and questionnaires (decision 058). Questionnaire entries are filled
 * through the checklists' link port (module 'questionnaires'); a questionnaire on a hazard assessment is
 * its route, and a comment on a question of a segment linked to a hazard brick creates or updates that
 * hazard there (through the assessment's `questionnaire` port).
 */
export function createQuestionnairesService(deps: {
  db: Db;
  repository: QuestionnairesRepository;
  checklists: ChecklistsService;
  checklistsRepository: ChecklistsRepository;
  links: QuestionnaireLinksRepository;
  hazards: HazardQuestionnairePort;
  /** Mails of collection links (decision 070). */
  linkMail: CollectionLinkMailer;
}) {
  const { db, repository, checklists, hazards } = deps;
  const sharing = createQuestionnaireSharing({
    db,
    links: deps.links,
    questionnaires: repository,
    checklistsRepository: deps.checklistsRepository,
    checklists,
    load: (ex, actor, id, lock) => loadQuestionnaire(ex, actor, id, lock),
    mail: deps.linkMail,
  });

  // ── collections ──
  async function loadCollection(ex: Executor, actor: Actor, id: number, lock = false) {
    const row = await repository.findCollection(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('COLLECTION_NOT_FOUND');
    return row;
  }
  async function presentCollection(ex: Executor, id: number): Promise<Collection> {
    const row = await repository.findCollection(ex, id);
    if (!row) throw new AppError('COLLECTION_NOT_FOUND');
    return {
      id: row.id,
      version: row.version,
      label: row.label,
      module: row.module as Collection['module'],
      checklists: await repository.collectionChecklists(ex, id),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  async function checkCollectionInput(ex: Executor, actor: Actor, input: CreateCollection) {
    if (input.module === null) throw new AppError('UNDEFINED_COLLECTION_MODULE');
    const found = new Set(await repository.checklistsOfPortal(ex, actor.portalId, input.checklistIds));
    const missing = input.checklistIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw invalid(['checklistIds', missing], questionnairesMessages.checklistGone);
    return input.module;
  }

  // ── questionnaire types ──
  async function loadType(ex: Executor, actor: Actor, id: number, lock = false) {
    const row = await repository.findType(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
    return row;
  }
  /** The spec's tree rules: a title, every segment a collection of the portal, bricks that exist. */
  async function checkTypeInput(ex: Executor, actor: Actor, input: { title: string; segments: Segment[] }) {
    if (input.title.trim() === '') throw new AppError('CHECKLIST_COLLECTION_TREE_MISSING_DESCRIPTION');
    const without = input.segments.findIndex((s) => s.collectionId === null);
    if (without >= 0)
      throw new AppError('CHECKLIST_COLLECTION_TREE_MISSING_COLLECTIONID', {
        details: [{ path: ['segments', without, 'collectionId'] }],
      });
    const ids = [...new Set(input.segments.map((s) => s.collectionId as number))];
    const found = new Set((await repository.collectionsByIds(ex, actor.portalId, ids)).map((c) => c.id));
    const gone = input.segments.findIndex((s) => !found.has(s.collectionId as number));
    if (gone >= 0) throw invalid(['segments', gone, 'collectionId'], questionnairesMessages.collectionGone);
    const brickIds = [...new Set(input.segments.flatMap((s) => (s.brickId === null ? [] : [s.brickId])))];
    const bricks = new Set((await repository.bricks(ex, brickIds)).map((b) => b.id));
    const noBrick = input.segments.findIndex((s) => s.brickId !== null && !bricks.has(s.brickId));
    if (noBrick >= 0) throw invalid(['segments', noBrick, 'brickId'], questionnairesMessages.brickGone);
    await sharing.assertRightsKnown(ex, actor, input.segments);
  }
  async function presentType(ex: Executor, id: number): Promise<QuestionnaireType> {
    const row = await repository.findType(ex, id);
    if (!row) throw new AppError('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
    const collections = new Map(
      (
        await repository.collectionsByIds(
          ex,
          row.portalId,
          row.segments.flatMap((s) => (s.collectionId === null ? [] : [s.collectionId])),
        )
      ).map((c) => [c.id, c.label]),
    );
    const bricks = new Map(
      (
        await repository.bricks(
          ex,
          row.segments.flatMap((s) => (s.brickId === null ? [] : [s.brickId])),
        )
      ).map((b) => [b.id, b.title]),
    );
    const rightNames = await sharing.rightNames(ex, row.portalId, row.segments);
    return {
      id: row.id,
      version: row.version,
      title: row.title,
      module: row.module as QuestionnaireType['module'],
      active: row.active,
      segments: row.segments.map((s) => ({
        ...s,
        collectionLabel: s.collectionId === null ? null : (collections.get(s.collectionId) ?? null),
        brickTitle: s.brickId === null ? null : (bricks.get(s.brickId) ?? null),
        rights: (s.rights ?? []).map((r) => ({ ...r, name: rightNames.get(`${r.kind}:${r.id}`) ?? '' })),
      })),
      questionnaireCount: await repository.countQuestionnairesOfType(ex, id),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ── questionnaires ──
  async function loadQuestionnaire(ex: Executor, actor: Actor, id: number, lock = false) {
    const row = await repository.findQuestionnaire(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
    // A questionnaire of an assessment is read with the assessment's read right.
    if (row.hazardAnalysisId !== null && !(await hazards.mayRead(ex, actor, row.hazardAnalysisId)))
      throw new AppError('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
    return row;
  }
  const mayFill = (actor: Actor, row: QuestionnaireRecord) =>
    row.status === 'open' && actorHasAny(actor, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT);

  /** Creates the questionnaire and one filled checklist per segment × active checklist of its collection. */
  async function startQuestionnaire(
    tx: Executor,
    actor: Actor,
    typeId: number,
    title: string,
    hazardAnalysisId: number | null,
  ): Promise<number> {
    const type = await loadType(tx, actor, typeId);
    if (!type.active) throw new AppError('QUESTIONNAIRE_TYPE_INACTIVE');
    const id = await repository.insertQuestionnaire(tx, {
      portalId: actor.portalId,
      typeId,
      title,
      segments: type.segments,
      hazardAnalysisId,
      createdBy: actor.employeeId,
    });
    let count = 0;
    for (const segment of type.segments) {
      if (segment.collectionId === null) continue;
      const items = await repository.collectionChecklists(tx, segment.collectionId);
      for (const [position, checklist] of items.entries()) {
        if (!checklist.active) continue;
        const entryId = await repository.insertEntry(tx, {
          questionnaireId: id,
          segmentKey: segment.key,
          collectionId: segment.collectionId,
          checklistId: checklist.id,
          position,
        });
        await checklists.linkChecklist(tx, checklist.id, LINK, entryId);
        count++;
      }
    }
    if (count === 0) throw new AppError('QUESTIONNAIRE_EMPTY');
    await repository.logChange(tx, {
      entity: QUESTIONNAIRE_ENTITY,
      entityId: id,
      state: LOG_STATE.CREATED,
      actorId: actor.employeeId,
      changes: { title: { from: null, to: title }, typeId: { from: null, to: typeId } },
    });
    return id;
  }

  async function view(actor: Actor, id: number, mode: ViewMode): Promise<Questionnaire> {
    const row = await loadQuestionnaire(db, actor, id);
    const editable = mode === 'edit' && mayFill(actor, row);
    const access = await sharing.accessOf(db, actor, row);
    const links = await sharing.ofQuestionnaire(db, id);
    const type = await repository.findType(db, row.typeId);
    const entries = await repository.entries(db, id);
    const bricks = new Map(
      (
        await repository.bricks(
          db,
          row.segments.flatMap((s) => (s.brickId === null ? [] : [s.brickId])),
        )
      ).map((b) => [b.id, b]),
    );
    const defs = new Map<number, Awaited<ReturnType<ChecklistsService['get']>>>();
    const segments: Questionnaire['segments'] = [];
    for (const s of row.segments) {
      // Segment rights (decision 067): a segment the actor may not see is left out.
      const allowed = access(s.key);
      if (allowed === 'none') continue;
      const out: Questionnaire['segments'][number] = {
        key: s.key,
        parentKey: s.parentKey,
        label: s.label,
        segment: s.segment,
        collectionId: s.collectionId,
        brickId: s.brickId,
        brickTitle: s.brickId === null ? null : (bricks.get(s.brickId)?.title ?? null),
        brickIdentifier: s.brickId === null ? null : (bricks.get(s.brickId)?.identifier ?? null),
        editable: editable && allowed === 'edit',
        links: links.filter((l) => l.segmentKey === s.key),
        entries: [],
      };
      for (const e of entries.filter((x) => x.segmentKey === s.key)) {
        let def = defs.get(e.checklistId);
        if (!def) {
          def = await checklists.get(actor, e.checklistId);
          defs.set(e.checklistId, def);
        }
        const state = await checklists.stateOf(db, e.checklistId, LINK, e.id);
        if (!state) continue;
        out.entries.push({
          entryId: e.id,
          checklist: def,
          instance: await checklists.getInstance(actor, e.checklistId, state.instanceId),
        });
      }
      segments.push(out);
    }
    return {
      id: row.id,
      version: row.version,
      title: row.title,
      status: row.status as Questionnaire['status'],
      typeId: row.typeId,
      typeTitle: type?.title ?? '',
      hazardAnalysisId: row.hazardAnalysisId,
      mode,
      editable,
      segments,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    /** Collection links and segment rights (decision 067). */
    sharing,
    /** The questionnaire with the segments the actor may see, for the print (decision 067). */
    forPrint: (actor: Actor, id: number) =>
      guarded('QUESTIONNAIRE_QUERY_FAILED', () => view(actor, id, 'read')),
    /** The checklist link rule of questionnaire entries: the questionnaire's (and assessment's) rights. */
    linkRule: {
      canRead: async (actor: Actor, entryId: number | null, ex: Executor) => {
        if (entryId === null || !actorHasAny(actor, P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST)) return false;
        const entry = await repository.findEntry(ex, entryId);
        if (!entry) return false;
        try {
          const row = await loadQuestionnaire(ex, actor, entry.questionnaireId);
          return (await sharing.accessOf(ex, actor, row))(entry.segmentKey) !== 'none';
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      },
      canEdit: async (actor: Actor, entryId: number | null, ex: Executor) => {
        if (entryId === null) return false;
        const entry = await repository.findEntry(ex, entryId);
        if (!entry) return false;
        const row = await repository.findQuestionnaire(ex, entry.questionnaireId);
        if (row === undefined || !mayFill(actor, row)) return false;
        return (await sharing.accessOf(ex, actor, row))(entry.segmentKey) === 'edit';
      },
    },

    /** A checklist in a collection cannot be deleted (checklists' deletion guard). */
    async checklistDeletionGuard(ex: Executor, checklistId: number): Promise<void> {
      if ((await repository.countCollectionsWithChecklist(ex, checklistId)) > 0)
        throw new AppError('CHECKLIST_IN_COLLECTION');
    },

    // ── collections ──
    listCollections(actor: Actor, query: ListQuery): Promise<ListResult<CollectionRow>> {
      return repository.listCollections(db, actor.portalId, query);
    },
    async getCollection(actor: Actor, id: number): Promise<Collection> {
      await loadCollection(db, actor, id);
      return presentCollection(db, id);
    },
    async createCollection(actor: Actor, input: CreateCollection): Promise<Collection> {
      const id = await db.transaction(async (tx) => {
        const module = await checkCollectionInput(tx, actor, input);
        const newId = await repository.insertCollection(tx, {
          portalId: actor.portalId,
          label: input.label,
          module,
        });
        await repository.setCollectionItems(tx, newId, input.checklistIds);
        await repository.logChange(tx, {
          entity: COLLECTION_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: {
            label: { from: null, to: input.label },
            checklistIds: { from: null, to: input.checklistIds },
          },
        });
        return newId;
      });
      return presentCollection(db, id);
    },
    async updateCollection(actor: Actor, id: number, input: UpdateCollection): Promise<Collection> {
      await db.transaction(async (tx) => {
        const row = await loadCollection(tx, actor, id, true);
        if (row.version !== input.version) throw new AppError('CONFLICT');
        const module = await checkCollectionInput(tx, actor, input);
        const before = (await repository.collectionChecklists(tx, id)).map((c) => c.id);
        if (!(await repository.updateCollection(tx, id, input.version, { label: input.label, module })))
          throw new AppError('CONFLICT');
        await repository.setCollectionItems(tx, id, input.checklistIds);
        await repository.logChange(tx, {
          entity: COLLECTION_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            label: { from: row.label, to: input.label },
            module: { from: row.module, to: module },
            checklistIds: { from: before, to: input.checklistIds },
          },
        });
      });
      return presentCollection(db, id);
    },
    async deleteCollection(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await loadCollection(tx, actor, id, true);
        if (row.version !== version) throw new AppError('CONFLICT');
        if ((await repository.countTypesUsingCollection(tx, id)) > 0) throw new AppError('COLLECTION_IN_USE');
        if (!(await repository.deleteCollection(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: COLLECTION_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    // ── questionnaire types ──
    listTypes(
      actor: Actor,
      query: ListQuery & { status: 'active' | 'inactive' | 'all' },
    ): Promise<ListResult<QuestionnaireTypeRow>> {
      const active = query.status === 'all' ? null : query.status === 'active';
      return repository.listTypes(db, actor.portalId, query, active);
    },
    async getType(actor: Actor, id: number): Promise<QuestionnaireType> {
      await loadType(db, actor, id);
      return presentType(db, id);
    },
    /** Picker checklist_segment: the segments of a type, filtered by the search. */
    /**
     * Picker checklist_segment: the segments of a type the actor may see by the segment rights; of one
     * questionnaire of the type (its copy and the links' access) when asked; only fillable ones when asked.
     */
    async segments(
      actor: Actor,
      query: ListQuery & { typeId: number; questionnaireId?: number | undefined; fillable: boolean },
    ): Promise<ListResult<SegmentRow>> {
      const type = await loadType(db, actor, query.typeId);
      let segments = type.segments;
      let access: (key: number) => SegmentAccess;
      if (query.questionnaireId === undefined) access = await sharing.typeAccess(db, actor, type.segments);
      else {
        const row = await loadQuestionnaire(db, actor, query.questionnaireId);
        if (row.typeId !== type.id) throw new AppError('CHECKLIST_COLLECTION_TREE_NOT_FOUND');
        segments = row.segments;
        const byLinks = await sharing.accessOf(db, actor, row);
        // Filling a questionnaire also needs its right and an open questionnaire.
        access = (key) => {
          const a = byLinks(key);
          return a === 'edit' && !mayFill(actor, row) ? 'read' : a;
        };
      }
      const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
      const all = segments
        .filter((s) => {
          const a = access(s.key);
          return a !== 'none' && (!query.fillable || a === 'edit');
        })
        .map((s) => ({ key: s.key, label: s.label, segment: s.segment }))
        .filter((s) => words.every((w) => `${s.segment} ${s.label}`.toLowerCase().includes(w)));
      return { rows: all.slice(query.offset, query.offset + query.limit), filteredCount: all.length };
    },
    async createType(actor: Actor, input: CreateQuestionnaireType): Promise<QuestionnaireType> {
      const id = await db.transaction(async (tx) => {
        const segments = input.segments ?? [];
        await checkTypeInput(tx, actor, { title: input.title, segments });
        const newId = await repository.insertType(tx, {
          portalId: actor.portalId,
          title: input.title.trim(),
          module: input.module ?? 'general',
          active: input.active ?? true,
          segments,
        });
        await repository.logChange(tx, {
          entity: TYPE_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { title: { from: null, to: input.title } },
        });
        return newId;
      });
      return presentType(db, id);
    },
    async updateType(actor: Actor, id: number, input: UpdateQuestionnaireType): Promise<QuestionnaireType> {
      await db.transaction(async (tx) => {
        const row = await loadType(tx, actor, id, true);
        if (row.version !== input.version) throw new AppError('CONFLICT');
        await checkTypeInput(tx, actor, input);
        const values = {
          title: input.title.trim(),
          module: input.module,
          active: input.active,
          segments: input.segments,
        };
        if (!(await repository.updateType(tx, id, input.version, values))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: TYPE_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            title: { from: row.title, to: values.title },
            active: { from: row.active, to: values.active },
            segments: { from: row.segments.length, to: values.segments.length },
          },
        });
      });
      return presentType(db, id);
    },
    async deleteType(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await loadType(tx, actor, id, true);
        if (row.version !== version) throw new AppError('CONFLICT');
        if ((await repository.countQuestionnairesOfType(tx, id)) > 0)
          throw new AppError('QUESTIONNAIRE_TYPE_IN_USE');
        if (!(await repository.deleteType(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: TYPE_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    // ── questionnaires ──
    listQuestionnaires(
      actor: Actor,
      query: ListQuery & { status: 'open' | 'done' | 'all' },
    ): Promise<ListResult<QuestionnaireRow>> {
      return guarded('QUESTIONNAIRE_QUERY_FAILED', () =>
        repository.listQuestionnaires(
          db,
          actor.portalId,
          query,
          query.status === 'all' ? null : query.status,
        ),
      );
    },
    async create(actor: Actor, input: CreateQuestionnaire): Promise<Questionnaire> {
      const id = await db.transaction((tx) => startQuestionnaire(tx, actor, input.typeId, input.title, null));
      return view(actor, id, 'edit');
    },
    /** The questionnaire in a view mode (`edit` fills, `read` only shows); another mode: QUESTIONNAIRE_UNKNOWN_MODE. */
    async view(actor: Actor, id: number, mode: string): Promise<Questionnaire> {
      if (!(VIEW_MODES as readonly string[]).includes(mode)) throw new AppError('QUESTIONNAIRE_UNKNOWN_MODE');
      return guarded('QUESTIONNAIRE_QUERY_FAILED', () => view(actor, id, mode as ViewMode));
    },
    /** Title and status; 'done' needs every checklist of the questionnaire done. */
    async update(actor: Actor, id: number, input: UpdateQuestionnaire): Promise<Questionnaire> {
      await guarded('QUESTIONNAIRE_UPDATE_FAILED', () =>
        db.transaction(async (tx) => {
          const row = await loadQuestionnaire(tx, actor, id, true);
          if (row.version !== input.version) throw new AppError('CONFLICT');
          if (input.status === 'done' && row.status !== 'done') {
            for (const e of await repository.entries(tx, id)) {
              const state = await checklists.stateOf(tx, e.checklistId, LINK, e.id);
              if (state?.status !== 'done') throw new AppError('CHECKLIST_MANDATORY_UNDONE');
            }
          }
          if (!(await repository.updateQuestionnaire(tx, id, input.version, input)))
            throw new AppError('CONFLICT');
          await repository.logChange(tx, {
            entity: QUESTIONNAIRE_ENTITY,
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              title: { from: row.title, to: input.title },
              status: { from: row.status, to: input.status },
            },
          });
        }),
      );
      return view(actor, id, 'edit');
    },
    /** Deletes a questionnaire; the route of an assessment stays (ROUTE_FOUND). */
    async delete(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await loadQuestionnaire(tx, actor, id, true);
        if (row.version !== version) throw new AppError('CONFLICT');
        if (row.hazardAnalysisId !== null) throw new AppError('ROUTE_FOUND');
        if (!(await repository.deleteQuestionnaire(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: QUESTIONNAIRE_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
    /** Saves the answers of one checklist of the questionnaire (the checklists' rules and codes). */
    async saveEntry(actor: Actor, id: number, entryId: number, input: SaveChecklistInstance) {
      const row = await loadQuestionnaire(db, actor, id);
      const entry = await repository.findEntry(db, entryId);
      if (!entry || entry.questionnaireId !== row.id) throw new AppError('CHECKLISTS_NOT_FOUND');
      const access = (await sharing.accessOf(db, actor, row))(entry.segmentKey);
      if (access === 'none') throw new AppError('CHECKLISTS_NOT_FOUND');
      if (row.status === 'done') throw new AppError('QUESTIONNAIRE_DONE');
      if (access === 'read') throw new AppError('QUESTIONNAIRE_SEGMENT_READ_ONLY');
      const state = await checklists.stateOf(db, entry.checklistId, LINK, entry.id);
      if (!state) throw new AppError('CHECKLISTS_NOT_FOUND');
      const saved = await guarded('QUESTIONNAIRE_UPDATE_FAILED', () =>
        checklists.saveInstance(actor, entry.checklistId, state.instanceId, input),
      );
      await db.transaction((tx) => sharing.startedBySave(tx, actor, id, entry.segmentKey));
      return saved;
    },

    // ── the route of a hazard assessment ──
    /** The questionnaire of an assessment (QUESTIONNAIRE_ROUTE_NOT_FOUND when it has none). */
    async route(actor: Actor, analysisId: number) {
      const analysis = await hazards.readable(db, actor, analysisId);
      const routeId = await hazards.routeOf(db, analysisId);
      const row = routeId === null ? undefined : await repository.findQuestionnaire(db, routeId);
      if (!row || row.hazardAnalysisId !== analysisId) throw new AppError('QUESTIONNAIRE_ROUTE_NOT_FOUND');
      return {
        id: row.id,
        title: row.title,
        status: row.status as Questionnaire['status'],
        analysis: analysis.bezeichnung,
      };
    },
    /** Starts the assessment's questionnaire and links it as the route (needs the assessment's version). */
    async startRoute(actor: Actor, analysisId: number, input: StartRoute) {
      await db.transaction(async (tx) => {
        await hazards.readable(tx, actor, analysisId);
        if ((await hazards.routeOf(tx, analysisId)) !== null) throw new AppError('ROUTE_FOUND');
        const id = await startQuestionnaire(tx, actor, input.typeId, input.title, analysisId);
        await hazards.setRoute(tx, actor, analysisId, input.version, id);
      });
      return this.route(actor, analysisId);
    },

    /**
     * Checklist comment creation: a comment on a question of a segment linked to a hazard brick creates
     * or updates the brick's hazard in the questionnaire's assessment. Checked in the order of the spec's
     * codes; anything unexpected is CHECKLIST_COMMENT_UNKNOWN.
     */
    async comment(actor: Actor, id: number, input: ChecklistComment): Promise<ChecklistCommentResult> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repository.findQuestionnaire(tx, id, true);
          if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLIST_COMMENT_TREE_MISSING');
          if (input.treeVersion !== row.version) throw new AppError('CHECKLIST_COMMENT_TREE_VERSION');
          if (row.status === 'done') throw new AppError('QUESTIONNAIRE_DONE');
          const segment = row.segments.find((s) => s.key === input.segmentKey);
          if (!segment || segment.collectionId === null || segment.collectionId !== input.collectionId)
            throw new AppError('CHECKLIST_COMMENT_COLLECTION_MISSING');
          const access = (await sharing.accessOf(tx, actor, row))(segment.key);
          if (access === 'none') throw new AppError('CHECKLIST_COMMENT_COLLECTION_MISSING');
          if (access === 'read') throw new AppError('QUESTIONNAIRE_SEGMENT_READ_ONLY');
          const entry = (await repository.entries(tx, id)).find(
            (e) => e.segmentKey === segment.key && e.checklistId === input.checklistId,
          );
          if (!entry) throw new AppError('CHECKLIST_COMMENT_CHECKLIST_MISSING');
          const cells = await repository.checklistCells(tx, entry.checklistId);
          const cell = cells.find((c) => `${c.row}_${c.column}` === input.cell);
          if (!cell) throw new AppError('CELLS_NOT_FOUND');
          const [brick] = segment.brickId === null ? [] : await repository.bricks(tx, [segment.brickId]);
          if (!brick) throw new AppError('CHECKLIST_COMMENT_HAZARDBRICK_MISSING');
          if (input.brickGuid === null || input.brickGuid.toLowerCase() !== brick.identifier.toLowerCase())
            throw new AppError('CHECKLIST_COMMENT_HAZARDBRICK_GUID');
          if (row.hazardAnalysisId === null) throw new AppError('CHECKLIST_COMMENT_AUDIT_MISSING');
          const text = input.comment.trim();
          if (text === '') throw new AppError('CHECKLIST_COMMENT_COMMENT_MISSING');
          const line = `${segment.segment ? `${segment.segment} ` : ''}${cell.element.label}: ${text}`;
          const result = await hazards.hazardFromComment(tx, actor, row.hazardAnalysisId, brick.id, line);
          await repository.insertComment(tx, {
            questionnaireId: id,
            segmentKey: segment.key,
            checklistId: entry.checklistId,
            cell: input.cell,
            comment: text,
            hazardId: result.hazardId,
            createdBy: actor.employeeId,
          });
          return { ...result, questionnaireVersion: row.version };
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('CHECKLIST_COMMENT_UNKNOWN', { cause: error });
      }
    },
  };
}
