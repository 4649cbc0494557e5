import { type FactorMenu, factorPath } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import type {
  AddHazards,
  AdoptBrickActions,
  CreateHazardAnalysis,
  FrozenDocument,
  FrozenHazard,
  Hazard,
  HazardAnalysis,
  HazardAnalysisListQuery,
  HazardAnalysisVersion,
  InheritHazardAnalysis,
  RateHazard,
  ReleaseHazardAnalysis,
  ReorderHazards,
  SetHazardAnalysisActive,
  StoredFrozenHazard,
  UpdateHazard,
  UpdateHazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import {
  addHazardsSchema,
  adoptBrickActionsSchema,
  createHazardAnalysisSchema,
  dataTableQuerySchema,
  frozenFactorLabels,
  hazardAnalysisListQuerySchema,
  inheritSchema,
  RESPONSIBLE_REQUIRED,
  rateHazardSchema,
  releaseHazardAnalysisSchema,
  reorderHazardsSchema,
  setActiveSchema,
  updateHazardAnalysisSchema,
  updateHazardSchema,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import {
  DEFAULT_NOHL_CRITERIA,
  type NohlCriteria,
  type NohlRating,
  nohlClassify,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { type ListQueryInput, listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { visibleScope } from '@schutzwerk/shared/organisation/tree.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import type { ActionsService } from '#modules/actions/actions.service.ts';
import type { OrganisationRepository } from '#modules/organisation/organisation.repository.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { adoptedBrickActions, brickActionProposal } from './hazard-analysis.proposals.ts';
import type { AnalysisRecord, HazardAnalysisRepository, HazardRecord } from './hazard-analysis.repository.ts';
import { hazardAnalyses, hazardAnalysisHazards } from './hazard-analysis.table.ts';

/**
 * A check other modules plug in (actions, substances, objects, topics, operating instructions, checklists):
 * returns a German reason when the assessment is linked to their entries and must not be deleted.
 */
export type HazardAnalysisDeletionGuard = (ex: Executor, analysisId: number) => Promise<string | null>;

/** Runs inside the (in)activation transaction, e.g. the actions module recreating or deleting tasks. */
export type HazardAnalysisActiveHook = (
  ex: Executor,
  event: { analysisId: number; actorId: number; comment: string },
) => Promise<void>;

export type HazardAnalysisHooks = {
  deletionGuards: HazardAnalysisDeletionGuard[];
  onActivate: HazardAnalysisActiveHook[];
  onInactivate: HazardAnalysisActiveHook[];
  /** Runs after a release and after a new working version starts (e.g. the release / check tasks). */
  onReleaseState: ((ex: Executor, analysisId: number) => Promise<void>)[];
  /** The documents linked at release time, frozen with the version (the documents wiring registers it). */
  frozenDocuments?: ((ex: Executor, analysisId: number) => Promise<FrozenDocument[]>)[];
  /**
   * Shapes a frozen version's documents for one reader (the documents wiring hides the file names of
   * confidential documents from readers without DOCUMENTS_CONFIDENTIAL, decision 024).
   */
  presentFrozenDocuments?: ((
    ex: Executor,
    actor: Actor,
    documents: FrozenDocument[],
  ) => Promise<FrozenDocument[]>)[];
};

export type HazardAnalysisDeps = Deps;

/**
 * What the hazard assessment uses of the actions module (decision 020, public API) for the actions of its
 * hazards (source type 'hazard'): adopting the brick's measures, the counts shown before a removal, and
 * deleting the open actions with a removed hazard.
 */
export type HazardActionsPort = Pick<
  ActionsService,
  'createForSource' | 'countsOfSources' | 'deleteOpenOfSource' | 'designationsOfSource'
>;

/** The action source type of hazards (registered in app.ts). */
export const HAZARD_ACTION_SOURCE = 'hazard';

type Deps = {
  db: Db;
  repository: HazardAnalysisRepository;
  organisation: Pick<OrganisationRepository, 'treeRows' | 'anchors'>;
  hooks: HazardAnalysisHooks;
  /** The factor menus (decision 019): which menu an assessment may get, which factors a hazard may pick. */
  factors?: {
    assertAssignable(
      ex: Executor,
      menuId: number | null | undefined,
      options?: { allowInactive?: boolean },
    ): Promise<{ registers: FactorMenu['registers'] }>;
    assertFactorSelection(
      menu: { registers: FactorMenu['registers'] },
      factorIds: readonly number[],
      keepFactorIds?: readonly number[],
    ): void;
  };
  /** The classification criteria in force (the NOHL status module); the seed until it is wired. */
  criteria?: (ex: Executor) => Promise<NohlCriteria>;
  /** The actions module for the hazards' actions; without it no measures can be adopted and no counts show. */
  actions?: HazardActionsPort;
};

const ENTITY = 'hazard_analysis';
const HEADER_FIELDS = ['bezeichnung', 'locationId', 'departmentId', 'activityId', 'attachSetting'] as const;
const DATATABLE_CAP = 10_000;

/** The list's status filter sent as DataTable `filter` (JSON text `{"status":"active"}`), as SQL. */
function dataTableStatus(filter: string): SQL | undefined {
  let status: unknown;
  try {
    status = filter.trim() === '' ? undefined : (JSON.parse(filter) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (status === 'active') return eq(hazardAnalyses.active, true);
  if (status === 'inactive') return eq(hazardAnalyses.active, false);
  if (status === 'released') {
    return sql`exists (select 1 from hazard_analysis_versions v where v.analysis_id = ${hazardAnalyses.id})`;
  }
  return undefined;
}

const ratingOf = (p: number | null, s: number | null): NohlRating | null =>
  p === null || s === null ? null : { probability: p, severity: s };

const personName = (e: { lastName: string | null; firstName: string | null } | null) =>
  e?.lastName ? `${e.lastName}, ${e.firstName ?? ''}`.trim() : '';

/**
 * Rules of the hazard assessments (decision 021): portal scope, location rights (deny by default; "not
 * found" and "not yours" answer alike), optimistic locking on the assessment's version (every write, hazards
 * included, raises it), release into frozen versions, a new working version on the first edit after a
 * release, the deletion results of the spec and activation with hooks.
 */
export function createHazardAnalysisService({
  db,
  repository,
  organisation,
  hooks,
  factors,
  criteria = async () => DEFAULT_NOHL_CRITERIA,
  actions: hazardActions,
}: Deps) {
  /** Location ids the actor may see assessments of, or 'all'. */
  async function locationScope(ex: Executor, actor: Actor): Promise<number[] | 'all'> {
    if (actorHasAny(actor, P.HAZARDANALYSIS_ALL_LOCATIONS)) return 'all';
    const rows = await organisation.treeRows('location', actor.portalId, ex);
    const anchors = await organisation.anchors('location', actor.employeeId, ex);
    return [...visibleScope(rows, anchors, false).inScope];
  }

  const canReadWorking = (actor: Actor) => actorHasAny(actor, P.HAZARDANALYSIS_READONLY);

  /** The SQL condition of what the actor may see: portal, templates or location scope, released only. */
  async function visibleCondition(ex: Executor, actor: Actor, templates: boolean): Promise<SQL> {
    const conditions: SQL[] = [
      eq(hazardAnalyses.portalId, actor.portalId),
      eq(hazardAnalyses.isTemplate, templates),
    ];
    if (templates) {
      if (!canReadWorking(actor)) conditions.push(sql`false`);
      return and(...conditions) as SQL;
    }
    const scope = await locationScope(ex, actor);
    if (scope !== 'all') {
      conditions.push(scope.length === 0 ? sql`false` : inArray(hazardAnalyses.locationId, scope));
    }
    if (!canReadWorking(actor)) {
      conditions.push(
        sql`exists (select 1 from hazard_analysis_versions v where v.analysis_id = ${hazardAnalyses.id})`,
      );
    }
    return and(...conditions) as SQL;
  }

  /** Whether the actor may see this assessment at all (working copy or released versions). */
  async function mayRead(ex: Executor, actor: Actor, row: AnalysisRecord, working: boolean) {
    if (row.portalId !== actor.portalId) return false;
    if (row.isTemplate) return canReadWorking(actor);
    if (working && !canReadWorking(actor)) return false;
    const scope = await locationScope(ex, actor);
    return scope === 'all' || (row.locationId !== null && scope.includes(row.locationId));
  }

  async function loadReadable(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    const row = await repository.findById(ex, id, lock);
    if (!row || !(await mayRead(ex, actor, row, true))) throw new AppError('NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, row: AnalysisRecord): Promise<HazardAnalysis> {
    const names = await repository.names(ex, row);
    const hazards = await repository.hazards(ex, row.id);
    const factorsOf = new Map<number, { ids: number[]; labels: string[] }>();
    for (const f of await repository.hazardFactors(
      ex,
      hazards.map((h) => h.hazard.id),
    )) {
      const entry = factorsOf.get(f.hazardId) ?? { ids: [], labels: [] };
      entry.ids.push(f.factorId);
      entry.labels.push(
        factorPath(
          { number: f.registerNumber, title: f.registerTitle },
          { number: f.factorNumber, title: f.factorTitle },
        ),
      );
      factorsOf.set(f.hazardId, entry);
    }
    const counts = hazardActions
      ? await hazardActions.countsOfSources(
          ex,
          HAZARD_ACTION_SOURCE,
          hazards.map((h) => h.hazard.id),
        )
      : new Map<number, { total: number; done: number }>();
    const responsible = row.releaseResponsibleId
      ? await repository.employee(ex, row.releaseResponsibleId)
      : null;
    const template = row.inheritanceTemplateId
      ? await repository.findById(ex, row.inheritanceTemplateId)
      : undefined;
    return {
      id: row.id,
      bezeichnung: row.bezeichnung,
      isTemplate: row.isTemplate,
      ...names,
      attachSetting: row.attachSetting,
      active: row.active,
      inactiveComment: row.inactiveComment,
      versionNumber: row.versionNumber,
      release: {
        released: row.released,
        releaseDate: row.releaseDate,
        nextCheckDate: row.nextCheckDate,
        responsible: responsible
          ? {
              id: responsible.id,
              lastName: responsible.lastName,
              firstName: responsible.firstName,
              personnelNumber: responsible.personnelNumber,
            }
          : null,
        releasedAt: row.releasedAt?.toISOString() ?? null,
      },
      inheritanceTemplate: template ? { id: template.id, name: template.bezeichnung } : null,
      factorMenuId: row.factorMenuId,
      checklistRouteId: row.checklistRouteId,
      version: row.version,
      hazards: hazards.map(
        (h): Hazard => ({
          id: h.hazard.id,
          position: h.hazard.position,
          brickId: h.hazard.brickId,
          brickIdentifier: h.brickIdentifier,
          brickFree: h.brickFree ?? false,
          riskHint: h.riskFrom !== null && h.riskTo !== null ? { from: h.riskFrom, to: h.riskTo } : null,
          title: h.hazard.title,
          cause: h.hazard.cause,
          protectionGoal: h.hazard.protectionGoal,
          comment: h.hazard.comment,
          responsible:
            h.lastName !== null
              ? {
                  id: h.hazard.responsibleId,
                  lastName: h.lastName,
                  firstName: h.firstName ?? '',
                  personnelNumber: h.personnelNumber ?? '',
                }
              : null,
          ratingBefore: ratingOf(h.hazard.probabilityBefore, h.hazard.severityBefore),
          ratingAfter: ratingOf(h.hazard.probabilityAfter, h.hazard.severityAfter),
          inherited: h.hazard.inherited,
          masterHazardId: h.hazard.masterHazardId,
          factorIds: factorsOf.get(h.hazard.id)?.ids ?? [],
          factorLabels: factorsOf.get(h.hazard.id)?.labels ?? [],
          actionCount: counts.get(h.hazard.id)?.total ?? 0,
          doneActionCount: counts.get(h.hazard.id)?.done ?? 0,
        }),
      ),
    };
  }

  /** A reference must exist in the actor's portal (deny by default). */
  async function assertRef(
    ex: Executor,
    actor: Actor,
    kind: 'location' | 'department' | 'activity' | 'employee',
    id: number | null,
    field: string,
  ) {
    if (id === null) return;
    const portalId = await repository.portalOf(ex, kind, id);
    if (portalId !== actor.portalId) {
      const message =
        kind === 'employee' ? 'Diese Person gibt es nicht.' : 'Dieser Eintrag ist nicht (mehr) vorhanden.';
      throw new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: [field], message }] });
    }
  }

  /** Location rules of a header: assessments need a location inside the actor's scope; templates may omit it. */
  async function assertHeader(
    ex: Executor,
    actor: Actor,
    isTemplate: boolean,
    h: { locationId: number | null; departmentId: number | null; activityId: number | null },
  ) {
    if (!isTemplate && h.locationId === null) {
      const message = 'Bitte wählen Sie einen Ort.';
      throw new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: ['locationId'], message }] });
    }
    await assertRef(ex, actor, 'location', h.locationId, 'locationId');
    await assertRef(ex, actor, 'department', h.departmentId, 'departmentId');
    await assertRef(ex, actor, 'activity', h.activityId, 'activityId');
    if (!isTemplate && h.locationId !== null) {
      const scope = await locationScope(ex, actor);
      if (scope !== 'all' && !scope.includes(h.locationId)) {
        const message = 'Für diesen Ort fehlen Ihnen die Rechte.';
        throw new AppError('NO_PERMISSION', { message, details: [{ path: ['locationId'], message }] });
      }
    }
  }

  /** The right for the part (templates: _DRAFTS), active, and on a released one the right to start a new version. */
  function assertWritable(actor: Actor, row: AnalysisRecord, right: number | number[]) {
    const rights = row.isTemplate ? [P.HAZARDANALYSIS_DRAFTS] : [right].flat();
    if (!actorHasAny(actor, ...rights)) throw new AppError('NO_PERMISSION');
    if (!row.active) throw new AppError('HAZARD_ANALYSIS_INACTIVE');
    if (row.released && !actorHasAny(actor, P.HAZARDANALYSIS_VERSION)) {
      throw new AppError('NO_PERMISSION', {
        message:
          'Die Gefährdungsbeurteilung ist freigegeben. Für eine Änderung wird eine neue Version angelegt; dafür fehlt Ihnen das Recht „Neue Versionen von Gefährdungsbeurteilungen erstellen“.',
      });
    }
  }

  /**
   * Opens a write: lock, visibility, version (409), active, the right for the part (templates: _DRAFTS),
   * and — on a released assessment — the start of a new working version (needs _VERSION).
   */
  async function beginWrite(
    tx: Executor,
    actor: Actor,
    id: number,
    version: number,
    right: number | number[],
  ): Promise<AnalysisRecord> {
    const row = await loadReadable(tx, actor, id, 'update');
    const rights = row.isTemplate ? [P.HAZARDANALYSIS_DRAFTS] : [right].flat();
    if (!actorHasAny(actor, ...rights)) throw new AppError('NO_PERMISSION');
    if (row.version !== version) throw new AppError('CONFLICT');
    assertWritable(actor, row, right);
    if (row.released) {
      // The released state stays readable as its frozen version; the working copy becomes version + 1.
      await tx
        .update(hazardAnalyses)
        .set({ released: false, versionNumber: row.versionNumber + 1 })
        .where(eq(hazardAnalyses.id, id));
      await recordChange(tx, {
        entity: ENTITY,
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: { versionNumber: { from: row.versionNumber, to: row.versionNumber + 1 } },
      });
      for (const hook of hooks.onReleaseState) await hook(tx, id);
      return { ...row, released: false, versionNumber: row.versionNumber + 1 };
    }
    return row;
  }

  async function finish(
    tx: Executor,
    actor: Actor,
    id: number,
    changes: Record<string, unknown>,
    patch: Partial<AnalysisRecord> = {},
  ) {
    await repository.bump(tx, id, patch);
    await recordChange(tx, {
      entity: ENTITY,
      entityId: id,
      state: LOG_STATE.CHANGED,
      actorId: actor.employeeId,
      changes: changes as never,
    });
    const row = await repository.findById(tx, id);
    if (!row) throw new AppError('NOT_FOUND');
    return present(tx, row);
  }

  async function hazardsFromBricks(
    tx: Executor,
    analysisId: number,
    brickIds: number[],
    responsibleId: number,
  ) {
    const bricks = await repository.bricks(tx, brickIds);
    const byId = new Map(bricks.map((b) => [b.id, b]));
    let position = await repository.nextPosition(tx, analysisId);
    const rows = brickIds.map((brickId) => {
      const brick = byId.get(brickId);
      if (!brick) {
        const message = 'Der Gefährdungsbaustein ist nicht (mehr) vorhanden.';
        throw new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: ['brickIds'], message }] });
      }
      return { analysisId, position: position++, brickId, title: brick.title, responsibleId };
    });
    return repository.insertHazards(tx, rows);
  }

  /**
   * Before hazards go: refuses (409 HAZARD_HAS_DONE_ACTIONS) when any of their actions is done — done
   * actions are documented evidence —, otherwise deletes their open actions with the open tasks.
   */
  async function dropHazardActions(
    tx: Executor,
    actorId: number,
    hazards: readonly Pick<HazardRecord, 'id' | 'title'>[],
    refusal: (done: number) => AppError,
  ) {
    if (!hazardActions || hazards.length === 0) return 0;
    const counts = await hazardActions.countsOfSources(
      tx,
      HAZARD_ACTION_SOURCE,
      hazards.map((h) => h.id),
    );
    const withDone = hazards.filter((h) => (counts.get(h.id)?.done ?? 0) > 0);
    if (withDone.length > 0) {
      throw refusal(withDone.reduce((n, h) => n + (counts.get(h.id)?.done ?? 0), 0));
    }
    let deleted = 0;
    const touched = hazards.filter((h) => (counts.get(h.id)?.total ?? 0) > 0);
    for (const h of touched) {
      deleted += await hazardActions.deleteOpenOfSource(tx, actorId, HAZARD_ACTION_SOURCE, h.id);
    }
    // An action marked done meanwhile (committed between the count and the delete) stays: refuse then too.
    const left = await hazardActions.countsOfSources(
      tx,
      HAZARD_ACTION_SOURCE,
      touched.map((h) => h.id),
    );
    const done = [...left.values()].reduce((n, c) => n + c.done, 0);
    if (done > 0) throw refusal(done);
    return deleted;
  }

  /** All actions (open and done) of the assessment's hazards. */
  async function countHazardActions(tx: Executor, analysisId: number): Promise<number> {
    if (!hazardActions) return 0;
    const hazards = await repository.hazards(tx, analysisId);
    const counts = await hazardActions.countsOfSources(
      tx,
      HAZARD_ACTION_SOURCE,
      hazards.map((h) => h.hazard.id),
    );
    return [...counts.values()].reduce((n, c) => n + c.total, 0);
  }

  /** An inherited copy of a template hazard in an inheriting assessment (texts follow the master). */
  const inheritedCopy = (h: HazardRecord, analysisId: number, position: number) => ({
    analysisId,
    position,
    brickId: h.brickId,
    title: h.title,
    cause: h.cause,
    protectionGoal: h.protectionGoal,
    responsibleId: h.responsibleId,
    probabilityBefore: h.probabilityBefore,
    severityBefore: h.severityBefore,
    probabilityAfter: h.probabilityAfter,
    severityAfter: h.severityAfter,
    inherited: true,
    masterHazardId: h.id,
  });

  /** Inherited copies take their master's factors (as the single factor was copied before, decision 021). */
  const copyInheritedFactors = (tx: Executor, copies: HazardRecord[]) =>
    repository.copyHazardFactors(
      tx,
      copies.flatMap((c) => (c.masterHazardId === null ? [] : [[c.masterHazardId, c.id] as const])),
    );

  /**
   * Hazards added to a template reach every inheriting assessment as inherited copies (decision 021,
   * Inheritance), without actions (each assessment adopts its own measures); like a text change of a master hazard, each
   * inheritor's version rises and a released one starts a new working version (its frozen version stays).
   */
  async function pushToInheritors(
    tx: Executor,
    actorId: number,
    templateId: number,
    masters: HazardRecord[],
  ) {
    if (masters.length === 0) return;
    const inheritors = await repository.inheritorIds(tx, templateId);
    for (const analysisId of inheritors) {
      let position = await repository.nextPosition(tx, analysisId);
      const copies = await repository.insertHazards(
        tx,
        masters.map((h) => inheritedCopy(h, analysisId, position++)),
      );
      await copyInheritedFactors(tx, copies);
      await recordChange(tx, {
        entity: ENTITY,
        entityId: analysisId,
        state: LOG_STATE.CHANGED,
        actorId,
        changes: { inheritedHazards: { from: null, to: { templateId, titles: copies.map((c) => c.title) } } },
      });
    }
    await touchInheritors(tx, inheritors);
  }

  async function loadHazard(tx: Executor, analysisId: number, hazardId: number): Promise<HazardRecord> {
    const hazard = await repository.hazard(tx, analysisId, hazardId);
    if (!hazard) throw new AppError('NOT_FOUND');
    return hazard;
  }

  function assertNotInherited(hazard: HazardRecord) {
    if (hazard.inherited) {
      throw new AppError('HAZARD_INHERITED', {});
    }
  }

  const ratingColumns = (before: NohlRating | null, after: NohlRating | null) => ({
    probabilityBefore: before?.probability ?? null,
    severityBefore: before?.severity ?? null,
    probabilityAfter: after?.probability ?? null,
    severityAfter: after?.severity ?? null,
  });
  /** The rating columns after a partial update: a rating left out (undefined) keeps the stored one. */
  const namedRatings = (
    stored: Record<
      'probabilityBefore' | 'severityBefore' | 'probabilityAfter' | 'severityAfter',
      number | null
    >,
    before: NohlRating | null | undefined,
    after: NohlRating | null | undefined,
  ) => {
    const columns = ratingColumns(before ?? null, after ?? null);
    return {
      probabilityBefore: before === undefined ? stored.probabilityBefore : columns.probabilityBefore,
      severityBefore: before === undefined ? stored.severityBefore : columns.severityBefore,
      probabilityAfter: after === undefined ? stored.probabilityAfter : columns.probabilityAfter,
      severityAfter: after === undefined ? stored.severityAfter : columns.severityAfter,
    };
  };

  return {
    async list(actor: Actor, raw: HazardAnalysisListQuery, templates = false) {
      const query = hazardAnalysisListQuerySchema.parse(raw);
      const visible = await visibleCondition(db, actor, templates);
      return repository.list(query, visible, query.status, !templates && !canReadWorking(actor));
    },

    async dataTable(actor: Actor, raw: unknown) {
      const query = dataTableQuerySchema.parse(raw);
      const cap = query.limit === 0 ? DATATABLE_CAP : Math.min(query.limit, DATATABLE_CAP);
      const rows = await repository.ids(
        { ...query, limit: Math.min(cap, 100) },
        and(await visibleCondition(db, actor, false), dataTableStatus(query.filter)) as SQL,
        cap,
        !canReadWorking(actor),
      );
      return {
        rows: rows.map((r) => ({
          id: r.id,
          checklist_collectiontree_route: r.route,
          hazard_count: Number(r.hazardCount),
        })),
      };
    },

    /**
     * The records of a list print (decision 022): of these assessment ids, the ones the actor may see —
     * readers of the working copy get the assessments, released-only readers the ids of their last
     * released versions instead (the report prints those from the frozen snapshot).
     */
    async printRecords(actor: Actor, ids: number[]): Promise<{ records: number[]; versions: number[] }> {
      if (ids.length === 0) return { records: [], versions: [] };
      const rows = await repository.latestVersions(db, await visibleCondition(db, actor, false), ids);
      const latest = new Map(rows.map((r) => [r.id, r.latestVersionId]));
      const readable = ids.filter((id) => latest.has(id));
      if (canReadWorking(actor)) return { records: readable, versions: [] };
      // visibleCondition admits released-only readers only to assessments with a version.
      const versions = readable.map((id) => latest.get(id)).filter((v): v is number => typeof v === 'number');
      return { records: [], versions };
    },

    async draftPicker(actor: Actor, raw: ListQueryInput) {
      const query = listQuerySchema.parse(raw);
      return repository.draftPicker(
        query,
        and(await visibleCondition(db, actor, true), eq(hazardAnalyses.active, true)) as SQL,
      );
    },

    async get(actor: Actor, id: number) {
      return present(db, await loadReadable(db, actor, id));
    },

    async create(actor: Actor, raw: CreateHazardAnalysis): Promise<HazardAnalysis> {
      const input = createHazardAnalysisSchema.parse(raw);
      if (!actorHasAny(actor, input.isTemplate ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_ADD))
        throw new AppError('NO_PERMISSION');
      if (input.brickIds.length > 0 && input.responsibleId === null) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: RESPONSIBLE_REQUIRED,
          details: [{ path: ['responsibleId'], message: RESPONSIBLE_REQUIRED }],
        });
      }
      return db.transaction(async (tx) => {
        await assertHeader(tx, actor, input.isTemplate, input);
        await assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        let template: AnalysisRecord | undefined;
        if (input.templateId !== null) {
          template = await repository.findById(tx, input.templateId);
          if (!template?.isTemplate || !(await mayRead(tx, actor, template, true))) {
            const message = 'Die Vorlage ist nicht (mehr) vorhanden.';
            throw new AppError('INPUT_VALIDATION_ERROR', {
              message,
              details: [{ path: ['templateId'], message }],
            });
          }
        }
        const row = await repository.insert(tx, {
          portalId: actor.portalId,
          bezeichnung: input.bezeichnung,
          isTemplate: input.isTemplate,
          locationId: input.locationId,
          departmentId: input.departmentId ?? template?.departmentId ?? null,
          activityId: input.activityId ?? template?.activityId ?? null,
          attachSetting: input.attachSetting || template?.attachSetting || 0,
          factorMenuId: template?.factorMenuId ?? null,
        });
        // New hazards start without actions; the user adopts the bricks' measures (decision 021).
        if (template) {
          const source = await repository.hazards(tx, template.id);
          const copied = await repository.insertHazards(
            tx,
            source.map(({ hazard: h }, position) => ({
              analysisId: row.id,
              position,
              brickId: h.brickId,
              title: h.title,
              cause: h.cause,
              protectionGoal: h.protectionGoal,
              comment: h.comment,
              responsibleId: input.responsibleId ?? h.responsibleId,
              probabilityBefore: h.probabilityBefore,
              severityBefore: h.severityBefore,
              probabilityAfter: h.probabilityAfter,
              severityAfter: h.severityAfter,
            })),
          );
          // The copies take the template hazards' factors (the new assessment has the template's menu).
          const byPosition = new Map(copied.map((c) => [c.position, c.id]));
          await repository.copyHazardFactors(
            tx,
            source.flatMap(({ hazard: h }, position) => {
              const to = byPosition.get(position);
              return to === undefined ? [] : [[h.id, to] as const];
            }),
          );
        }
        if (input.brickIds.length > 0) {
          await hazardsFromBricks(tx, row.id, input.brickIds, input.responsibleId as number);
        }
        await recordChange(tx, {
          entity: ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, { ...input, templateId: input.templateId }, [
            ...HEADER_FIELDS,
            'isTemplate',
            'templateId',
          ]),
        });
        return present(tx, row);
      });
    },

    async update(actor: Actor, id: number, raw: UpdateHazardAnalysis): Promise<HazardAnalysis> {
      const input = updateHazardAnalysisSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_EDIT);
        // A partial update: a field left out keeps its stored value (decision 024).
        const fields = {
          bezeichnung: input.bezeichnung ?? row.bezeichnung,
          locationId: input.locationId === undefined ? row.locationId : input.locationId,
          departmentId: input.departmentId === undefined ? row.departmentId : input.departmentId,
          activityId: input.activityId === undefined ? row.activityId : input.activityId,
          attachSetting: input.attachSetting ?? row.attachSetting,
        };
        await assertHeader(tx, actor, row.isTemplate, fields);
        const changes = diffFields(row as unknown as Record<string, unknown>, fields, HEADER_FIELDS);
        if (input.factorMenuId !== undefined && input.factorMenuId !== row.factorMenuId) {
          // A new menu must be assignable (active); the hazards' factors of the old menu are cleared.
          if (input.factorMenuId !== null) {
            if (!factors) throw new AppError('FACTOR_MENU_INVALID_ID');
            await factors.assertAssignable(tx, input.factorMenuId);
          }
          await repository.clearAnalysisFactors(tx, id);
          changes.factorMenuId = { from: row.factorMenuId, to: input.factorMenuId };
          return finish(tx, actor, id, changes, { ...fields, factorMenuId: input.factorMenuId });
        }
        return finish(tx, actor, id, changes, fields);
      });
    },

    async addHazards(actor: Actor, id: number, raw: AddHazards): Promise<HazardAnalysis> {
      const input = addHazardsSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        await assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        const added = await hazardsFromBricks(tx, id, input.brickIds, input.responsibleId);
        if (row.isTemplate) await pushToInheritors(tx, actor.employeeId, id, added);
        return finish(tx, actor, id, { hazards: { from: null, to: added.map((h) => h.title) } });
      });
    },

    async updateHazard(actor: Actor, id: number, hazardId: number, raw: UpdateHazard) {
      const input = updateHazardSchema.parse(raw);
      return db.transaction(async (tx) => {
        await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        const hazard = await loadHazard(tx, id, hazardId);
        // A partial update: a field left out keeps its stored value (decision 024).
        if (input.responsibleId !== undefined)
          await assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        const texts = {
          title: input.title ?? hazard.title,
          cause: input.cause ?? hazard.cause,
          protectionGoal: input.protectionGoal ?? hazard.protectionGoal,
          comment: input.comment ?? hazard.comment,
        };
        if (hazard.inherited) {
          // Inherited hazards take their texts from the template; only responsible, comment and ratings are own.
          const changed = (['title', 'cause', 'protectionGoal'] as const).filter(
            (k) => texts[k] !== hazard[k],
          );
          if (changed.length > 0) assertNotInherited(hazard);
        }
        const patch = {
          ...texts,
          responsibleId: input.responsibleId ?? hazard.responsibleId,
          ...namedRatings(hazard, input.ratingBefore, input.ratingAfter),
        };
        const storedFactorIds = (await repository.hazardFactors(tx, [hazardId])).map((f) => f.factorId);
        const factorIds = input.factorIds ?? storedFactorIds;
        const factorsChanged =
          factorIds.length !== storedFactorIds.length || factorIds.some((f, i) => f !== storedFactorIds[i]);
        if (factorsChanged && factorIds.length > 0) {
          // The factors must belong to the assessment's (possibly meanwhile inactive) menu and respect the
          // registers' dropdown settings (multiple, offered — a hidden register only where already used).
          const analysis = await repository.findById(tx, id);
          if (!factors || !analysis) throw new AppError('FACTOR_MENU_MISSING');
          const menu = await factors.assertAssignable(tx, analysis.factorMenuId, { allowInactive: true });
          factors.assertFactorSelection(menu, factorIds, storedFactorIds);
        }
        const changes = diffFields(hazard as unknown as Record<string, unknown>, patch, [
          'title',
          'cause',
          'protectionGoal',
          'comment',
          'responsibleId',
          'probabilityBefore',
          'severityBefore',
          'probabilityAfter',
          'severityAfter',
        ]);
        if (factorsChanged) {
          changes.factorIds = { from: storedFactorIds, to: factorIds };
          await repository.setHazardFactors(tx, hazardId, factorIds);
        }
        await repository.updateHazard(tx, hazardId, patch);
        await syncInheritors(tx, hazardId);
        return finish(tx, actor, id, { [`hazard:${hazardId}`]: { from: null, to: changes } });
      });
    },

    async rateHazard(actor: Actor, id: number, hazardId: number, raw: RateHazard) {
      const input = rateHazardSchema.parse(raw);
      return db.transaction(async (tx) => {
        await beginWrite(tx, actor, id, input.version, [
          P.HAZARDANALYSIS_HAZARDS,
          P.HAZARDANALYSIS_RISK_MATRIX,
        ]);
        const hazard = await loadHazard(tx, id, hazardId);
        const patch = namedRatings(hazard, input.ratingBefore, input.ratingAfter);
        await repository.updateHazard(tx, hazardId, patch);
        return finish(tx, actor, id, {
          [`hazard:${hazardId}:rating`]: {
            from: [
              hazard.probabilityBefore,
              hazard.severityBefore,
              hazard.probabilityAfter,
              hazard.severityAfter,
            ],
            to: [patch.probabilityBefore, patch.severityBefore, patch.probabilityAfter, patch.severityAfter],
          },
        });
      });
    },

    async removeHazard(actor: Actor, id: number, hazardId: number, version: number) {
      return db.transaction(async (tx) => {
        await beginWrite(tx, actor, id, version, P.HAZARDANALYSIS_HAZARDS);
        const hazard = await loadHazard(tx, id, hazardId);
        if (hazard.inherited) {
          throw new AppError('HAZARD_INHERITED', {
            message:
              'Eine geerbte Gefährdung kann nicht einzeln entfernt werden. Heben Sie die Vererbung auf, um sie zu bearbeiten.',
          });
        }
        const deletedActions = await dropHazardActions(
          tx,
          actor.employeeId,
          [hazard],
          (done) =>
            new AppError('HAZARD_HAS_DONE_ACTIONS', {
              message: `Die Gefährdung „${hazard.title}“ hat ${done === 1 ? 'eine erledigte Maßnahme' : `${done} erledigte Maßnahmen`}. Erledigte Maßnahmen sind dokumentierte Nachweise; die Gefährdung kann deshalb nicht entfernt werden.`,
            }),
        );
        // Copies inherited from this (template) hazard become own hazards of their assessments.
        const copies = await tx
          .update(hazardAnalysisHazards)
          .set({ inherited: false, masterHazardId: null })
          .where(eq(hazardAnalysisHazards.masterHazardId, hazardId))
          .returning({ analysisId: hazardAnalysisHazards.analysisId });
        await touchInheritors(tx, [...new Set(copies.map((c) => c.analysisId))]);
        await repository.deleteHazard(tx, hazardId);
        return finish(tx, actor, id, {
          hazards: { from: hazard.title, to: null },
          ...(deletedActions > 0 ? { actions: { from: deletedActions, to: 0 } } : {}),
        });
      });
    },

    /**
     * Adopts measures of the hazard's brick as open actions of the hazard (decision 021, "Actions from
     * bricks"): one per chosen brick action, responsible = the hazard's responsible person, no executor, no
     * due date. Needs ACTIONS_CREATE (like 'Maßnahme hinzufügen') and the editor's write rules (_HAZARDS, in
     * scope, active; on a released assessment _VERSION — the adoption starts the new working version).
     * Refused for templates (their hazards carry no actions), hazards without a brick, ids of other bricks,
     * and measures this hazard already adopted.
     */
    async adoptBrickActions(actor: Actor, id: number, hazardId: number, raw: AdoptBrickActions) {
      const input = adoptBrickActionsSchema.parse(raw);
      if (!actorHasAny(actor, P.ACTIONS_CREATE)) throw new AppError('NO_PERMISSION');
      if (!hazardActions) throw new AppError('ACTION_SOURCE_UNKNOWN');
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        if (row.isTemplate) throw new AppError('HAZARD_ANALYSIS_TEMPLATE_NO_ACTIONS');
        const hazard = await loadHazard(tx, id, hazardId);
        if (hazard.brickId === null) throw new AppError('HAZARD_NO_BRICK');
        const catalogue = await repository.brickActions(tx, [hazard.brickId]);
        const wanted = new Set(input.brickActionIds);
        const known = new Set(catalogue.map((a) => a.id));
        if ([...wanted].some((actionId) => !known.has(actionId))) {
          throw new AppError('HAZARD_BRICK_ACTION_INVALID', {
            details: [
              {
                path: ['brickActionIds'],
                message: 'Die gewählte Maßnahme gehört nicht zum Gefährdungsbaustein dieser Gefährdung.',
              },
            ],
          });
        }
        const chosen = catalogue.filter((a) => wanted.has(a.id));
        const existing = await hazardActions.designationsOfSource(tx, HAZARD_ACTION_SOURCE, hazardId);
        const twice = adoptedBrickActions(existing, chosen);
        if (twice.length > 0) {
          const names = twice.map((a) => a.identifier).join(', ');
          throw new AppError('HAZARD_BRICK_ACTION_ADOPTED', {
            message:
              twice.length === 1
                ? `Die Maßnahme ${names} wurde für diese Gefährdung bereits übernommen. Bitte wählen Sie nur Maßnahmen, die noch fehlen.`
                : `Die Maßnahmen ${names} wurden für diese Gefährdung bereits übernommen. Bitte wählen Sie nur Maßnahmen, die noch fehlen.`,
          });
        }
        await hazardActions.createForSource(
          tx,
          actor.employeeId,
          { sourceType: HAZARD_ACTION_SOURCE, sourceId: hazardId },
          chosen.map((a) => ({
            ...brickActionProposal(a.brickIdentifier, a),
            responsibleId: hazard.responsibleId,
          })),
        );
        return finish(tx, actor, id, {
          [`hazard:${hazardId}:adoptedActions`]: { from: null, to: chosen.map((a) => a.identifier) },
        });
      });
    },

    async reorderHazards(actor: Actor, id: number, raw: ReorderHazards) {
      const input = reorderHazardsSchema.parse(raw);
      return db.transaction(async (tx) => {
        await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        const current = (await repository.hazards(tx, id)).map((h) => h.hazard.id);
        const same =
          current.length === input.hazardIds.length &&
          [...current].sort((a, b) => a - b).join() === [...input.hazardIds].sort((a, b) => a - b).join();
        if (!same) throw new AppError('CONFLICT');
        for (const [position, hazardId] of input.hazardIds.entries()) {
          await repository.updateHazard(tx, hazardId, { position });
        }
        return finish(tx, actor, id, { hazardOrder: { from: current, to: input.hazardIds } });
      });
    },

    /** Release: freezes a snapshot as version `versionNumber` (needs _RELEASE; free hazards must be complete). */
    async release(actor: Actor, id: number, raw: ReleaseHazardAnalysis): Promise<HazardAnalysis> {
      const input = releaseHazardAnalysisSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await loadReadable(tx, actor, id, 'update');
        if (!actorHasAny(actor, P.HAZARDANALYSIS_RELEASE)) throw new AppError('NO_PERMISSION');
        if (row.version !== input.version) throw new AppError('CONFLICT');
        if (row.isTemplate) throw new AppError('HAZARD_ANALYSIS_TEMPLATE_NO_RELEASE');
        if (!row.active) throw new AppError('HAZARD_ANALYSIS_INACTIVE');
        if (row.released) throw new AppError('HAZARD_ANALYSIS_ALREADY_RELEASED');
        const responsible = await repository.employee(tx, input.responsibleId);
        if (!responsible || responsible.portalId !== actor.portalId) {
          const message = 'Diese Person gibt es nicht.';
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message,
            details: [{ path: ['responsibleId'], message }],
          });
        }
        const analysis = await present(tx, row);
        if (analysis.hazards.length === 0) throw new AppError('HAZARD_ANALYSIS_NO_HAZARDS');
        const incomplete = analysis.hazards.filter(
          (h) => h.brickFree && (h.cause === '' || h.protectionGoal === ''),
        );
        if (incomplete.length > 0) {
          throw new AppError('HAZARD_ANALYSIS_INCOMPLETE', {
            message: `Bei freien Gefährdungen müssen Ursache und Schutzziel beschrieben sein: ${incomplete.map((h) => h.title).join(', ')}.`,
          });
        }
        const current = await criteria(tx);
        const documents: FrozenDocument[] = [];
        for (const frozen of hooks.frozenDocuments ?? []) documents.push(...(await frozen(tx, id)));
        const hazards: FrozenHazard[] = analysis.hazards.map((h) => {
          const before = nohlClassify(current, h.ratingBefore);
          const after = nohlClassify(current, h.ratingAfter);
          return {
            position: h.position,
            title: h.title,
            brickIdentifier: h.brickIdentifier,
            cause: h.cause,
            protectionGoal: h.protectionGoal,
            comment: h.comment,
            responsibleName: personName(h.responsible),
            inherited: h.inherited,
            ratingBefore: h.ratingBefore,
            scoreBefore: before?.score ?? null,
            bandBefore: before?.band ?? null,
            ratingAfter: h.ratingAfter,
            scoreAfter: after?.score ?? null,
            bandAfter: after?.band ?? null,
            factorLabels: h.factorLabels,
          };
        });
        const releasedAt = new Date();
        await repository.insertVersion(tx, {
          analysisId: id,
          versionNumber: row.versionNumber,
          releaseDate: input.releaseDate,
          nextCheckDate: input.nextCheckDate,
          responsibleId: responsible.id,
          responsibleName: personName(responsible),
          releasedBy: actor.employeeId,
          releasedAt,
          snapshot: {
            bezeichnung: analysis.bezeichnung,
            locationName: analysis.location?.name ?? null,
            departmentName: analysis.department?.name ?? null,
            activityName: analysis.activity?.name ?? null,
            attachSetting: analysis.attachSetting,
            criteria: current,
            hazards,
            documents,
          },
        });
        await repository.bump(tx, id, {
          released: true,
          releaseDate: input.releaseDate,
          nextCheckDate: input.nextCheckDate,
          releaseResponsibleId: responsible.id,
          releasedAt,
        });
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            release: {
              from: null,
              to: {
                versionNumber: row.versionNumber,
                releaseDate: input.releaseDate,
                nextCheckDate: input.nextCheckDate,
                responsibleId: responsible.id,
              },
            },
          },
        });
        for (const hook of hooks.onReleaseState) await hook(tx, id);
        const after = await repository.findById(tx, id);
        return present(tx, after as AnalysisRecord);
      });
    },

    async versions(actor: Actor, id: number) {
      const row = await repository.findById(db, id);
      if (!row || !(await mayRead(db, actor, row, false))) throw new AppError('NOT_FOUND');
      return repository.versions(db, id);
    },

    /** A frozen version (reference view /hazardanalysis/ref/{versionId}). */
    async getVersion(actor: Actor, versionId: number): Promise<HazardAnalysisVersion> {
      const version = await repository.version(db, versionId);
      if (!version) throw new AppError('NOT_FOUND');
      const row = await repository.findById(db, version.analysisId);
      if (!row || !(await mayRead(db, actor, row, false))) throw new AppError('NOT_FOUND');
      const s = version.snapshot as {
        bezeichnung: string;
        locationName: string | null;
        departmentName: string | null;
        activityName: string | null;
        attachSetting: number;
        criteria: NohlCriteria;
        hazards: StoredFrozenHazard[];
        documents?: FrozenDocument[];
      };
      let documents = s.documents ?? [];
      for (const present of hooks.presentFrozenDocuments ?? [])
        documents = await present(db, actor, documents);
      return {
        id: version.id,
        analysisId: version.analysisId,
        versionNumber: version.versionNumber,
        releaseDate: version.releaseDate,
        nextCheckDate: version.nextCheckDate,
        responsibleName: version.responsibleName,
        releasedAt: version.releasedAt.toISOString(),
        bezeichnung: s.bezeichnung,
        locationName: s.locationName,
        departmentName: s.departmentName,
        activityName: s.activityName,
        attachSetting: s.attachSetting,
        criteria: s.criteria,
        // Versions released while hazards had one factor stored `factorLabel`; older ones none.
        hazards: s.hazards.map(
          ({ factorLabel, factorLabels, ...h }): FrozenHazard => ({
            ...h,
            factorLabels: frozenFactorLabels({ factorLabels, factorLabel }),
          }),
        ),
        documents,
        workingCopyReadable: canReadWorking(actor),
      };
    },

    /**
     * Deletion with the spec's results, in this order: NOT_FOUND, ROUTE_FOUND (linked to a questionnaire
     * route), VERSION_FOUND (it has frozen versions), FOREIGN_ENTRY (an inheritance template, another
     * module's guard names a link, or a hazard has actions). Each refusal offers inactivation instead (web).
     */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await loadReadable(tx, actor, id, 'update');
        if (!actorHasAny(actor, row.isTemplate ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_DELETE))
          throw new AppError('NO_PERMISSION');
        if (row.version !== version) throw new AppError('CONFLICT');
        if (row.checklistRouteId !== null) throw new AppError('ROUTE_FOUND');
        if ((await repository.countVersions(tx, id)) > 0) throw new AppError('VERSION_FOUND');
        const inheritors = await repository.countInheritors(tx, id);
        if (inheritors > 0) {
          throw new AppError('FOREIGN_ENTRY', {
            message: `Die Gefährdungsbeurteilung ist Vorlage einer Vererbung an ${inheritors} Gefährdungsbeurteilung(en) und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
          });
        }
        for (const guard of hooks.deletionGuards) {
          const reason = await guard(tx, id);
          if (reason) throw new AppError('FOREIGN_ENTRY', { message: reason });
        }
        // Spec (Hazard assessment states): linked to actions — open or done — refuses; inactivate instead.
        const actionCount = await countHazardActions(tx, id);
        if (actionCount > 0) {
          throw new AppError('FOREIGN_ENTRY', {
            message: `Die Gefährdungsbeurteilung ist mit ${actionCount === 1 ? 'einer Maßnahme' : `${actionCount} Maßnahmen`} verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
          });
        }
        await repository.deleteAnalysis(tx, id);
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { bezeichnung: { from: row.bezeichnung, to: null } },
        });
      });
    },

    /** Activate / inactivate (needs _ACTIVATE); the comment is kept; the hooks run in the transaction. */
    async setActive(actor: Actor, id: number, raw: SetHazardAnalysisActive): Promise<HazardAnalysis> {
      const input = setActiveSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await loadReadable(tx, actor, id, 'update');
        if (!actorHasAny(actor, P.HAZARDANALYSIS_ACTIVATE)) throw new AppError('NO_PERMISSION');
        if (row.version !== input.version) throw new AppError('CONFLICT');
        if (row.active === input.active) throw new AppError('CONFLICT');
        await repository.bump(tx, id, {
          active: input.active,
          inactiveComment: input.active ? '' : input.comment,
        });
        const event = { analysisId: id, actorId: actor.employeeId, comment: input.comment };
        for (const hook of input.active ? hooks.onActivate : hooks.onInactivate) await hook(tx, event);
        await recordChange(tx, {
          entity: ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            active: { from: row.active, to: input.active },
            ...(input.comment ? { comment: { from: null, to: input.comment } } : {}),
          },
        });
        const after = await repository.findById(tx, id);
        return present(tx, after as AnalysisRecord);
      });
    },

    /**
     * Inheritance (HAZARDANALYSIS_INHERITANCE): the template's hazards are added as inherited copies (texts
     * follow the template; responsible, comment and ratings are the assessment's own).
     */
    async inherit(actor: Actor, id: number, raw: InheritHazardAnalysis): Promise<HazardAnalysis> {
      const input = inheritSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_INHERITANCE);
        if (!actorHasAny(actor, P.HAZARDANALYSIS_INHERITANCE)) throw new AppError('NO_PERMISSION');
        if (row.isTemplate) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        if (row.inheritanceTemplateId !== null) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        const template = await repository.findById(tx, input.templateId);
        if (!template?.isTemplate || !(await mayRead(tx, actor, template, true))) {
          const message = 'Die Vorlage ist nicht (mehr) vorhanden.';
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message,
            details: [{ path: ['templateId'], message }],
          });
        }
        const source = await repository.hazards(tx, template.id);
        let position = await repository.nextPosition(tx, id);
        // The copies start without actions: the inheriting assessment adopts its own measures.
        const copies = await repository.insertHazards(
          tx,
          source.map(({ hazard: h }) => inheritedCopy(h, id, position++)),
        );
        await copyInheritedFactors(tx, copies);
        return finish(
          tx,
          actor,
          id,
          { inheritanceTemplateId: { from: null, to: template.id } },
          { inheritanceTemplateId: template.id },
        );
      });
    },

    /** Ends the inheritance: the inherited hazards become own hazards of the assessment. */
    async endInheritance(actor: Actor, id: number, version: number): Promise<HazardAnalysis> {
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, version, P.HAZARDANALYSIS_INHERITANCE);
        if (!actorHasAny(actor, P.HAZARDANALYSIS_INHERITANCE)) throw new AppError('NO_PERMISSION');
        if (row.inheritanceTemplateId === null) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        await tx
          .update(hazardAnalysisHazards)
          .set({ inherited: false, masterHazardId: null })
          .where(and(eq(hazardAnalysisHazards.analysisId, id), eq(hazardAnalysisHazards.inherited, true)));
        return finish(
          tx,
          actor,
          id,
          { inheritanceTemplateId: { from: row.inheritanceTemplateId, to: null } },
          { inheritanceTemplateId: null },
        );
      });
    },

    /**
     * The action source 'hazard' (decision 021, Wiring): the source id is a hazard of an assessment's working
     * copy. Reading follows the assessment (location scope; released-only readers need a released version);
     * changing actions needs "Gefährdungen und Maßnahmen bearbeiten", an active assessment (no template) in
     * scope. Frozen versions are shown read-only by the web.
     */
    hazardActionSource: {
      async describe(ex: Executor, ids: readonly number[]) {
        const out = new Map<number, { label: string; link: string | null }>();
        if (ids.length === 0) return out;
        const rows = await ex
          .select({
            id: hazardAnalysisHazards.id,
            title: hazardAnalysisHazards.title,
            analysisId: hazardAnalyses.id,
            bezeichnung: hazardAnalyses.bezeichnung,
          })
          .from(hazardAnalysisHazards)
          .innerJoin(hazardAnalyses, eq(hazardAnalyses.id, hazardAnalysisHazards.analysisId))
          .where(inArray(hazardAnalysisHazards.id, [...ids]));
        for (const r of rows) {
          out.set(r.id, {
            label: `Gefährdung „${r.title}“ – ${r.bezeichnung}`,
            link: `/hazardanalysis/${r.analysisId}`,
          });
        }
        return out;
      },
      async canRead(actor: Actor, ex: Executor, hazardId: number) {
        const row = await analysisOfHazard(ex, hazardId);
        if (!row || !(await mayRead(ex, actor, row, false))) return false;
        if (row.isTemplate || canReadWorking(actor)) return true;
        return (
          actorHasAny(actor, P.HAZARDANALYSIS_READONLY_RELEASED) &&
          (await repository.countVersions(ex, row.id)) > 0
        );
      },
      async canEdit(actor: Actor, ex: Executor, hazardId: number) {
        const row = await analysisOfHazard(ex, hazardId);
        if (!row || row.isTemplate || !row.active) return false;
        if (!actorHasAny(actor, P.HAZARDANALYSIS_HAZARDS)) return false;
        return mayRead(ex, actor, row, true);
      },
      async locationOf(ex: Executor, hazardId: number) {
        return (await analysisOfHazard(ex, hazardId))?.locationId ?? null;
      },
      async portalOf(ex: Executor, hazardId: number) {
        return (await analysisOfHazard(ex, hazardId))?.portalId ?? null;
      },
    },

    /**
     * The assessment as a target of the documents' attach API (decision 021, Documents): listing needs the
     * working copy readable (released-only readers see the documents frozen with each version); attaching and
     * detaching is a change of the assessment like a header edit — HAZARDANALYSIS_EDIT (templates: _DRAFTS),
     * in scope, active, and on a released one _VERSION: the change starts a new working version, so the frozen
     * version keeps the documents of its release. The link API carries no assessment version; a link change
     * raises it (other open forms answer 409 and reload).
     */
    documentLinkTarget: {
      async canRead(ex: Executor, actor: Actor, id: number): Promise<boolean> {
        const row = await repository.findById(ex, id);
        return row !== undefined && (await mayRead(ex, actor, row, true));
      },
      /** HAZARDANALYSIS_DOCUMENT_CHECK on an assessment whose working copy the actor may read (as canRead). */
      async mayCheck(ex: Executor, actor: Actor, id: number): Promise<boolean> {
        if (!actorHasAny(actor, P.HAZARDANALYSIS_DOCUMENT_CHECK)) return false;
        const row = await repository.findById(ex, id);
        return row !== undefined && (await mayRead(ex, actor, row, true));
      },
      async assertCanChange(tx: Executor, actor: Actor, id: number): Promise<void> {
        assertWritable(actor, await loadReadable(tx, actor, id, 'update'), P.HAZARDANALYSIS_EDIT);
      },
      async onChanged(
        tx: Executor,
        actor: Actor,
        event: { entityId: number; documentId: number; linked: boolean },
      ): Promise<void> {
        const row = await loadReadable(tx, actor, event.entityId, 'update');
        await beginWrite(tx, actor, row.id, row.version, P.HAZARDANALYSIS_EDIT);
        await repository.bump(tx, row.id, {});
        await recordChange(tx, {
          entity: ENTITY,
          entityId: row.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            document: {
              from: event.linked ? null : event.documentId,
              to: event.linked ? event.documentId : null,
            },
          },
        });
      },
    },

    /** Usage guard for factor menus (decision 019): a menu an assessment uses cannot be changed. */
    async factorMenuUsageGuard(ex: Executor, menuId: number): Promise<string | null> {
      const [r] = await ex
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(hazardAnalyses)
        .where(eq(hazardAnalyses.factorMenuId, menuId));
      const n = r?.n ?? 0;
      return n > 0
        ? `Das Faktorenmenü wird in ${n} Gefährdungsbeurteilung(en) verwendet und kann nicht bearbeitet, gelöscht oder deaktiviert werden.`
        : null;
    },

    /** Deletion guard for hazard bricks: a brick used by an assessment's hazard cannot be deleted. */
    async brickDeletionGuard(ex: Executor, brickId: number): Promise<string | null> {
      const n = await repository.usesBrick(ex, brickId);
      return n > 0
        ? `Der Gefährdungsbaustein wird in ${n} Gefährdungsbeurteilung(en) verwendet und kann nicht gelöscht werden.`
        : null;
    },
  };

  async function analysisOfHazard(ex: Executor, hazardId: number): Promise<AnalysisRecord | undefined> {
    const [r] = await ex
      .select({ analysis: hazardAnalyses })
      .from(hazardAnalysisHazards)
      .innerJoin(hazardAnalyses, eq(hazardAnalyses.id, hazardAnalysisHazards.analysisId))
      .where(eq(hazardAnalysisHazards.id, hazardId));
    return r?.analysis;
  }

  /**
   * Inherited copies of a template hazard follow its texts (title, cause, protection goal). The inheriting
   * assessments change: their version rises, and a released one starts a new working version.
   */
  async function syncInheritors(tx: Executor, masterHazardId: number) {
    const [master] = await tx
      .select()
      .from(hazardAnalysisHazards)
      .where(eq(hazardAnalysisHazards.id, masterHazardId));
    if (!master) return;
    const copies = await tx
      .update(hazardAnalysisHazards)
      .set({ title: master.title, cause: master.cause, protectionGoal: master.protectionGoal })
      .where(eq(hazardAnalysisHazards.masterHazardId, masterHazardId))
      .returning({ analysisId: hazardAnalysisHazards.analysisId });
    await touchInheritors(tx, [...new Set(copies.map((c) => c.analysisId))]);
  }

  async function touchInheritors(tx: Executor, analysisIds: number[]) {
    if (analysisIds.length === 0) return;
    await tx
      .update(hazardAnalyses)
      .set({
        version: sql`${hazardAnalyses.version} + 1`,
        versionNumber: sql`${hazardAnalyses.versionNumber} + case when ${hazardAnalyses.released} then 1 else 0 end`,
        released: false,
        updatedAt: new Date(),
      })
      .where(inArray(hazardAnalyses.id, analysisIds));
    for (const id of analysisIds) for (const hook of hooks.onReleaseState) await hook(tx, id);
  }
}

export type HazardAnalysisService = ReturnType<typeof createHazardAnalysisService>;
