import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesChangedHook, EmployeesRepository } from '#modules/employees/index.ts';
import { activitiesRepository } from './activities.repository.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { createActivitiesService } from './activities.service.ts';

export function activitiesModule(deps: { db: Db; employees: Pick<EmployeesRepository, 'existingIds'> }) {
  const repository = activitiesRepository;
  /** Told when an employee's activities or roles change (the instructions' profiles, pushed in app.ts). */
  const changeHooks: EmployeesChangedHook[] = [];
  const service = createActivitiesService({
    db: deps.db,
    repository,
    employees: deps.employees,
    changeHooks,
  });
  return {
    repository,
    service,
    changeHooks,
    register: (app: FastifyInstance) => app.register(activitiesRoutes(service), { prefix: '/api' }),
  };
}
