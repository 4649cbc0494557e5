import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeeDeletionGuard } from '#modules/employees/employee-record.service.ts';
import type { EmployeesRepository } from '#modules/employees/employees.repository.ts';
import { createOrganisationRepository } from './organisation.repository.ts';
import { organisationRoutes } from './organisation.routes.ts';
import { createOrganisationService } from './organisation.service.ts';

/** Locations and departments trees. Registers a guard so responsible persons are not deleted silently. */
export function organisationModule(deps: {
  db: Db;
  employees: { repository: EmployeesRepository; deletionGuards: EmployeeDeletionGuard[] };
}) {
  const repository = createOrganisationRepository(deps.db);
  const service = createOrganisationService({
    db: deps.db,
    repository,
    employees: deps.employees.repository,
  });
  deps.employees.deletionGuards.push(service.employeeDeletionGuard);
  return {
    repository,
    service,
    register: (app: FastifyInstance) => app.register(organisationRoutes(service), { prefix: '/api' }),
  };
}
