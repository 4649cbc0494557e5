import { hazardAnalysisMessages } from '@schutzwerk/shared/errors.ts';
import type {
  CreateHazardAnalysis,
  HazardAnalysis,
  HazardAnalysisListQuery,
  SetHazardAnalysisActive,
  UpdateHazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import {
  createHazardAnalysisSchema,
  dataTableQuerySchema,
  hazardAnalysisListQuerySchema,
  RESPONSIBLE_REQUIRED,
  setActiveSchema,
  updateHazardAnalysisSchema,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { DEFAULT_NOHL_CRITERIA } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { type ListQueryInput, listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { canReadWorking, createHazardAnalysisAccess } from './hazard-analysis.access.ts';
import { createHazardAnalysisAdapters } from './hazard-analysis.adapters.ts';
import { createHazardAnalysisHazards } from './hazard-analysis.hazards.ts';
import { createHazardAnalysisInheritance } from './hazard-analysis.inheritance.ts';
import type { DataTableStatus } from './hazard-analysis.list.repository.ts';
import type {
  HazardActionsPort,
  HazardAnalysisHooks,
  HazardCriteriaPort,
  HazardFactorsPort,
  HazardOrganisationPort,
  HazardSubstancesPort,
} from './hazard-analysis.ports.ts';
import { createHazardAnalysisPresenter } from './hazard-analysis.presenter.ts';
import { createHazardQuestionnairePort } from './hazard-analysis.questionnaire.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import { createHazardAnalysisSubstances } from './hazard-analysis.substances.ts';
import {
  AUDIT_ENTITY,
  createHazardAnalysisReleases,
  createHazardAnalysisWrites,
} from './hazard-analysis.versions.ts';

export type HazardAnalysisDeps = {
  db: Db;
  repository: HazardAnalysisRepository;
  organisation: HazardOrganisationPort;
  hooks: HazardAnalysisHooks;
  /** The factor menus (decision 019): which menu an assessment may get, which factors a hazard may pick. */
  factors?: HazardFactorsPort;
  /** The classification criteria in force (the NOHL status module); the seed until it is wired. */
  criteria?: HazardCriteriaPort;
  /** The actions module for the hazards' actions; without it no measures can be adopted and no counts show. */
  actions?: HazardActionsPort;
  /** The substances module: the hazardous substances linked to hazards (decision 054). */
  substances?: HazardSubstancesPort;
};

const HEADER_FIELDS = ['bezeichnung', 'locationId', 'departmentId', 'activityId', 'attachSetting'] as const;
const DATATABLE_CAP = 10_000;

/** The list's status filter sent as DataTable `filter` (JSON text `{"status":"active"}`); anything else: none. */
export function dataTableStatus(filter: string): DataTableStatus | undefined {
  let status: unknown;
  try {
    status = filter.trim() === '' ? undefined : (JSON.parse(filter) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  return status === 'active' || status === 'inactive' || status === 'released' ? status : undefined;
}

/**
 * Rules of the hazard assessments (decision 021), composed from the module's parts: access
 * (hazard-analysis.access.ts), presenter, versions and release (hazard-analysis.versions.ts), hazards,
 * inheritance and the adapters other modules use. Here: the lists, the header (create, update), deletion
 * and activation.
 */
export function createHazardAnalysisService({
  db,
  repository,
  organisation,
  hooks,
  factors,
  criteria = async () => DEFAULT_NOHL_CRITERIA,
  actions,
  substances,
}: HazardAnalysisDeps) {
  const access = createHazardAnalysisAccess({ repository, organisation });
  const presenter = createHazardAnalysisPresenter({ repository, actions });
  const writes = createHazardAnalysisWrites({ repository, hooks, access, presenter });
  const releases = createHazardAnalysisReleases({
    db,
    repository,
    hooks,
    access,
    presenter,
    criteria,
    substances,
  });
  const inheritance = createHazardAnalysisInheritance({ db, repository, hooks, access, writes });
  const hazards = createHazardAnalysisHazards({
    db,
    repository,
    access,
    writes,
    inheritance,
    factors,
    actions,
  });
  const adapters = createHazardAnalysisAdapters({ repository, access, writes });
  const substanceLinks = createHazardAnalysisSubstances({ db, repository, access, writes, substances });
  // The questionnaires' port (decision 058): read access, the route, hazards from comments on questions.
  const questionnaire = createHazardQuestionnairePort({
    repository,
    access,
    writes,
    hazardsFromBricks: hazards.hazardsFromBricks,
  });
  const { present } = presenter;
  const { beginWrite, finish } = writes;

  return {
    questionnaire,

    async list(actor: Actor, raw: HazardAnalysisListQuery, templates = false) {
      const query = hazardAnalysisListQuerySchema.parse(raw);
      const visibility = await access.visibility(db, actor, templates);
      return repository.list(db, query, visibility, query.status, !templates && !canReadWorking(actor));
    },

    async dataTable(actor: Actor, raw: unknown) {
      const query = dataTableQuerySchema.parse(raw);
      const cap = query.limit === 0 ? DATATABLE_CAP : Math.min(query.limit, DATATABLE_CAP);
      const rows = await repository.ids(
        db,
        { ...query, limit: Math.min(cap, 100) },
        await access.visibility(db, actor, false),
        dataTableStatus(query.filter),
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
      const rows = await repository.latestVersions(db, await access.visibility(db, actor, false), ids);
      const latest = new Map(rows.map((r) => [r.id, r.latestVersionId]));
      const readable = ids.filter((id) => latest.has(id));
      if (canReadWorking(actor)) return { records: readable, versions: [] };
      // The visibility admits released-only readers only to assessments with a version.
      const versions = readable.map((id) => latest.get(id)).filter((v): v is number => typeof v === 'number');
      return { records: [], versions };
    },

    async draftPicker(actor: Actor, raw: ListQueryInput) {
      const query = listQuerySchema.parse(raw);
      return repository.draftPicker(db, query, await access.visibility(db, actor, true));
    },

    async get(actor: Actor, id: number) {
      return present(db, await access.loadReadable(db, actor, id));
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
        await access.assertHeader(tx, actor, input.isTemplate, input);
        await access.assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        const template =
          input.templateId === null ? undefined : await access.loadTemplate(tx, actor, input.templateId);
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
        if (template) await inheritance.copyTemplate(tx, template.id, row.id, input.responsibleId);
        if (input.brickIds.length > 0) {
          await hazards.hazardsFromBricks(tx, row.id, input.brickIds, input.responsibleId as number);
        }
        await recordChange(tx, {
          entity: AUDIT_ENTITY,
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
        await access.assertHeader(tx, actor, row.isTemplate, fields);
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

    addHazards: hazards.addHazards,
    updateHazard: hazards.updateHazard,
    rateHazard: hazards.rateHazard,
    removeHazard: hazards.removeHazard,
    adoptBrickActions: hazards.adoptBrickActions,
    reorderHazards: hazards.reorderHazards,
    hazardSubstances: substanceLinks.links,
    linkHazardSubstance: substanceLinks.link,
    unlinkHazardSubstance: substanceLinks.unlink,

    release: releases.release,
    versions: releases.versions,
    getVersion: releases.getVersion,

    /**
     * Deletion with the spec's results, in this order: NOT_FOUND, ROUTE_FOUND (linked to a questionnaire
     * route), VERSION_FOUND (it has frozen versions), FOREIGN_ENTRY (an inheritance template, another
     * module's guard names a link, or a hazard has actions). Each refusal offers inactivation instead (web).
     */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await access.loadReadable(tx, actor, id, 'update');
        if (!actorHasAny(actor, row.isTemplate ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_DELETE))
          throw new AppError('NO_PERMISSION');
        if (row.version !== version) throw new AppError('CONFLICT');
        if (row.checklistRouteId !== null) throw new AppError('ROUTE_FOUND');
        if ((await repository.countVersions(tx, id)) > 0) throw new AppError('VERSION_FOUND');
        const inheritors = await repository.countInheritors(tx, id);
        if (inheritors > 0) {
          throw new AppError('FOREIGN_ENTRY', {
            message: hazardAnalysisMessages.templateOfInheritors(inheritors),
          });
        }
        for (const guard of hooks.deletionGuards) {
          const reason = await guard(tx, id);
          if (reason) throw new AppError('FOREIGN_ENTRY', { message: reason });
        }
        // Spec (Hazard assessment states): linked to actions — open or done — refuses; inactivate instead.
        const actionCount = await hazards.countHazardActions(tx, id);
        if (actionCount > 0) {
          throw new AppError('FOREIGN_ENTRY', {
            message: hazardAnalysisMessages.linkedToActions(actionCount),
          });
        }
        await repository.deleteAnalysis(tx, id);
        await recordChange(tx, {
          entity: AUDIT_ENTITY,
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
        const row = await access.loadReadable(tx, actor, id, 'update');
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
          entity: AUDIT_ENTITY,
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

    inherit: inheritance.inherit,
    endInheritance: inheritance.endInheritance,

    hazardActionSource: adapters.hazardActionSource,
    documentLinkTarget: adapters.documentLinkTarget,
    factorMenuUsageGuard: adapters.factorMenuUsageGuard,
    brickDeletionGuard: adapters.brickDeletionGuard,
    substanceDeletionGuard: substanceLinks.deletionGuard,
    substanceUsage: substanceLinks.substanceUsage,
  };
}

export type HazardAnalysisService = ReturnType<typeof createHazardAnalysisService>;
