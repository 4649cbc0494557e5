import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { instructionsRepository } from './instructions.repository.ts';
import { instructionsRoutes } from './instructions.routes.ts';
import { createInstructionsService, type TopicDeletionGuard } from './instructions.service.ts';

/** Instructions (Unterweisungen, decision 036). Later slices push into `deletionGuards` (assignments). */
export function instructionsModule(deps: { db: Db }) {
  const deletionGuards: TopicDeletionGuard[] = [];
  const service = createInstructionsService({
    db: deps.db,
    repository: instructionsRepository,
    deletionGuards,
  });
  return {
    service,
    deletionGuards,
    async register(app: FastifyInstance) {
      await app.register(instructionsRoutes(service), { prefix: '/api' });
    },
  };
}
