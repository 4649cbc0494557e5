import { hazardAnalysisMessages } from '@schutzwerk/shared/errors.ts';
import {
  type AddHazards,
  type AdoptBrickActions,
  addHazardsSchema,
  adoptBrickActionsSchema,
  type HazardAnalysis,
  type RateHazard,
  type ReorderHazards,
  rateHazardSchema,
  reorderHazardsSchema,
  type UpdateHazard,
  updateHazardSchema,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { NohlRating } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { HazardAnalysisAccess } from './hazard-analysis.access.ts';
import { assertInheritedTextsKept, type HazardAnalysisInheritance } from './hazard-analysis.inheritance.ts';
import {
  HAZARD_ACTION_SOURCE,
  type HazardActionsPort,
  type HazardFactorsPort,
} from './hazard-analysis.ports.ts';
import { adoptedBrickActions, brickActionProposal } from './hazard-analysis.proposals.ts';
import type { HazardAnalysisRepository, HazardRecord } from './hazard-analysis.repository.ts';
import type { HazardAnalysisWrites } from './hazard-analysis.versions.ts';

/**
 * The hazards of an assessment (decision 021): added from bricks, texts, responsible person, NOHL ratings
 * before/after, factors of the assessment's factor menu, order, removal (with their open actions) and the
 * bricks' measures adopted as actions. Every change is a write of the assessment under its version.
 */

type RatingColumns = Record<
  'probabilityBefore' | 'severityBefore' | 'probabilityAfter' | 'severityAfter',
  number | null
>;

const ratingColumns = (before: NohlRating | null, after: NohlRating | null): RatingColumns => ({
  probabilityBefore: before?.probability ?? null,
  severityBefore: before?.severity ?? null,
  probabilityAfter: after?.probability ?? null,
  severityAfter: after?.severity ?? null,
});

/** The rating columns after a partial update: a rating left out (undefined) keeps the stored one, null clears it. */
export function namedRatings(
  stored: RatingColumns,
  before: NohlRating | null | undefined,
  after: NohlRating | null | undefined,
): RatingColumns {
  const columns = ratingColumns(before ?? null, after ?? null);
  return {
    probabilityBefore: before === undefined ? stored.probabilityBefore : columns.probabilityBefore,
    severityBefore: before === undefined ? stored.severityBefore : columns.severityBefore,
    probabilityAfter: after === undefined ? stored.probabilityAfter : columns.probabilityAfter,
    severityAfter: after === undefined ? stored.severityAfter : columns.severityAfter,
  };
}

/** A new order must name exactly the assessment's hazards (else someone changed them meanwhile: 409). */
export const sameHazards = (current: readonly number[], requested: readonly number[]) =>
  current.length === requested.length &&
  [...current].sort((a, b) => a - b).join() === [...requested].sort((a, b) => a - b).join();

/** Factor lists differ (order counts: it is the order shown and printed). */
export const factorsDiffer = (stored: readonly number[], next: readonly number[]) =>
  next.length !== stored.length || next.some((f, i) => f !== stored[i]);

const doneActionsRefusal = (title: string, done: number) =>
  new AppError('HAZARD_HAS_DONE_ACTIONS', {
    message: hazardAnalysisMessages.hazardHasDoneActions(title, done),
  });

/**
 * Before hazards go: refuses (409 HAZARD_HAS_DONE_ACTIONS) when any of their actions is done — done actions
 * are documented evidence —, otherwise deletes their open actions with the open tasks. Answers how many
 * actions were deleted.
 */
export async function dropHazardActions(
  actions: HazardActionsPort | undefined,
  tx: Executor,
  actorId: number,
  hazards: readonly Pick<HazardRecord, 'id' | 'title'>[],
  refusal: (done: number) => AppError,
): Promise<number> {
  if (!actions || hazards.length === 0) return 0;
  const counts = await actions.countsOfSources(
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
    deleted += await actions.deleteOpenOfSource(tx, actorId, HAZARD_ACTION_SOURCE, h.id);
  }
  // An action marked done meanwhile (committed between the count and the delete) stays: refuse then too.
  const left = await actions.countsOfSources(
    tx,
    HAZARD_ACTION_SOURCE,
    touched.map((h) => h.id),
  );
  const done = [...left.values()].reduce((n, c) => n + c.done, 0);
  if (done > 0) throw refusal(done);
  return deleted;
}

export function createHazardAnalysisHazards({
  db,
  repository,
  access,
  writes,
  inheritance,
  factors,
  actions,
}: {
  db: Db;
  repository: HazardAnalysisRepository;
  access: HazardAnalysisAccess;
  writes: HazardAnalysisWrites;
  inheritance: HazardAnalysisInheritance;
  factors: HazardFactorsPort | undefined;
  actions: HazardActionsPort | undefined;
}) {
  const { beginWrite, finish } = writes;

  async function loadHazard(tx: Executor, analysisId: number, hazardId: number): Promise<HazardRecord> {
    const hazard = await repository.hazard(tx, analysisId, hazardId);
    if (!hazard) throw new AppError('NOT_FOUND');
    return hazard;
  }

  /** New hazards from bricks at the end of the assessment, each with the brick's title. */
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
        const message = hazardAnalysisMessages.brickGone;
        throw new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: ['brickIds'], message }] });
      }
      return { analysisId, position: position++, brickId, title: brick.title, responsibleId };
    });
    return repository.insertHazards(tx, rows);
  }

  return {
    hazardsFromBricks,

    /** All actions (open and done) of the assessment's hazards. */
    async countHazardActions(tx: Executor, analysisId: number): Promise<number> {
      if (!actions) return 0;
      const hazards = await repository.hazards(tx, analysisId);
      const counts = await actions.countsOfSources(
        tx,
        HAZARD_ACTION_SOURCE,
        hazards.map((h) => h.hazard.id),
      );
      return [...counts.values()].reduce((n, c) => n + c.total, 0);
    },

    async addHazards(actor: Actor, id: number, raw: AddHazards): Promise<HazardAnalysis> {
      const input = addHazardsSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        await access.assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        const added = await hazardsFromBricks(tx, id, input.brickIds, input.responsibleId);
        if (row.isTemplate) await inheritance.pushToInheritors(tx, actor.employeeId, id, added);
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
          await access.assertRef(tx, actor, 'employee', input.responsibleId, 'responsibleId');
        const texts = {
          title: input.title ?? hazard.title,
          cause: input.cause ?? hazard.cause,
          protectionGoal: input.protectionGoal ?? hazard.protectionGoal,
          comment: input.comment ?? hazard.comment,
        };
        // Inherited hazards take their texts from the template; only responsible, comment and ratings are own.
        assertInheritedTextsKept(hazard, texts);
        const patch = {
          ...texts,
          responsibleId: input.responsibleId ?? hazard.responsibleId,
          ...namedRatings(hazard, input.ratingBefore, input.ratingAfter),
        };
        const storedFactorIds = (await repository.hazardFactors(tx, [hazardId])).map((f) => f.factorId);
        const factorIds = input.factorIds ?? storedFactorIds;
        const factorsChanged = factorsDiffer(storedFactorIds, factorIds);
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
        await inheritance.syncInheritors(tx, hazardId);
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
            message: hazardAnalysisMessages.inheritedHazard,
          });
        }
        const deletedActions = await dropHazardActions(actions, tx, actor.employeeId, [hazard], (done) =>
          doneActionsRefusal(hazard.title, done),
        );
        await inheritance.detachCopiesOf(tx, hazardId);
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
      if (!actions) throw new AppError('ACTION_SOURCE_UNKNOWN');
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
                message: hazardAnalysisMessages.fieldBrickActionForeign,
              },
            ],
          });
        }
        const chosen = catalogue.filter((a) => wanted.has(a.id));
        const existing = await actions.designationsOfSource(tx, HAZARD_ACTION_SOURCE, hazardId);
        const twice = adoptedBrickActions(existing, chosen);
        if (twice.length > 0) {
          throw new AppError('HAZARD_BRICK_ACTION_ADOPTED', {
            message: hazardAnalysisMessages.brickActionsAdopted(twice.map((a) => a.identifier)),
          });
        }
        await actions.createForSource(
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
        if (!sameHazards(current, input.hazardIds)) throw new AppError('CONFLICT');
        for (const [position, hazardId] of input.hazardIds.entries()) {
          await repository.updateHazard(tx, hazardId, { position });
        }
        return finish(tx, actor, id, { hazardOrder: { from: current, to: input.hazardIds } });
      });
    },
  };
}
