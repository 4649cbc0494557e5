import type { listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { portalPickerRowSchema } from '@schutzwerk/shared/portals/portal.schema.ts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#db/client.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { listRoute } from '#platform/list-route.ts';
import { portals } from './portals.table.ts';

const portalPickerSource = {
  orderBy: { name: sql`lower(${portals.name})` },
  defaultOrderBy: 'name',
  tieBreaker: portals.id,
  searchText: sql`${portals.name}`,
} satisfies ListSource<'name'>;

/**
 * Portals. So far: the picker of customer portals for the portal assignment of employees. Only the main
 * portal sees other portals; a customer portal's user gets an empty list.
 */
export function portalsModule(deps: { db: Db }) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    const handler = async (actor: ReturnType<typeof requireActor>, query: typeof listQuerySchema._output) => {
      const plan = planList(portalPickerSource, query, [
        eq(portals.isMain, false),
        actor.isMainPortal ? undefined : sql`false`,
      ]);
      return runList(plan, {
        rows: (p) =>
          deps.db
            .select({ id: portals.id, name: portals.name })
            .from(portals)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        count: async (where) =>
          (await deps.db.select({ count: countAll }).from(portals).where(where))[0]?.count ?? 0,
      });
    };
    listRoute(app, {
      path: '/portals/picker',
      config: { access: anyOf(P.EMPLOYEES_PORTALS, P.PORTALS) },
      row: portalPickerRowSchema,
      handler: (request, query) => handler(requireActor(request), query),
    });
  };
  return { register: (app: FastifyInstance) => app.register(routes, { prefix: '/api' }) };
}
