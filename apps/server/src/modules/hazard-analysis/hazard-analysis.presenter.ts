import { factorPath } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import {
  type FrozenDocument,
  type FrozenHazard,
  frozenFactorLabels,
  type Hazard,
  type HazardAnalysis,
  type HazardAnalysisVersion,
  type StoredFrozenHazard,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { NohlCriteria, NohlRating } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { Executor } from '#db/client.ts';
import { HAZARD_ACTION_SOURCE, type HazardActionsPort } from './hazard-analysis.ports.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';

/** Records → the DTOs of the API: the assessment with its hazards, and a frozen version. */

type Repo = HazardAnalysisRepository;
export type HazardRow = Awaited<ReturnType<Repo['hazards']>>[number];
export type HazardFactorRow = Awaited<ReturnType<Repo['hazardFactors']>>[number];
type Names = Awaited<ReturnType<Repo['names']>>;
type Person = { id: number; lastName: string; firstName: string; personnelNumber: string };
export type ActionCounts = Map<number, { total: number; done: number }>;

export const ratingOf = (p: number | null, s: number | null): NohlRating | null =>
  p === null || s === null ? null : { probability: p, severity: s };

export const personName = (e: { lastName: string | null; firstName: string | null } | null) =>
  e?.lastName ? `${e.lastName}, ${e.firstName ?? ''}`.trim() : '';

/** Each hazard's factor ids and labels ("register › factor"), in the stored order. */
export function factorsByHazard(rows: readonly HazardFactorRow[]) {
  const out = new Map<number, { ids: number[]; labels: string[] }>();
  for (const f of rows) {
    const entry = out.get(f.hazardId) ?? { ids: [], labels: [] };
    entry.ids.push(f.factorId);
    entry.labels.push(
      factorPath(
        { number: f.registerNumber, title: f.registerTitle },
        { number: f.factorNumber, title: f.factorTitle },
      ),
    );
    out.set(f.hazardId, entry);
  }
  return out;
}

export function presentHazard(
  h: HazardRow,
  factors: { ids: number[]; labels: string[] } | undefined,
  counts: { total: number; done: number } | undefined,
): Hazard {
  return {
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
    factorIds: factors?.ids ?? [],
    factorLabels: factors?.labels ?? [],
    actionCount: counts?.total ?? 0,
    doneActionCount: counts?.done ?? 0,
  };
}

/** The assessment as the API shows it, from its record and the loaded parts. */
export function presentAnalysis(
  row: AnalysisRecord,
  parts: {
    names: Names;
    hazards: readonly HazardRow[];
    factors: readonly HazardFactorRow[];
    counts: ActionCounts;
    responsible: Person | null;
    template: Pick<AnalysisRecord, 'id' | 'bezeichnung'> | undefined;
  },
): HazardAnalysis {
  const { responsible, template, counts } = parts;
  const factorsOf = factorsByHazard(parts.factors);
  return {
    id: row.id,
    bezeichnung: row.bezeichnung,
    isTemplate: row.isTemplate,
    ...parts.names,
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
    hazards: parts.hazards.map((h) => presentHazard(h, factorsOf.get(h.hazard.id), counts.get(h.hazard.id))),
  };
}

/** The snapshot of a release as stored in `hazard_analysis_versions.snapshot`. */
export type StoredSnapshot = {
  bezeichnung: string;
  locationName: string | null;
  departmentName: string | null;
  activityName: string | null;
  attachSetting: number;
  criteria: NohlCriteria;
  hazards: StoredFrozenHazard[];
  documents?: FrozenDocument[];
};

type VersionRecord = NonNullable<Awaited<ReturnType<Repo['version']>>>;

/** A frozen version for one reader (`documents` already shaped for the reader). */
export function presentVersion(
  version: Pick<
    VersionRecord,
    'id' | 'analysisId' | 'versionNumber' | 'releaseDate' | 'nextCheckDate' | 'responsibleName' | 'releasedAt'
  >,
  s: StoredSnapshot,
  documents: FrozenDocument[],
  workingCopyReadable: boolean,
  substanceVisible: (versionId: number) => boolean = () => false,
): HazardAnalysisVersion {
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
    // Substances were frozen from decision 054 on; the reader sees those `substanceVisible` admits.
    hazards: s.hazards.map(({ factorLabel, factorLabels, substances = [], ...h }): FrozenHazard => {
      const shown = substances.filter((x) => substanceVisible(x.versionId));
      return {
        ...h,
        factorLabels: frozenFactorLabels({ factorLabels, factorLabel }),
        substances: shown,
        hiddenSubstanceCount: substances.length - shown.length,
      };
    }),
    documents,
    workingCopyReadable,
  };
}

/** Loads the parts of an assessment and presents it. */
export function createHazardAnalysisPresenter({
  repository,
  actions,
}: {
  repository: HazardAnalysisRepository;
  actions: HazardActionsPort | undefined;
}) {
  return {
    async present(ex: Executor, row: AnalysisRecord): Promise<HazardAnalysis> {
      const names = await repository.names(ex, row);
      const hazards = await repository.hazards(ex, row.id);
      const hazardIds = hazards.map((h) => h.hazard.id);
      const factors = await repository.hazardFactors(ex, hazardIds);
      const counts: ActionCounts = actions
        ? await actions.countsOfSources(ex, HAZARD_ACTION_SOURCE, hazardIds)
        : new Map();
      const responsible = row.releaseResponsibleId
        ? await repository.employee(ex, row.releaseResponsibleId)
        : null;
      const template = row.inheritanceTemplateId
        ? await repository.findById(ex, row.inheritanceTemplateId)
        : undefined;
      return presentAnalysis(row, { names, hazards, factors, counts, responsible, template });
    },
  };
}

export type HazardAnalysisPresenter = ReturnType<typeof createHazardAnalysisPresenter>;
