import { P } from '@schutzwerk/shared/permissions.ts';
import { portalPickerRowSchema } from '@schutzwerk/shared/portals/portal.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { PortalsService } from './portals.service.ts';

/** The picker of customer portals (/api/portals/picker, GET and POST), for the portal assignment of employees. */
export function portalsRoutes(service: PortalsService): FastifyPluginAsyncZod {
  return async (app) => {
    listRoute(app, {
      path: '/portals/picker',
      config: { access: anyOf(P.EMPLOYEES_PORTALS, P.PORTALS) },
      row: portalPickerRowSchema,
      handler: (request, query) => service.picker(requireActor(request), query),
    });
  };
}
