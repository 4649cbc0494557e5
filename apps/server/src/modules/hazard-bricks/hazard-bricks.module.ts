import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { hazardBricksRepository } from './hazard-bricks.repository.ts';
import { hazardBricksRoutes } from './hazard-bricks.routes.ts';
import { createHazardBricksService, type HazardBrickDeletionGuard } from './hazard-bricks.service.ts';
import { createHazardBricksTransfer } from './hazard-bricks.transfer.ts';
import { hazardBricksTransferRoutes } from './hazard-bricks-transfer.routes.ts';

/** Hazard bricks (decision 017). Later modules push into `deletionGuards` to refuse deleting used bricks. */
export function hazardBricksModule(deps: { db: Db }) {
  const repository = hazardBricksRepository;
  const deletionGuards: HazardBrickDeletionGuard[] = [];
  const service = createHazardBricksService({ db: deps.db, repository, deletionGuards });
  return {
    repository,
    service,
    deletionGuards,
    async register(app: FastifyInstance) {
      await app.register(hazardBricksRoutes(service), { prefix: '/api' });
      await app.register(
        hazardBricksTransferRoutes(createHazardBricksTransfer({ db: deps.db, repository })),
        {
          prefix: '/api',
        },
      );
    },
  };
}
