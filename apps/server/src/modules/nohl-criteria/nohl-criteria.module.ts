import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { nohlCriteriaRepository } from './nohl-criteria.repository.ts';
import { nohlCriteriaRoutes } from './nohl-criteria.routes.ts';
import { createNohlCriteriaService } from './nohl-criteria.service.ts';

/** NOHL classification criteria (decision 018). Other modules score ratings with `service.read()`. */
export function nohlCriteriaModule(deps: { db: Db }) {
  const service = createNohlCriteriaService({ ...deps, repository: nohlCriteriaRepository });
  return {
    service,
    register: (app: FastifyInstance) => app.register(nohlCriteriaRoutes(service), { prefix: '/api' }),
  };
}
