import { hazardAnalysisMessages, substancesMessages } from '@schutzwerk/shared/errors.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  type HazardSubstanceLinks,
  linkHazardSubstanceSchema,
  type SubstanceUsage,
} from '@schutzwerk/shared/substances/usage.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type { HazardAnalysisDeletionGuard, HazardSubstancesPort } from './hazard-analysis.ports.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import type { HazardAnalysisWrites } from './hazard-analysis.versions.ts';
import { hazardSubstancesRepository as linkRows } from './hazard-substances.repository.ts';

/**
 * Hazardous substances of hazards (decision 054). A hazard links substance versions (the current one when
 * linked; linking again takes over the newer current version). Linking and unlinking are writes of the
 * assessment (its version rises; a released one starts a new working version). Reading a link needs the
 * rights of both sides: the assessment (location scope) and the substance (its read rights, portal,
 * released-only readers). The substances' usage registry gets the source 'hazard' from here, and an
 * assessment whose hazards have substances is not deleted (FOREIGN_ENTRY, inactivate instead).
 */

export function createHazardAnalysisSubstances({
  db,
  repository,
  access,
  writes,
  substances,
}: {
  db: Db;
  repository: HazardAnalysisRepository;
  access: HazardAnalysisAccess;
  writes: HazardAnalysisWrites;
  substances: HazardSubstancesPort | undefined;
}) {
  const port = () => {
    if (!substances) throw new AppError('NOT_FOUND');
    return substances;
  };
  const assertSubstanceReader = (actor: Actor) => {
    if (!actorHasAny(actor, ...COMPOSITE.HAZMAT_READ)) throw new AppError('NO_PERMISSION');
  };

  async function loadHazard(ex: Executor, analysisId: number, hazardId: number) {
    const hazard = await repository.hazard(ex, analysisId, hazardId);
    if (!hazard) throw new AppError('NOT_FOUND');
    return hazard;
  }

  return {
    /** The substances of the assessment's hazards the actor may see (working copy readers). */
    async links(actor: Actor, id: number): Promise<HazardSubstanceLinks> {
      assertSubstanceReader(actor);
      await access.loadReadable(db, actor, id);
      const rows = await linkRows.ofAnalysis(db, id);
      const visible = new Map(
        (
          await port().visibleVersions(
            db,
            actor,
            rows.map((r) => r.versionId),
          )
        ).map((v) => [v.versionId, v]),
      );
      const out: HazardSubstanceLinks['rows'] = [];
      for (const r of rows) {
        const v = visible.get(r.versionId);
        if (!v) continue;
        out.push({
          hazardId: r.hazardId,
          substanceId: v.substanceId,
          versionNumber: v.versionNumber,
          currentVersionNumber: v.currentVersionNumber,
          designation: v.designation,
          casNumber: v.casNumber,
          active: v.active,
        });
      }
      return { rows: out, hiddenCount: rows.length - out.length };
    },

    /**
     * Links the substance's current version to the hazard (or takes over the current version of a substance
     * linked before). Needs the hazards' write right and a substance the actor may see that is active.
     */
    async link(actor: Actor, id: number, hazardId: number, substanceId: number, raw: { version: number }) {
      const input = linkHazardSubstanceSchema.parse(raw);
      assertSubstanceReader(actor);
      return db.transaction(async (tx) => {
        await writes.beginWrite(tx, actor, id, input.version, P.HAZARDANALYSIS_HAZARDS);
        await loadHazard(tx, id, hazardId);
        const versionId = await port().linkableVersion(tx, actor, substanceId);
        const before = (await linkRows.ofHazardAndSubstance(tx, hazardId, substanceId)).map(
          (r) => r.versionId,
        );
        await linkRows.remove(
          tx,
          hazardId,
          before.filter((v) => v !== versionId),
        );
        await linkRows.insert(tx, hazardId, versionId);
        return writes.finish(tx, actor, id, {
          [`hazard:${hazardId}:substances`]: { from: before, to: [versionId] },
        });
      });
    },

    /** Removes the substance (all its linked versions) from the hazard. */
    async unlink(actor: Actor, id: number, hazardId: number, substanceId: number, version: number) {
      assertSubstanceReader(actor);
      return db.transaction(async (tx) => {
        await writes.beginWrite(tx, actor, id, version, P.HAZARDANALYSIS_HAZARDS);
        await loadHazard(tx, id, hazardId);
        const linked = (await linkRows.ofHazardAndSubstance(tx, hazardId, substanceId)).map(
          (r) => r.versionId,
        );
        const visible = await port().visibleVersions(tx, actor, linked);
        if (linked.length === 0 || visible.length === 0) throw new AppError('NOT_FOUND');
        await linkRows.remove(tx, hazardId, linked);
        return writes.finish(tx, actor, id, {
          [`hazard:${hazardId}:substances`]: { from: linked, to: [] },
        });
      });
    },

    /** Spec (Hazard assessment states): an assessment linked to substances is not deleted. */
    deletionGuard: (async (ex, analysisId) => {
      const n = await linkRows.countOfAnalysis(ex, analysisId);
      return n > 0 ? hazardAnalysisMessages.linkedToSubstances(n) : null;
    }) satisfies HazardAnalysisDeletionGuard,

    /**
     * The usage source 'hazard' of the substances (decision 054): a substance linked to a hazard can be set
     * neither inactive (assessments use it) nor deleted (assigned to a hazard). The uses are listed for
     * readers of the assessment's working copy (location scope).
     */
    substanceUsage: {
      blocks: ['deactivate', 'delete'] as const,
      count: (ex: Executor, substanceId: number) => linkRows.countOfSubstance(ex, substanceId),
      reason: (n: number, block: 'deactivate' | 'delete') =>
        block === 'delete'
          ? substancesMessages.inUseByHazards(n)
          : substancesMessages.inactiveBecauseUsed(substancesMessages.usedByHazards(n)),
      async visible(
        ex: Executor,
        actor: Actor,
        substanceId: number,
      ): Promise<Omit<SubstanceUsage, 'source'>[]> {
        const uses = await linkRows.usesOfSubstance(ex, substanceId);
        const readable = new Map<number, boolean>();
        const out: Omit<SubstanceUsage, 'source'>[] = [];
        for (const u of uses) {
          if (!readable.has(u.analysisId)) {
            const row = await repository.findById(ex, u.analysisId);
            readable.set(
              u.analysisId,
              row ? await access.mayRead(ex, actor, row as AnalysisRecord, true) : false,
            );
          }
          if (!readable.get(u.analysisId)) continue;
          out.push({
            partId: u.hazardId,
            title: u.bezeichnung,
            detail: u.hazardTitle,
            path: `/hazardanalysis/${u.analysisId}`,
            versionNumber: u.versionNumber,
          });
        }
        return out;
      },
    },
  };
}
