import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { ReportRunner } from './report-runner.ts';
import type { ReportsRepository } from './reports.repository.ts';

/**
 * Everything the parts of the reports service need (decision 015), wired by reports.module.ts: the definitions'
 * data access, the runner that executes checked SQL, and the settings (company name) — fakes in the tests.
 */
export type ReportsDeps = {
  db: Db;
  repository: ReportsRepository;
  runner: Pick<ReportRunner, 'rows' | 'count'>;
  settings: Pick<SettingsService, 'read'>;
  now?: () => Date;
  /** The operator's logo for the PDF header (DATA_DIR/logo.png or .jpg), or null. */
  logo?: () => Promise<Buffer | null>;
};
