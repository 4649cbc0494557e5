import type { FrozenHazardSubstance } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { substanceVersions } from '#modules/substances/tables.ts';
import {
  hazardAnalyses,
  hazardAnalysisHazards as hazards,
  hazardAnalysisHazardSubstances as links,
} from './hazard-analysis.table.ts';

/** Data access of the hazards' substance links (decision 054). */
export const hazardSubstancesRepository = {
  /** Links of the assessment's hazards: hazard, version, substance. */
  async ofAnalysis(ex: Executor, analysisId: number) {
    return ex
      .select({
        hazardId: links.hazardId,
        versionId: links.substanceVersionId,
        substanceId: substanceVersions.substanceId,
      })
      .from(links)
      .innerJoin(hazards, eq(hazards.id, links.hazardId))
      .innerJoin(substanceVersions, eq(substanceVersions.id, links.substanceVersionId))
      .where(eq(hazards.analysisId, analysisId))
      .orderBy(asc(hazards.position), asc(links.linkedAt));
  },

  /** The versions of one substance linked to one hazard. */
  async ofHazardAndSubstance(ex: Executor, hazardId: number, substanceId: number) {
    return ex
      .select({ versionId: links.substanceVersionId })
      .from(links)
      .innerJoin(substanceVersions, eq(substanceVersions.id, links.substanceVersionId))
      .where(and(eq(links.hazardId, hazardId), eq(substanceVersions.substanceId, substanceId)));
  },

  async countOfAnalysis(ex: Executor, analysisId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(links)
      .innerJoin(hazards, eq(hazards.id, links.hazardId))
      .where(eq(hazards.analysisId, analysisId));
    return row?.n ?? 0;
  },

  async countOfSubstance(ex: Executor, substanceId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(links)
      .innerJoin(substanceVersions, eq(substanceVersions.id, links.substanceVersionId))
      .where(eq(substanceVersions.substanceId, substanceId));
    return row?.n ?? 0;
  },

  /** Every use of the substance: assessment, hazard, linked version number. */
  async usesOfSubstance(ex: Executor, substanceId: number) {
    return ex
      .select({
        analysisId: hazards.analysisId,
        hazardId: hazards.id,
        bezeichnung: hazardAnalyses.bezeichnung,
        hazardTitle: hazards.title,
        versionNumber: substanceVersions.number,
      })
      .from(links)
      .innerJoin(substanceVersions, eq(substanceVersions.id, links.substanceVersionId))
      .innerJoin(hazards, eq(hazards.id, links.hazardId))
      .innerJoin(hazardAnalyses, eq(hazardAnalyses.id, hazards.analysisId))
      .where(eq(substanceVersions.substanceId, substanceId))
      .orderBy(asc(hazardAnalyses.bezeichnung), asc(hazards.position));
  },

  async remove(ex: Executor, hazardId: number, versionIds: number[]) {
    if (versionIds.length === 0) return;
    await ex
      .delete(links)
      .where(and(eq(links.hazardId, hazardId), inArray(links.substanceVersionId, versionIds)));
  },

  /**
   * Copies of hazards take the substance links of their source hazards (the same linked versions):
   * `[fromHazardId, toHazardId]` pairs, as the factors are copied.
   */
  async copyLinks(ex: Executor, pairs: readonly (readonly [number, number])[]) {
    if (pairs.length === 0) return;
    const targets = new Map<number, number[]>();
    for (const [from, to] of pairs) targets.set(from, [...(targets.get(from) ?? []), to]);
    const rows = await ex
      .select({ hazardId: links.hazardId, versionId: links.substanceVersionId })
      .from(links)
      .where(inArray(links.hazardId, [...targets.keys()]))
      .orderBy(asc(links.linkedAt));
    const values = rows.flatMap((r) =>
      (targets.get(r.hazardId) ?? []).map((hazardId) => ({ hazardId, substanceVersionId: r.versionId })),
    );
    if (values.length > 0) await ex.insert(links).values(values).onConflictDoNothing();
  },

  /** The linked versions of the hazards by hazard id, in link order, as a release freezes them. */
  async frozenOfHazards(ex: Executor, hazardIds: readonly number[]) {
    const out = new Map<number, FrozenHazardSubstance[]>();
    if (hazardIds.length === 0) return out;
    const rows = await ex
      .select({
        hazardId: links.hazardId,
        substanceId: substanceVersions.substanceId,
        versionId: links.substanceVersionId,
        versionNumber: substanceVersions.number,
        designation: substanceVersions.designation,
        casNumber: substanceVersions.casNumber,
      })
      .from(links)
      .innerJoin(substanceVersions, eq(substanceVersions.id, links.substanceVersionId))
      .where(inArray(links.hazardId, [...hazardIds]))
      .orderBy(asc(links.linkedAt), asc(links.substanceVersionId));
    for (const { hazardId, ...substance } of rows)
      out.set(hazardId, [...(out.get(hazardId) ?? []), substance]);
    return out;
  },

  async insert(ex: Executor, hazardId: number, versionId: number) {
    await ex.insert(links).values({ hazardId, substanceVersionId: versionId }).onConflictDoNothing();
  },
};
