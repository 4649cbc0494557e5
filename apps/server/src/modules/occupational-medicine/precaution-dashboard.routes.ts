import { precautionDashboardSchema } from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import { hasAnyPermission, P } from '@schutzwerk/shared/permissions.ts';
import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { precautionAssignmentsRepository as repository } from './precaution-assignments.repository.ts';
import { offerHorizon } from './precaution-assignments.ts';
import { isoDay } from './precaution-dates.ts';

/**
 * GET /api/occupational-medicine/dashboard (decision 064): any signed-in employee gets their own precautions due
 * within the lead time; readers of precautions (PRECAUTION, PRECAUTION_EDIT) get the portal's overdue ones, a
 * precaution's coordinator without those rights the overdue ones they coordinate.
 */
export function precautionDashboardRoutes(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  now: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/occupational-medicine/dashboard',
      {
        config: { access: authenticated },
        schema: { response: { 200: z.object({ data: precautionDashboardSchema }) } },
      },
      async (request) => {
        const actor = requireActor(request);
        const { leadDays } = await deps.settings.read(occupationalMedicineSettings, deps.db);
        const horizon = await offerHorizon(deps.db, deps.settings, deps.now());
        const today = isoDay(deps.now());
        const mine = await repository.dashboardRows(deps.db, {
          portalId: actor.portalId,
          employeeId: actor.employeeId,
          dueBy: horizon,
        });
        const readsAll = hasAnyPermission(actor.permissions, [P.PRECAUTION, P.PRECAUTION_EDIT]);
        const overdueRows = await repository.dashboardRows(deps.db, {
          portalId: actor.portalId,
          before: today,
          ...(readsAll ? {} : { coordinatorId: actor.employeeId }),
        });
        const coordinates =
          readsAll ||
          overdueRows.length > 0 ||
          (await repository.coordinatesAny(deps.db, actor.portalId, actor.employeeId));
        return { data: { leadDays, mine, overdue: coordinates ? overdueRows : null } };
      },
    );
  };
}
