import {
  type HazardAnalysis,
  type InheritHazardAnalysis,
  inheritSchema,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type { HazardAnalysisHooks } from './hazard-analysis.ports.ts';
import type { HazardAnalysisRepository, HazardInsert, HazardRecord } from './hazard-analysis.repository.ts';
import { AUDIT_ENTITY, type HazardAnalysisWrites } from './hazard-analysis.versions.ts';
import { hazardSubstancesRepository } from './hazard-substances.repository.ts';

/**
 * Templates and inheritance (decision 021, Inheritance): a new assessment from a template gets own copies of
 * its hazards; an inheriting assessment gets inherited copies whose texts follow the template's hazards
 * (responsible, comment and ratings are its own). Hazards added to or changed in a template reach its
 * inheritors; ending the inheritance makes the copies own hazards.
 */

/** An inherited copy of a template hazard in an inheriting assessment (texts follow the master). */
export const inheritedCopy = (h: HazardRecord, analysisId: number, position: number): HazardInsert => ({
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

/** The `[masterId, copyId]` pairs whose factors the inherited copies take. */
export const inheritedFactorPairs = (copies: readonly Pick<HazardRecord, 'id' | 'masterHazardId'>[]) =>
  copies.flatMap((c) => (c.masterHazardId === null ? [] : [[c.masterHazardId, c.id] as const]));

/**
 * Own copies of a template's hazards for a new assessment (not inherited): brick, texts, comment and ratings;
 * a given `responsibleId` replaces every hazard's responsible person.
 */
export const templateCopies = (
  source: readonly HazardRecord[],
  analysisId: number,
  responsibleId: number | null,
): HazardInsert[] =>
  source.map((h, position) => ({
    analysisId,
    position,
    brickId: h.brickId,
    title: h.title,
    cause: h.cause,
    protectionGoal: h.protectionGoal,
    comment: h.comment,
    responsibleId: responsibleId ?? h.responsibleId,
    probabilityBefore: h.probabilityBefore,
    severityBefore: h.severityBefore,
    probabilityAfter: h.probabilityAfter,
    severityAfter: h.severityAfter,
  }));

/** The `[templateHazardId, copyId]` pairs of own copies, matched by position. */
export const templateFactorPairs = (
  source: readonly Pick<HazardRecord, 'id'>[],
  copies: readonly Pick<HazardRecord, 'id' | 'position'>[],
) => {
  const byPosition = new Map(copies.map((c) => [c.position, c.id]));
  return source.flatMap((h, position) => {
    const to = byPosition.get(position);
    return to === undefined ? [] : [[h.id, to] as const];
  });
};

/** Inherited hazards take title, cause and protection goal from the template: those texts must not change. */
export function assertInheritedTextsKept(
  hazard: Pick<HazardRecord, 'inherited' | 'title' | 'cause' | 'protectionGoal'>,
  texts: { title: string; cause: string; protectionGoal: string },
) {
  if (!hazard.inherited) return;
  const changed = (['title', 'cause', 'protectionGoal'] as const).filter((k) => texts[k] !== hazard[k]);
  if (changed.length > 0) throw new AppError('HAZARD_INHERITED', {});
}

export function createHazardAnalysisInheritance({
  db,
  repository,
  hooks,
  access,
  writes,
}: {
  db: Db;
  repository: HazardAnalysisRepository;
  hooks: HazardAnalysisHooks;
  access: HazardAnalysisAccess;
  writes: HazardAnalysisWrites;
}) {
  /** The assessments changed through their template: their version rises, a released one starts a new one. */
  async function touchInheritors(tx: Executor, analysisIds: number[]) {
    if (analysisIds.length === 0) return;
    await repository.touchAnalyses(tx, analysisIds);
    for (const id of analysisIds) for (const hook of hooks.onReleaseState) await hook(tx, id);
  }

  /** Inherited copies take their master's factors (as the single factor was copied before, decision 021). */
  const copyInheritedFactors = async (tx: Executor, copies: HazardRecord[]) => {
    const pairs = inheritedFactorPairs(copies);
    await repository.copyHazardFactors(tx, pairs);
    // The copies link the substances (versions) of their masters (decision 054, Copies).
    await hazardSubstancesRepository.copyLinks(tx, pairs);
  };

  return {
    /** Own copies of the template's hazards (with their factors) in a new assessment. */
    async copyTemplate(tx: Executor, templateId: number, analysisId: number, responsibleId: number | null) {
      const source = (await repository.hazards(tx, templateId)).map((h) => h.hazard);
      const copied = await repository.insertHazards(tx, templateCopies(source, analysisId, responsibleId));
      // The copies take the template hazards' factors (the new assessment has the template's menu).
      const pairs = templateFactorPairs(source, copied);
      await repository.copyHazardFactors(tx, pairs);
      await hazardSubstancesRepository.copyLinks(tx, pairs);
    },

    /**
     * Hazards added to a template reach every inheriting assessment as inherited copies, without actions (each
     * assessment adopts its own measures); like a text change of a master hazard, each inheritor's version
     * rises and a released one starts a new working version (its frozen version stays).
     */
    async pushToInheritors(tx: Executor, actorId: number, templateId: number, masters: HazardRecord[]) {
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
          entity: AUDIT_ENTITY,
          entityId: analysisId,
          state: LOG_STATE.CHANGED,
          actorId,
          changes: {
            inheritedHazards: { from: null, to: { templateId, titles: copies.map((c) => c.title) } },
          },
        });
      }
      await touchInheritors(tx, inheritors);
    },

    /** Inherited copies of a template hazard follow its texts (title, cause, protection goal). */
    async syncInheritors(tx: Executor, masterHazardId: number) {
      const master = await repository.hazardById(tx, masterHazardId);
      if (!master) return;
      await touchInheritors(tx, await repository.syncCopiesOf(tx, master));
    },

    /** Copies inherited from this (template) hazard become own hazards of their assessments. */
    async detachCopiesOf(tx: Executor, masterHazardId: number) {
      await touchInheritors(tx, await repository.detachCopiesOf(tx, masterHazardId));
    },

    /**
     * Inheritance (HAZARDANALYSIS_INHERITANCE): the template's hazards are added as inherited copies (texts
     * follow the template; responsible, comment and ratings are the assessment's own).
     */
    async inherit(actor: Actor, id: number, raw: InheritHazardAnalysis): Promise<HazardAnalysis> {
      const input = inheritSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await writes.beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_INHERITANCE);
        if (!actorHasAny(actor, P.HAZARDANALYSIS_INHERITANCE)) throw new AppError('NO_PERMISSION');
        if (row.isTemplate) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        if (row.inheritanceTemplateId !== null) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        const template = await access.loadTemplate(tx, actor, input.templateId);
        const source = await repository.hazards(tx, template.id);
        let position = await repository.nextPosition(tx, id);
        // The copies start without actions: the inheriting assessment adopts its own measures.
        const copies = await repository.insertHazards(
          tx,
          source.map(({ hazard: h }) => inheritedCopy(h, id, position++)),
        );
        await copyInheritedFactors(tx, copies);
        return writes.finish(
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
        const row = await writes.beginWrite(tx, actor, id, version, P.HAZARDANALYSIS_INHERITANCE);
        if (!actorHasAny(actor, P.HAZARDANALYSIS_INHERITANCE)) throw new AppError('NO_PERMISSION');
        if (row.inheritanceTemplateId === null) throw new AppError('HAZARD_ANALYSIS_INHERITANCE_INVALID');
        await repository.detachInherited(tx, id);
        return writes.finish(
          tx,
          actor,
          id,
          { inheritanceTemplateId: { from: row.inheritanceTemplateId, to: null } },
          { inheritanceTemplateId: null },
        );
      });
    },
  };
}

export type HazardAnalysisInheritance = ReturnType<typeof createHazardAnalysisInheritance>;
