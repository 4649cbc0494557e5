import { factorMenusMessages, hazardBricksMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { assertWritable, canReadWorking, type HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type { HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import { AUDIT_ENTITY, type HazardAnalysisWrites } from './hazard-analysis.versions.ts';

/**
 * What the hazard assessments offer other modules (wired in app.ts and hazard-analysis.module.ts): the action
 * source 'hazard', the assessment as a document link target, and the usage guards of factor menus and hazard
 * bricks.
 */

/** The German reason a factor menu in use cannot be changed, or null. */
export const factorMenuInUse = (n: number) => (n > 0 ? factorMenusMessages.usedInAnalyses(n) : null);

/** The German reason a hazard brick in use cannot be deleted, or null. */
export const brickInUse = (n: number) => (n > 0 ? hazardBricksMessages.usedInAnalyses(n) : null);

export function createHazardAnalysisAdapters({
  repository,
  access,
  writes,
}: {
  repository: HazardAnalysisRepository;
  access: HazardAnalysisAccess;
  writes: HazardAnalysisWrites;
}) {
  const { mayRead, loadReadable } = access;

  return {
    /**
     * The action source 'hazard' (decision 021, Wiring): the source id is a hazard of an assessment's working
     * copy. Reading follows the assessment (location scope; released-only readers need a released version);
     * changing actions needs "Gefährdungen und Maßnahmen bearbeiten", an active assessment (no template) in
     * scope. Frozen versions are shown read-only by the web.
     */
    hazardActionSource: {
      async describe(ex: Executor, ids: readonly number[]) {
        const out = new Map<number, { label: string; link: string | null }>();
        for (const r of await repository.hazardLabels(ex, ids)) {
          out.set(r.id, {
            label: `Gefährdung „${r.title}“ – ${r.bezeichnung}`,
            link: `/hazardanalysis/${r.analysisId}`,
          });
        }
        return out;
      },
      async canRead(actor: Actor, ex: Executor, hazardId: number) {
        const row = await repository.analysisOfHazard(ex, hazardId);
        if (!row || !(await mayRead(ex, actor, row, false))) return false;
        if (row.isTemplate || canReadWorking(actor)) return true;
        return (
          actorHasAny(actor, P.HAZARDANALYSIS_READONLY_RELEASED) &&
          (await repository.countVersions(ex, row.id)) > 0
        );
      },
      async canEdit(actor: Actor, ex: Executor, hazardId: number) {
        const row = await repository.analysisOfHazard(ex, hazardId);
        if (!row || row.isTemplate || !row.active) return false;
        if (!actorHasAny(actor, P.HAZARDANALYSIS_HAZARDS)) return false;
        return mayRead(ex, actor, row, true);
      },
      async locationOf(ex: Executor, hazardId: number) {
        return (await repository.analysisOfHazard(ex, hazardId))?.locationId ?? null;
      },
      async portalOf(ex: Executor, hazardId: number) {
        return (await repository.analysisOfHazard(ex, hazardId))?.portalId ?? null;
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
        await writes.beginWrite(tx, actor, row.id, row.version, P.HAZARDANALYSIS_EDIT);
        await repository.bump(tx, row.id, {});
        await recordChange(tx, {
          entity: AUDIT_ENTITY,
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
      return factorMenuInUse(await repository.countUsingFactorMenu(ex, menuId));
    },

    /** Deletion guard for hazard bricks: a brick used by an assessment's hazard cannot be deleted. */
    async brickDeletionGuard(ex: Executor, brickId: number): Promise<string | null> {
      return brickInUse(await repository.usesBrick(ex, brickId));
    },
  };
}
