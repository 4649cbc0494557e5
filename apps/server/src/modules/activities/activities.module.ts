import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/index.ts';
import { activitiesRepository } from './activities.repository.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { createActivitiesService } from './activities.service.ts';

export function activitiesModule(deps: { db: Db; employees: Pick<EmployeesRepository, 'existingIds'> }) {
  const repository = activitiesRepository;
  const service = createActivitiesService({ db: deps.db, repository, employees: deps.employees });
  return {
    repository,
    service,
    register: (app: FastifyInstance) => app.register(activitiesRoutes(service), { prefix: '/api' }),
  };
}
