import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { createReportRunner } from './report-runner.ts';
import { reportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/** Reports: definitions, the SQL guard, the read-only runner and PDF/XLSX/CSV output (decision 015). */
export function reportsModule(deps: {
  db: Db;
  kind: 'pglite' | 'postgres';
  settings: Pick<SettingsService, 'read'>;
  log?: (message: string) => void;
  logo?: () => Promise<Buffer | null>;
}) {
  const runner = createReportRunner({ db: deps.db, kind: deps.kind, ...(deps.log ? { log: deps.log } : {}) });
  const service = createReportsService({
    db: deps.db,
    repository: reportsRepository,
    runner,
    settings: deps.settings,
    ...(deps.logo ? { logo: deps.logo } : {}),
  });
  return {
    runner,
    service,
    /** The operator's logo for PDF headers (other modules' documents use the same template). */
    logo: deps.logo ?? (async () => null),
    register: (app: FastifyInstance) => {
      // The report worker of the embedded database ends with the app.
      app.addHook('onClose', () => runner.close());
      return app.register(reportsRoutes(service), { prefix: '/api' });
    },
  };
}
