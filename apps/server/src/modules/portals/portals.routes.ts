import { listQuerySchema, listResponseSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { portalPickerRowSchema } from '@schutzwerk/shared/portals/portal.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { PortalsService } from './portals.service.ts';

/** The picker of customer portals (/api/portals/picker, GET and POST), for the portal assignment of employees. */
export function portalsRoutes(service: PortalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const response = { 200: listResponseSchema(portalPickerRowSchema) };
    const config = { access: anyOf(P.EMPLOYEES_PORTALS, P.PORTALS) };
    app.get(
      '/portals/picker',
      { config, schema: { querystring: listQuerySchema, response } },
      async (request) => ({
        data: await service.picker(requireActor(request), request.query),
      }),
    );
    app.post('/portals/picker', { config, schema: { body: listQuerySchema, response } }, async (request) => ({
      data: await service.picker(requireActor(request), request.body),
    }));
  };
}
