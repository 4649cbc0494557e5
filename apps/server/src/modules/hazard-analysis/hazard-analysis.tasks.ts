import type { Executor } from '#db/client.ts';
import { completeOpenTasks, createTask, deleteOpenTasks } from '#modules/actions/index.ts';
import type { HazardAnalysisHooks } from './hazard-analysis.ports.ts';
import { hazardAnalysisRepository as repository } from './hazard-analysis.repository.ts';

/** The task source of an assessment's own tasks (release, check, document); actions use 'hazard'. */
export const ANALYSIS_TASK_SOURCE = 'hazard_analysis';
const OWN_KINDS = ['release', 'check', 'document'] as const;

/**
 * The tasks of a hazard assessment (decision 021, Wiring), derived from its state:
 * - 'release' for the release responsible while a working version that was released before is not
 *   released again (the responsible of the last release);
 * - 'check' for the release responsible, due at the next check date, while the assessment is released.
 * Templates and inactive assessments have none. Re-deriving deletes the open ones and creates the wanted.
 */
export async function syncAnalysisTasks(ex: Executor, analysisId: number): Promise<void> {
  await deleteOpenTasks(ex, {
    sourceType: ANALYSIS_TASK_SOURCE,
    sourceId: analysisId,
    kinds: ['release', 'check'],
  });
  const row = await repository.findById(ex, analysisId);
  if (!row || row.isTemplate || !row.active || row.releaseResponsibleId === null) return;
  const base = {
    portalId: row.portalId,
    sourceType: ANALYSIS_TASK_SOURCE,
    sourceId: row.id,
    assigneeId: row.releaseResponsibleId,
    linkPath: `/hazardanalysis/${row.id}`,
  };
  if (row.released) {
    await createTask(ex, {
      ...base,
      kind: 'check',
      title: `Gefährdungsbeurteilung „${row.bezeichnung}“ prüfen`,
      dueDate: row.nextCheckDate,
    });
  } else {
    await createTask(ex, {
      ...base,
      kind: 'release',
      title: `Gefährdungsbeurteilung „${row.bezeichnung}“ (Version ${row.versionNumber}) freigeben`,
    });
  }
}

/** Pushes the task effects of release, new working version, activation and inactivation into the hooks. */
export function registerAnalysisTaskHooks(hooks: HazardAnalysisHooks): void {
  hooks.onReleaseState.push(syncAnalysisTasks);
  // Activating recreates the release, check and document tasks, not the action tasks.
  hooks.onActivate.push((ex, event) => syncAnalysisTasks(ex, event.analysisId));
  // Inactivating deletes the open release, check and document tasks and marks the action tasks done.
  hooks.onInactivate.push(async (ex, event) => {
    await deleteOpenTasks(ex, {
      sourceType: ANALYSIS_TASK_SOURCE,
      sourceId: event.analysisId,
      kinds: OWN_KINDS,
    });
    const hazardIds = await repository.hazardIds(ex, event.analysisId);
    const sources = await repository.hazardsWithActions(ex, hazardIds);
    const comment = event.comment
      ? `Gefährdungsbeurteilung inaktiviert: ${event.comment}`
      : 'Gefährdungsbeurteilung inaktiviert';
    for (const sourceId of sources) {
      await completeOpenTasks(ex, {
        sourceType: 'hazard',
        sourceId,
        kinds: ['action'],
        comment,
        actorId: event.actorId,
      });
    }
  });
}
