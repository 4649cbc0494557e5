import { generalMessages, hazardAnalysisMessages } from '@schutzwerk/shared/errors.ts';
import {
  type FrozenDocument,
  type FrozenHazardSubstance,
  type Hazard,
  type HazardAnalysis,
  type HazardAnalysisVersion,
  type ReleaseHazardAnalysis,
  releaseHazardAnalysisSchema,
  type StoredFrozenHazard,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { type NohlCriteria, nohlClassify } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { assertWriteStart, canReadWorking, type HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type {
  HazardAnalysisHooks,
  HazardCriteriaPort,
  HazardSubstancesPort,
} from './hazard-analysis.ports.ts';
import {
  type HazardAnalysisPresenter,
  personName,
  presentVersion,
  type StoredSnapshot,
} from './hazard-analysis.presenter.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import { hazardSubstancesRepository } from './hazard-substances.repository.ts';

/**
 * Versions of the hazard assessments (decision 021): one `version` per assessment guards every write (409);
 * a release freezes a snapshot as version `versionNumber`; the first write after a release starts the next
 * working version (needs _VERSION) while the released state stays readable as its frozen version.
 */

/** The entity name of assessments in the audit log. */
export const AUDIT_ENTITY = 'hazard_analysis';

/** The checks of a release before its input is read, in order. */
export function assertReleasable(
  actor: Actor,
  row: Pick<AnalysisRecord, 'version' | 'isTemplate' | 'active' | 'released'>,
  version: number,
) {
  if (!actorHasAny(actor, P.HAZARDANALYSIS_RELEASE)) throw new AppError('NO_PERMISSION');
  if (row.version !== version) throw new AppError('CONFLICT');
  if (row.isTemplate) throw new AppError('HAZARD_ANALYSIS_TEMPLATE_NO_RELEASE');
  if (!row.active) throw new AppError('HAZARD_ANALYSIS_INACTIVE');
  if (row.released) throw new AppError('HAZARD_ANALYSIS_ALREADY_RELEASED');
}

/** A release needs hazards, and free hazards (no brick text) need cause and protection goal. */
export function assertReleaseComplete(
  hazards: readonly Pick<Hazard, 'brickFree' | 'cause' | 'protectionGoal' | 'title'>[],
) {
  if (hazards.length === 0) throw new AppError('HAZARD_ANALYSIS_NO_HAZARDS');
  const incomplete = hazards.filter((h) => h.brickFree && (h.cause === '' || h.protectionGoal === ''));
  if (incomplete.length > 0) {
    throw new AppError('HAZARD_ANALYSIS_INCOMPLETE', {
      message: hazardAnalysisMessages.freeHazardsIncomplete(incomplete.map((h) => h.title)),
    });
  }
}

/**
 * The hazards as frozen with a release: texts, names, the scores and bands of the criteria in force and the
 * linked substance versions (`substances` by hazard id).
 */
export function freezeHazards(
  criteria: NohlCriteria,
  hazards: readonly Hazard[],
  substances: ReadonlyMap<number, FrozenHazardSubstance[]> = new Map(),
): StoredFrozenHazard[] {
  return hazards.map((h) => {
    const before = nohlClassify(criteria, h.ratingBefore);
    const after = nohlClassify(criteria, h.ratingAfter);
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
      substances: substances.get(h.id) ?? [],
    };
  });
}

/** Opening and finishing a write under the assessment's version. */
export function createHazardAnalysisWrites({
  repository,
  hooks,
  access,
  presenter,
}: {
  repository: HazardAnalysisRepository;
  hooks: HazardAnalysisHooks;
  access: HazardAnalysisAccess;
  presenter: HazardAnalysisPresenter;
}) {
  return {
    /**
     * Opens a write: lock, visibility, version (409), active, the right for the part (templates: _DRAFTS),
     * and — on a released assessment — the start of a new working version (needs _VERSION).
     */
    async beginWrite(
      tx: Executor,
      actor: Actor,
      id: number,
      version: number,
      right: number | number[],
    ): Promise<AnalysisRecord> {
      const row = await access.loadReadable(tx, actor, id, 'update');
      assertWriteStart(actor, row, version, right);
      if (!row.released) return row;
      // The released state stays readable as its frozen version; the working copy becomes version + 1.
      await repository.startWorkingVersion(tx, id, row.versionNumber + 1);
      await recordChange(tx, {
        entity: AUDIT_ENTITY,
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: { versionNumber: { from: row.versionNumber, to: row.versionNumber + 1 } },
      });
      for (const hook of hooks.onReleaseState) await hook(tx, id);
      return { ...row, released: false, versionNumber: row.versionNumber + 1 };
    },

    /** Finishes a write: raises the version with `patch`, logs `changes` and answers the assessment. */
    async finish(
      tx: Executor,
      actor: Actor,
      id: number,
      changes: Record<string, unknown>,
      patch: Partial<AnalysisRecord> = {},
    ): Promise<HazardAnalysis> {
      await repository.bump(tx, id, patch);
      await recordChange(tx, {
        entity: AUDIT_ENTITY,
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: changes as never,
      });
      const row = await repository.findById(tx, id);
      if (!row) throw new AppError('NOT_FOUND');
      return presenter.present(tx, row);
    },
  };
}

export type HazardAnalysisWrites = ReturnType<typeof createHazardAnalysisWrites>;

/** Release, the list of versions and one frozen version. */
export function createHazardAnalysisReleases({
  db,
  repository,
  hooks,
  access,
  presenter,
  criteria,
  substances,
}: {
  db: Db;
  repository: HazardAnalysisRepository;
  hooks: HazardAnalysisHooks;
  access: HazardAnalysisAccess;
  presenter: HazardAnalysisPresenter;
  criteria: HazardCriteriaPort;
  /** Who may see which linked substance version of a frozen version (decision 054). */
  substances?: HazardSubstancesPort | undefined;
}) {
  return {
    /** Release: freezes a snapshot as version `versionNumber` (needs _RELEASE; free hazards must be complete). */
    async release(actor: Actor, id: number, raw: ReleaseHazardAnalysis): Promise<HazardAnalysis> {
      const input = releaseHazardAnalysisSchema.parse(raw);
      return db.transaction(async (tx) => {
        const row = await access.loadReadable(tx, actor, id, 'update');
        assertReleasable(actor, row, input.version);
        const responsible = await repository.employee(tx, input.responsibleId);
        if (!responsible || responsible.portalId !== actor.portalId) {
          const message = generalMessages.personUnknown;
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message,
            details: [{ path: ['responsibleId'], message }],
          });
        }
        const analysis = await presenter.present(tx, row);
        assertReleaseComplete(analysis.hazards);
        const current = await criteria(tx);
        const documents: FrozenDocument[] = [];
        for (const frozen of hooks.frozenDocuments ?? []) documents.push(...(await frozen(tx, id)));
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
            hazards: freezeHazards(
              current,
              analysis.hazards,
              await hazardSubstancesRepository.frozenOfHazards(
                tx,
                analysis.hazards.map((h) => h.id),
              ),
            ),
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
          entity: AUDIT_ENTITY,
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
        return presenter.present(tx, after as AnalysisRecord);
      });
    },

    async versions(actor: Actor, id: number) {
      await access.loadReleasedReadable(db, actor, id);
      return repository.versions(db, id);
    },

    /** A frozen version (reference view /hazardanalysis/ref/{versionId}). */
    async getVersion(actor: Actor, versionId: number): Promise<HazardAnalysisVersion> {
      const version = await repository.version(db, versionId);
      if (!version) throw new AppError('NOT_FOUND');
      await access.loadReleasedReadable(db, actor, version.analysisId);
      const snapshot = version.snapshot as StoredSnapshot;
      let documents = snapshot.documents ?? [];
      for (const present of hooks.presentFrozenDocuments ?? [])
        documents = await present(db, actor, documents);
      // Frozen substances are shown as the links of the working copy are: only those the reader may see.
      const versionIds = snapshot.hazards.flatMap((h) => (h.substances ?? []).map((x) => x.versionId));
      const visible = new Set(
        substances && versionIds.length > 0 && actorHasAny(actor, ...COMPOSITE.HAZMAT_READ)
          ? (await substances.visibleVersions(db, actor, versionIds)).map((v) => v.versionId)
          : [],
      );
      return presentVersion(version, snapshot, documents, canReadWorking(actor), (id) => visible.has(id));
    },
  };
}
