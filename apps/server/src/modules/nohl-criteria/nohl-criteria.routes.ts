import {
  nohlCriteriaAnswerSchema,
  nohlCriteriaHistoryEntrySchema,
  updateNohlCriteriaSchema,
} from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { NohlCriteriaService } from './nohl-criteria.service.ts';

/** The NOHL classification criteria (/api/hazardanalysis/status…, decision 018). */
export function nohlCriteriaRoutes(service: NohlCriteriaService): FastifyPluginAsyncZod {
  return async (app) => {
    const one = { 200: z.object({ data: nohlCriteriaAnswerSchema }) };

    // Everyone who rates a hazard needs the criteria: any signed-in user may read them.
    app.get(
      '/hazardanalysis/status',
      { config: { access: authenticated }, schema: { response: one } },
      async () => ({ data: await service.get() }),
    );

    app.put(
      '/hazardanalysis/status',
      {
        config: { access: anyOf(P.HAZARDANALYSISSTATUS_EDIT) },
        schema: { body: updateNohlCriteriaSchema, response: one },
      },
      async (request) => ({ data: await service.update(requireActor(request), request.body) }),
    );

    app.get(
      '/hazardanalysis/status/history',
      {
        config: { access: anyOf(P.HAZARDANALYSISSTATUS_LOG) },
        schema: { response: { 200: z.object({ data: z.array(nohlCriteriaHistoryEntrySchema) }) } },
      },
      async () => ({ data: await service.history() }),
    );
  };
}
