import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { portalsRepository } from './portals.repository.ts';
import { portalsRoutes } from './portals.routes.ts';
import { createPortalsService } from './portals.service.ts';

/** Portals (tenants). So far: the picker of customer portals; more comes with the portal management. */
export function portalsModule(deps: { db: Db }) {
  const service = createPortalsService({ db: deps.db, repository: portalsRepository });
  return { register: (app: FastifyInstance) => app.register(portalsRoutes(service), { prefix: '/api' }) };
}
