import { idParamsSchema, listQuerySchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  ingredientTemplateInputSchema,
  ingredientTemplateSchema,
  manufacturerInputSchema,
  manufacturerSchema,
  updateIngredientTemplateSchema,
  updateManufacturerSchema,
} from '@schutzwerk/shared/substances/master-data.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { MasterDataService } from './master-data.service.ts';

/** /api/substanceingredienttemplates and /api/substancemanufacturers (decision 055). */
export function masterDataRoutes(service: MasterDataService): FastifyPluginAsyncZod {
  return async (app) => {
    const lists = [
      {
        path: '/substanceingredienttemplates',
        kind: 'ingredientTemplate',
        row: ingredientTemplateSchema,
        create: ingredientTemplateInputSchema,
        update: updateIngredientTemplateSchema,
      },
      {
        path: '/substancemanufacturers',
        kind: 'manufacturer',
        row: manufacturerSchema,
        create: manufacturerInputSchema,
        update: updateManufacturerSchema,
      },
    ] as const;
    const master = { access: anyOf(P.HAZMAT_MASTER_DATA) };
    for (const { path, kind, row, create, update } of lists) {
      listRoute(app, {
        path,
        postPath: `${path}/list`,
        config: { access: anyOf(...COMPOSITE.HAZMAT_READ, P.HAZMAT_MASTER_DATA) },
        query: listQuerySchema,
        row,
        handler: (_request, query) => service.list(kind, query),
      });
      app.post(
        path,
        { config: master, schema: { body: create, response: { 201: z.object({ data: row }) } } },
        async (request, reply) =>
          reply.status(201).send({ data: await service.create(requireActor(request), kind, request.body) }),
      );
      app.put(
        `${path}/:id`,
        {
          config: master,
          schema: { params: idParamsSchema, body: update, response: { 200: z.object({ data: row }) } },
        },
        async (request) => ({
          data: await service.update(requireActor(request), kind, request.params.id, request.body),
        }),
      );
      app.delete(
        `${path}/:id`,
        {
          config: master,
          schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
        },
        async (request, reply) => {
          await service.remove(requireActor(request), kind, request.params.id, request.query.version);
          return reply.status(204).send(null);
        },
      );
    }
  };
}
