import {
  type DashboardPrecaution,
  precautionDashboardSchema,
} from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import { hasAnyPermission, P } from '@schutzwerk/shared/permissions.ts';
import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import { and, asc, eq, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { occupationalPrecautions, precautionCatalogueEntries } from './occupational-medicine.table.ts';
import { precautionAssignments } from './precaution-assignments.table.ts';
import { offerHorizon } from './precaution-assignments.ts';
import { isoDay } from './precaution-dates.ts';

const p = occupationalPrecautions;

async function rows(ex: Executor, where: SQL | undefined): Promise<DashboardPrecaution[]> {
  const found = await ex
    .select({
      id: p.id,
      employeeId: p.employeeId,
      employeeName: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`,
      type: p.type,
      reasonName: precautionCatalogueEntries.name,
      nextDue: p.nextDue,
      assignmentStatus: instructionAssignments.status,
    })
    .from(p)
    .innerJoin(employees, eq(employees.id, p.employeeId))
    .innerJoin(precautionCatalogueEntries, eq(precautionCatalogueEntries.id, p.reasonId))
    .leftJoin(precautionAssignments, eq(precautionAssignments.precautionId, p.id))
    .leftJoin(instructionAssignments, eq(instructionAssignments.id, precautionAssignments.assignmentId))
    .where(where)
    .orderBy(asc(p.nextDue), asc(p.id))
    .limit(200);
  return found as DashboardPrecaution[];
}

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
        const mine = await rows(
          deps.db,
          and(eq(p.portalId, actor.portalId), eq(p.employeeId, actor.employeeId), lte(p.nextDue, horizon)),
        );
        const readsAll = hasAnyPermission(actor.permissions, [P.PRECAUTION, P.PRECAUTION_EDIT]);
        const overdueRows = await rows(
          deps.db,
          and(
            eq(p.portalId, actor.portalId),
            lt(p.nextDue, today),
            readsAll ? undefined : eq(p.coordinatorId, actor.employeeId),
          ),
        );
        const coordinates =
          readsAll ||
          overdueRows.length > 0 ||
          (
            await deps.db
              .select({ id: p.id })
              .from(p)
              .where(and(eq(p.portalId, actor.portalId), eq(p.coordinatorId, actor.employeeId)))
              .limit(1)
          ).length > 0;
        return { data: { leadDays, mine, overdue: coordinates ? overdueRows : null } };
      },
    );
  };
}
