import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import { createOrganisationRepository } from './organisation.repository.ts';
import { organisationRoutes } from './organisation.routes.ts';
import { createOrganisationService, type OrganisationEmployeesPort } from './organisation.service.ts';

/** Locations and departments trees. Registers a guard so responsible persons are not deleted silently. */
export function organisationModule(deps: {
  db: Db;
  /** The employees module's repository and the guards it asks before deleting an employee (wiring in app.ts). */
  employees: {
    repository: OrganisationEmployeesPort;
    deletionGuards: ((ex: Executor, employeeId: number) => Promise<string | null>)[];
  };
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
