import {
  createEffectivenessReviewSchema,
  effectivenessExportQuerySchema,
  effectivenessOverviewSchema,
  effectivenessQuerySchema,
  effectivenessReviewSchema,
  effectivenessTopicDetailSchema,
} from '@schutzwerk/shared/instructions/evaluations-effectiveness.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { EffectivenessService } from './evaluations-effectiveness.service.ts';

/**
 * The effectiveness review of topics (decision 075) under /api/instructions/evaluations/effectiveness: the
 * overview, a topic's history and evidence, and the export read with TOPICS_EVALUATE; a review is saved with
 * TOPICS_EFFECTIVENESS (the right that changes a topic's effectiveness, decision 036).
 */
export function effectivenessRoutes(service: EffectivenessService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.TOPICS_EVALUATE) };
    const base = '/instructions/evaluations/effectiveness';
    app.get(
      base,
      {
        config: read,
        schema: {
          querystring: effectivenessQuerySchema,
          response: { 200: z.object({ data: effectivenessOverviewSchema }) },
        },
      },
      async (request) => ({ data: await service.overview(requireActor(request), request.query) }),
    );
    app.get(
      `${base}/topics/:id`,
      {
        config: read,
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: effectivenessTopicDetailSchema }) },
        },
      },
      async (request) => ({ data: await service.detail(requireActor(request), request.params.id) }),
    );
    app.post(
      `${base}/topics/:id/reviews`,
      {
        config: { access: anyOf(P.TOPICS_EFFECTIVENESS) },
        schema: {
          params: idParamsSchema,
          body: createEffectivenessReviewSchema,
          response: { 201: z.object({ data: effectivenessReviewSchema }) },
        },
      },
      async (request, reply) => {
        const data = await service.create(requireActor(request), request.params.id, request.body);
        return reply.status(201).send({ data });
      },
    );
    app.get(
      `${base}/export`,
      { config: read, schema: { querystring: effectivenessExportQuerySchema } },
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
