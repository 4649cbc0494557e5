import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { factorMenusRepository } from './factor-menus.repository.ts';
import { factorMenusRoutes } from './factor-menus.routes.ts';
import { createFactorMenusService, type FactorMenuUsageGuard } from './factor-menus.service.ts';

/**
 * Factor menus (decision 019). Hazard assessments push into `usageGuards` so a menu in use cannot be
 * edited, deleted or deactivated, and call `service.assertAssignable` / `service.assertFactorSelection`.
 */
export function factorMenusModule(deps: { db: Db }) {
  const repository = factorMenusRepository;
  const usageGuards: FactorMenuUsageGuard[] = [];
  const service = createFactorMenusService({ db: deps.db, repository, usageGuards });
  return {
    repository,
    service,
    usageGuards,
    register: (app: FastifyInstance) => app.register(factorMenusRoutes(service), { prefix: '/api' }),
  };
}
