import {
  collectionLinkListQuerySchema,
  collectionLinkSchema,
  collectionLinkStepSchema,
  sendCollectionSchema,
} from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import { idParamsSchema, idSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { type Actor, anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { QuestionnaireSharing } from './questionnaire-sharing.ts';

/**
 * Collection links (/api/questionnaires/links…, /api/questionnaires/{id}/links…) and the questionnaire print
 * (/api/questionnaires/{id}/print) (decision 067).
 */
export function questionnaireSharingRoutes(
  sharing: QuestionnaireSharing,
  print: (actor: Actor, id: number) => Promise<{ file: Buffer; fileName: string }>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const list = { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST) };
    const edit = { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) };
    const oneLink = z.object({ data: collectionLinkSchema });

    listRoute(app, {
      path: '/questionnaires/links',
      postPath: '/questionnaires/links/list',
      config: list,
      query: collectionLinkListQuerySchema,
      row: collectionLinkSchema,
      handler: (request, query) => sharing.list(requireActor(request), query),
    });
    app.post(
      '/questionnaires/:id/links',
      {
        config: edit,
        schema: { params: idParamsSchema, body: sendCollectionSchema, response: { 201: oneLink } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await sharing.send(requireActor(request), request.params.id, request.body) }),
    );
    app.post(
      '/questionnaires/:id/links/:linkId/status',
      {
        config: list,
        schema: {
          params: z.object({ id: idSchema, linkId: idSchema }),
          body: collectionLinkStepSchema,
          response: { 200: oneLink },
        },
      },
      async (request) => ({
        data: await sharing.step(
          requireActor(request),
          request.params.id,
          request.params.linkId,
          request.body,
        ),
      }),
    );
    app.get(
      '/questionnaires/:id/print',
      { config: list, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const result = await print(requireActor(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );
  };
}
