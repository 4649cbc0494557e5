import { createReportDefinitions } from './reports.definitions.ts';
import type { ReportsDeps } from './reports.deps.ts';
import { createReportRuns } from './reports.run.ts';

/**
 * The reports service (decision 015), put together from its parts: the definitions — the manager's CRUD, the
 * picker, import/export (reports.definitions.ts) — and running them — rights, filters, count, generate,
 * preview, record scopes (reports.run.ts). The pure rules are in reports.rules.ts, all data access of the
 * definitions in reports.repository.ts; the runner (report-runner.ts) executes the checked SQL.
 */
export function createReportsService(deps: ReportsDeps) {
  return {
    ...createReportDefinitions(deps),
    ...createReportRuns(deps),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
