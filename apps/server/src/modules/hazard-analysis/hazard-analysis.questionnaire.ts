import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type { HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import type { HazardAnalysisWrites } from './hazard-analysis.versions.ts';

/**
 * What the questionnaires (decision 058) need of hazard assessments, inside their transaction: read
 * access, setting the route (`checklist_route_id`, the spec's checklist_collectiontree_route) and the
 * hazard of a brick created or updated by a comment on a question. Each call checks the actor's rights on
 * the assessment like the assessment's own routes do (visibility, active, version, the part's right).
 */

export function createHazardQuestionnairePort({
  repository,
  access,
  writes,
  hazardsFromBricks,
}: {
  repository: HazardAnalysisRepository;
  access: HazardAnalysisAccess;
  writes: HazardAnalysisWrites;
  hazardsFromBricks: (
    tx: Executor,
    analysisId: number,
    brickIds: number[],
    responsibleId: number,
  ) => Promise<{ id: number }[]>;
}) {
  return {
    /** The assessment's title when the actor may read it (else NOT_FOUND). */
    async readable(ex: Executor, actor: Actor, id: number): Promise<{ id: number; bezeichnung: string }> {
      const row = await access.loadReadable(ex, actor, id);
      return { id: row.id, bezeichnung: row.bezeichnung };
    },

    /** Whether the actor may read the assessment (for the checklist link rule). */
    async mayRead(ex: Executor, actor: Actor, id: number): Promise<boolean> {
      try {
        await access.loadReadable(ex, actor, id);
        return true;
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    },

    /** The route of the assessment (null: none). */
    async routeOf(ex: Executor, id: number): Promise<number | null> {
      return (await repository.findById(ex, id))?.checklistRouteId ?? null;
    },

    /**
     * Links the questionnaire as the assessment's route (needs HAZARDANALYSIS_EDIT and the assessment's
     * version). An assessment carries one questionnaire: a second one is ROUTE_FOUND.
     */
    async setRoute(tx: Executor, actor: Actor, id: number, version: number, routeId: number): Promise<void> {
      const row = await writes.beginWrite(tx, actor, id, version, P.HAZARDANALYSIS_EDIT);
      if (row.isTemplate) throw new AppError('NOT_FOUND');
      if (row.checklistRouteId !== null) throw new AppError('ROUTE_FOUND');
      await writes.finish(
        tx,
        actor,
        id,
        { checklistRouteId: { from: null, to: routeId } },
        { checklistRouteId: routeId },
      );
    },

    /**
     * A comment on a question linked to a brick: the assessment's hazard of that brick gets the comment
     * appended (or is created from the brick, the actor responsible). Needs HAZARDANALYSIS_HAZARDS.
     */
    async hazardFromComment(
      tx: Executor,
      actor: Actor,
      id: number,
      brickId: number,
      comment: string,
    ): Promise<{ hazardId: number; created: boolean }> {
      const current = await access.loadReadable(tx, actor, id, 'update');
      await writes.beginWrite(tx, actor, id, current.version, P.HAZARDANALYSIS_HAZARDS);
      const existing = (await repository.hazards(tx, id)).find((h) => h.hazard.brickId === brickId)?.hazard;
      let hazardId: number;
      let created = false;
      if (existing) {
        hazardId = existing.id;
        const next = existing.comment ? `${existing.comment}\n${comment}` : comment;
        await repository.updateHazard(tx, hazardId, { comment: next.slice(0, 4000) });
      } else {
        const [added] = await hazardsFromBricks(tx, id, [brickId], actor.employeeId);
        if (!added) throw new AppError('CHECKLIST_COMMENT_UNKNOWN');
        hazardId = added.id;
        created = true;
        await repository.updateHazard(tx, hazardId, { comment: comment.slice(0, 4000) });
      }
      await writes.finish(tx, actor, id, { [`hazard:${hazardId}`]: { from: null, to: { comment } } });
      return { hazardId, created };
    },
  };
}
