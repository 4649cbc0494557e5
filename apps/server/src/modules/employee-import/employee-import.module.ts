import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { createEmployeeImportRepository } from './employee-import.repository.ts';
import { employeeImportRoutes } from './employee-import.routes.ts';
import { createEmployeeImportService } from './employee-import.service.ts';

export function employeeImportModule(deps: { db: Db }) {
  const repository = createEmployeeImportRepository(deps.db);
  const service = createEmployeeImportService({ db: deps.db, repository });
  return {
    repository,
    service,
    register: (app: FastifyInstance) => app.register(employeeImportRoutes(service), { prefix: '/api' }),
  };
}
