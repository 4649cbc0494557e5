import {
  importTopicsResultSchema,
  importTopicsSchema,
  questionOverviewQuerySchema,
  questionOverviewRowSchema,
  topicsExportQuerySchema,
} from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { TopicsTransfer } from './topics-transfer.ts';

/** The question overview; export of topics with their questions as a file, the import's preview and the import (TOPICS_IMPORT). */
export function topicsTransferRoutes(transfer: TopicsTransfer): FastifyPluginAsyncZod {
  return async (app) => {
    // The question overview: every question of the portal's topics (reading needs TOPICS).
    listRoute(app, {
      path: '/topics/questions',
      postPath: '/topics/questions/list',
      config: { access: anyOf(P.TOPICS) },
      query: questionOverviewQuerySchema,
      row: questionOverviewRowSchema,
      handler: (request, query) => transfer.questions(requireActor(request), query),
    });
    const access = { access: anyOf(P.TOPICS_IMPORT) };
    app.get(
      '/topics/export',
      { config: access, schema: { querystring: topicsExportQuerySchema } },
      async (request, reply) => {
        const file = await transfer.exportFile(requireActor(request), request.query);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-filename', encodeURIComponent(file.fileName))
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    );
    const body = {
      config: access,
      bodyLimit: 12 * 1024 * 1024,
      schema: { body: importTopicsSchema, response: { 200: z.object({ data: importTopicsResultSchema }) } },
    };
    app.post('/topics/import/preview', body, async (request) => ({
      data: await transfer.preview(requireActor(request), request.body),
    }));
    app.post(
      '/topics/import',
      {
        ...body,
        schema: { ...body.schema, response: { 201: z.object({ data: importTopicsResultSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await transfer.importFile(requireActor(request), request.body) }),
    );
  };
}
