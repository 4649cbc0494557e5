import type { NohlCriteria } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { HazardAnalysisService } from '#modules/hazard-analysis/index.ts';
import type { ReportsService } from '#modules/reports/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { hazardAnalysisPrintRepository } from './hazard-analysis-print.repository.ts';
import { hazardAnalysisPrintRoutes } from './hazard-analysis-print.routes.ts';
import { createHazardAnalysisPrintService } from './hazard-analysis-print.service.ts';

/**
 * Printing hazard assessments (decision 022): one assessment or a frozen version as PDF on the report
 * engine's template, and the list print through the report engine — reports of controller 'hazardanalysis'
 * get `:recordlist` narrowed to the assessments the user may see, and for released-only readers
 * `:versionlist` (their last released versions) instead.
 */
export function hazardAnalysisPrintModule(deps: {
  db: Db;
  hazardAnalysis: { service: HazardAnalysisService };
  criteria: (ex: Executor) => Promise<NohlCriteria>;
  settings: Pick<SettingsService, 'read'>;
  reports: { service: ReportsService; logo: () => Promise<Buffer | null> };
}) {
  const service = createHazardAnalysisPrintService({
    db: deps.db,
    repository: hazardAnalysisPrintRepository,
    hazardAnalysis: deps.hazardAnalysis.service,
    criteria: deps.criteria,
    settings: deps.settings,
    logo: deps.reports.logo,
  });
  deps.reports.service.registerRecordScope('hazardanalysis', (actor, ids) =>
    deps.hazardAnalysis.service.printRecords(actor, ids),
  );
  return {
    service,
    register: (app: FastifyInstance) => app.register(hazardAnalysisPrintRoutes(service), { prefix: '/api' }),
  };
}
