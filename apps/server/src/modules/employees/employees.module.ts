import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { createEmployeesRepository } from './employees.repository.ts';
import { employeesRoutes } from './employees.routes.ts';
import { createEmployeesService } from './employees.service.ts';

export function employeesModule(db: Db) {
  const repository = createEmployeesRepository(db);
  const service = createEmployeesService({ repository });
  return {
    repository,
    service,
    register: (app: FastifyInstance) => app.register(employeesRoutes(service), { prefix: '/api' }),
  };
}
