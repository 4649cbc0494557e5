import {
  auditListQuerySchema,
  auditRowSchema,
  auditSchema,
  auditTransitionSchema,
  createAuditSchema,
  createFindingSchema,
  updateAuditSchema,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { AuditsService } from './audits.service.ts';

/** Approval processes (/api/audits…, decision 059). */
export function auditsRoutes(
  service: AuditsService,
  print: (actor: ReturnType<typeof requireActor>, id: number) => Promise<{ file: Buffer; fileName: string }>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.AUDIT_AUDITS) };
    const one = { 200: z.object({ data: auditSchema }) };

    listRoute(app, {
      path: '/audits',
      postPath: '/audits/list',
      config: read,
      query: auditListQuerySchema,
      row: auditRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/audits/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/audits',
      {
        config: { access: anyOf(P.AUDIT_AUDITS_CREATE) },
        schema: { body: createAuditSchema, response: { 201: z.object({ data: auditSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/audits/:id',
      { config: read, schema: { params: idParamsSchema, body: updateAuditSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/audits/:id/transition',
      { config: read, schema: { params: idParamsSchema, body: auditTransitionSchema, response: one } },
      async (request) => ({
        data: await service.transition(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/audits/:id/findings',
      {
        config: read,
        schema: {
          params: idParamsSchema,
          body: createFindingSchema,
          response: { 201: z.object({ data: z.object({ actionId: z.number().int() }) }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createFinding(requireActor(request), request.params.id, request.body),
        }),
    );
    app.get(
      '/audits/:id/print',
      { config: read, schema: { params: idParamsSchema } },
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
