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

  async insert(ex: Executor, hazardId: number, versionId: number) {
    await ex.insert(links).values({ hazardId, substanceVersionId: versionId }).onConflictDoNothing();
  },
};
