import {
  copyFactorMenuSchema,
  createFactorMenuSchema,
  factorMenuListQuerySchema,
  factorMenuRowSchema,
  factorMenuSchema,
  factorMenuVersionSchema,
  importFactorMenuSchema,
  updateFactorMenuSchema,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { FactorMenusService } from './factor-menus.service.ts';

/**
 * Factor menus (/api/factormenus…, decision 019): HAZARDANALYSIS_FACTOR_MENU manages them; the picker
 * `factormenu/picker` and reading one menu are open to readers of hazard assessments too (the assessment
 * header picks a menu, the hazard editor shows its factors).
 */
export function factorMenusRoutes(service: FactorMenusService): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { access: anyOf(P.HAZARDANALYSIS_FACTOR_MENU) };
    const read = {
      access: anyOf(
        P.HAZARDANALYSIS_FACTOR_MENU,
        P.HAZARDANALYSIS_READONLY,
        P.HAZARDANALYSIS_READONLY_RELEASED,
      ),
    };
    const one = { 200: z.object({ data: factorMenuSchema }) };
    const created = { 201: z.object({ data: factorMenuSchema }) };

    listRoute(app, {
      path: '/factormenus',
      postPath: '/factormenus/list',
      config: manage,
      query: factorMenuListQuerySchema,
      row: factorMenuRowSchema,
      handler: (_request, query) => service.list(query),
    });
    listRoute(app, {
      path: '/factormenu/picker',
      config: read,
      query: factorMenuListQuerySchema,
      row: factorMenuRowSchema,
      handler: (_request, query) => service.picker(query),
    });
    app.post(
      '/factormenus/import',
      { config: manage, schema: { body: importFactorMenuSchema, response: created } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.importFile(requireActor(request), request.body.content) }),
    );
    app.get(
      '/factormenus/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
    app.get(
      '/factormenus/:id/export',
      { config: manage, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const file = await service.exportFile(request.params.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-filename', encodeURIComponent(file.fileName))
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    );
    app.post(
      '/factormenus',
      { config: manage, schema: { body: createFactorMenuSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/factormenus/:id',
      { config: manage, schema: { params: idParamsSchema, body: updateFactorMenuSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/factormenus/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    for (const [path, active] of [
      ['/factormenus/:id/activate', true],
      ['/factormenus/:id/deactivate', false],
    ] as const) {
      app.post(
        path,
        { config: manage, schema: { params: idParamsSchema, body: factorMenuVersionSchema, response: one } },
        async (request) => ({
          data: await service.setActive(
            requireActor(request),
            request.params.id,
            request.body.version,
            active,
          ),
        }),
      );
    }
    app.post(
      '/factormenus/:id/copy',
      { config: manage, schema: { params: idParamsSchema, body: copyFactorMenuSchema, response: created } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.copy(requireActor(request), request.params.id, request.body.name) }),
    );
  };
}
