import {
  evaluationExportQuerySchema,
  evaluationQuerySchema,
  evaluationStatisticsSchema,
  overdueListQuerySchema,
  overdueRowSchema,
} from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { EvaluationsService } from './evaluations.service.ts';

/**
 * Evaluations of instructions (decision 073): /api/instructions/evaluations/statistics, …/overdue (list protocol),
 * …/export (XLSX or PDF). The right is TOPICS_EVALUATE („Unterweisungen auswerten“); what it counts is limited to
 * the caller's reach in the service.
 */
export function evaluationsRoutes(service: EvaluationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: anyOf(P.TOPICS_EVALUATE) };
    app.get(
      '/instructions/evaluations/statistics',
      {
        config,
        schema: {
          querystring: evaluationQuerySchema,
          response: { 200: z.object({ data: evaluationStatisticsSchema }) },
        },
      },
      async (request) => ({ data: await service.statistics(requireActor(request), request.query) }),
    );
    listRoute(app, {
      path: '/instructions/evaluations/overdue',
      config,
      query: overdueListQuerySchema,
      row: overdueRowSchema,
      handler: (request, query) => service.overdue(requireActor(request), query),
    });
    app.get(
      '/instructions/evaluations/export',
      { config, schema: { querystring: evaluationExportQuerySchema } },
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
