/**
 * The public face of the hazard-analysis module (decision 021): what other modules, app.ts and the seed may
 * use. Everything else in this folder is internal.
 */

// Demo data (db/seed).
export { seedHazardAnalysisDemo } from './hazard-analysis.demo-data.ts';
// Documents on assessments and their document tasks (wiring in app.ts).
export { ANALYSIS_LINK_ENTITY, registerAnalysisDocuments } from './hazard-analysis.documents.ts';
// The module factory (wiring in app.ts).
export { hazardAnalysisModule } from './hazard-analysis.module.ts';
// The ports: hooks other modules push into, what the module needs of others, the action source type.
export {
  HAZARD_ACTION_SOURCE,
  type HazardActionsPort,
  type HazardAnalysisActiveHook,
  type HazardAnalysisDeletionGuard,
  type HazardAnalysisHooks,
  type HazardFactorsPort,
} from './hazard-analysis.ports.ts';
// The questionnaires' port (decision 058): route, read access, hazards from comments on questions.
export type { HazardAnalysisService } from './hazard-analysis.service.ts';
// The tables other modules may join (read-only; writes go through the service).
export { hazardAnalyses, hazardAnalysisHazards, hazardAnalysisVersions } from './hazard-analysis.table.ts';
// The release / check tasks and the task effects of (in)activation (wiring in app.ts).
export { ANALYSIS_TASK_SOURCE, registerAnalysisTaskHooks } from './hazard-analysis.tasks.ts';
