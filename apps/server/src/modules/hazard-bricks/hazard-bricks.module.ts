import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { createHazardBricksRepository } from './hazard-bricks.repository.ts';
import { hazardBricksRoutes } from './hazard-bricks.routes.ts';
import { createHazardBricksService, type HazardBrickDeletionGuard } from './hazard-bricks.service.ts';

/** Hazard bricks (decision 017). Later modules push into `deletionGuards` to refuse deleting used bricks. */
export function hazardBricksModule(deps: { db: Db }) {
  const repository = createHazardBricksRepository(deps.db);
  const deletionGuards: HazardBrickDeletionGuard[] = [];
  const service = createHazardBricksService({ db: deps.db, repository, deletionGuards });
  return {
    repository,
    service,
    deletionGuards,
    register: (app: FastifyInstance) => app.register(hazardBricksRoutes(service), { prefix: '/api' }),
  };
}
