import {
  dashboardExportQuerySchema,
  dashboardQuerySchema,
  evaluationDashboardSchema,
} from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { EvaluationsDashboardService } from './evaluations-dashboard.service.ts';

/**
 * The evaluations dashboard (decision 077): /api/instructions/evaluations/dashboard and …/dashboard/export (XLSX
 * or PDF). Right TOPICS_EVALUATE; the service limits the figures to the caller's reach (decision 073).
 */
export function evaluationsDashboardRoutes(service: EvaluationsDashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: anyOf(P.TOPICS_EVALUATE) };
    app.get(
      '/instructions/evaluations/dashboard',
      {
        config,
        schema: {
          querystring: dashboardQuerySchema,
          response: { 200: z.object({ data: evaluationDashboardSchema }) },
        },
      },
      async (request) => ({ data: await service.dashboard(requireActor(request), request.query) }),
    );
    app.get(
      '/instructions/evaluations/dashboard/export',
      { config, schema: { querystring: dashboardExportQuerySchema } },
      async (request, reply) => {
        const result = await service.export(requireActor(request), request.query);
        return reply
          .header('content-type', result.contentType)
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );
  };
}
