import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/index.ts';
import { rolesRepository } from './roles.repository.ts';
import { rolesRoutes } from './roles.routes.ts';
import { createRolesService } from './roles.service.ts';

export function rolesModule(deps: { db: Db; employees: EmployeesRepository }) {
  const repository = rolesRepository;
  const service = createRolesService({ db: deps.db, repository, employees: deps.employees });
  return {
    repository,
    service,
    register: (app: FastifyInstance) => app.register(rolesRoutes(service), { prefix: '/api' }),
  };
}
