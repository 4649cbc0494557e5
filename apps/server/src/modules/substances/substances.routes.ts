import {
  idParamsSchema,
  idSchema,
  listQuerySchema,
  versionQuerySchema,
} from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  clpPickerQuerySchema,
  clpStatementRowSchema,
  createSubstanceSchema,
  namedEntryInputSchema,
  namedEntrySchema,
  releaseSubstanceSchema,
  setSubstanceActiveSchema,
  substanceListQuerySchema,
  substanceRowSchema,
  substanceSavedSchema,
  substanceSchema,
  substanceVersionActionSchema,
  substanceVersionDataSchema,
  substanceVersionsSchema,
  updateNamedEntrySchema,
  updateSubstanceSchema,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import { substanceUsageListSchema } from '@schutzwerk/shared/substances/usage.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { SubstancesService } from './substances.service.ts';

/** The hazardous substances register (/api/substances…), the CLP picker and the two small catalogues. */
export function substancesRoutes(service: SubstancesService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(...COMPOSITE.HAZMAT_READ) };
    const one = { 200: z.object({ data: substanceSchema }) };

    listRoute(app, {
      path: '/substances',
      postPath: '/substances/list',
      config: read,
      query: substanceListQuerySchema,
      row: substanceRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    // The CLP catalogue: reference data every signed-in user may read (code and full German text).
    listRoute(app, {
      path: '/clpstatements/picker',
      config: { access: authenticated },
      query: clpPickerQuerySchema,
      row: clpStatementRowSchema,
      handler: (_request, query) => service.clpPicker(query),
    });

    app.get(
      '/substances/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    // Who uses the substance (decision 054): the uses the reader may see, the others counted.
    app.get(
      '/substances/:id/usage',
      {
        config: read,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: substanceUsageListSchema }) } },
      },
      async (request) => ({ data: await service.usage(requireActor(request), request.params.id) }),
    );
    app.get(
      '/substances/:id/versions',
      { config: read, schema: { params: idParamsSchema, response: { 200: substanceVersionsSchema } } },
      async (request) => ({ data: await service.versions(requireActor(request), request.params.id) }),
    );
    app.get(
      '/substances/:id/versions/:versionId',
      {
        config: read,
        schema: {
          params: z.object({ id: idSchema, versionId: idSchema }),
          response: { 200: z.object({ data: substanceVersionDataSchema }) },
        },
      },
      async (request) => ({
        data: await service.versionData(requireActor(request), request.params.id, request.params.versionId),
      }),
    );
    app.post(
      '/substances',
      {
        config: { access: anyOf(P.HAZMAT_CREATE) },
        schema: { body: createSubstanceSchema, response: { 201: z.object({ data: substanceSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/substances/:id',
      {
        config: { access: anyOf(P.HAZMAT_EDIT) },
        schema: {
          params: idParamsSchema,
          body: updateSubstanceSchema,
          response: { 200: substanceSavedSchema },
        },
      },
      async (request) => service.update(requireActor(request), request.params.id, request.body),
    );
    app.post(
      '/substances/:id/versions',
      {
        config: { access: anyOf(P.HAZMAT_VERSION) },
        schema: { params: idParamsSchema, body: substanceVersionActionSchema, response: one },
      },
      async (request) => ({
        data: await service.createVersion(requireActor(request), request.params.id, request.body.version),
      }),
    );
    app.post(
      '/substances/:id/fix',
      {
        config: { access: anyOf(P.HAZMAT_VERSION) },
        schema: { params: idParamsSchema, body: substanceVersionActionSchema, response: one },
      },
      async (request) => ({
        data: await service.fixVersion(requireActor(request), request.params.id, request.body.version),
      }),
    );
    app.post(
      '/substances/:id/release',
      {
        config: { access: anyOf(P.HAZMAT_RELEASE) },
        schema: { params: idParamsSchema, body: releaseSubstanceSchema, response: one },
      },
      async (request) => ({
        data: await service.release(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/substances/:id/active',
      {
        config: { access: anyOf(P.HAZMAT_ACTIVATE) },
        schema: { params: idParamsSchema, body: setSubstanceActiveSchema, response: one },
      },
      async (request) => ({
        data: await service.setActive(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/substances/:id',
      {
        config: { access: anyOf(P.HAZMAT_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // Product groups and package units: picked by everyone who edits substances, kept by master data.
    const catalogues = [
      ['/substanceproductgroups', 'productGroup'],
      ['/substancepackageunits', 'packageUnit'],
    ] as const;
    const master = { access: anyOf(P.HAZMAT_MASTER_DATA) };
    for (const [path, kind] of catalogues) {
      listRoute(app, {
        path,
        postPath: `${path}/list`,
        config: { access: anyOf(...COMPOSITE.HAZMAT_READ, P.HAZMAT_MASTER_DATA) },
        query: listQuerySchema,
        row: namedEntrySchema,
        handler: (_request, query) => service.catalogue.list(kind, query),
      });
      app.post(
        path,
        {
          config: master,
          schema: { body: namedEntryInputSchema, response: { 201: z.object({ data: namedEntrySchema }) } },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send({ data: await service.catalogue.create(requireActor(request), kind, request.body) }),
      );
      app.put(
        `${path}/:id`,
        {
          config: master,
          schema: {
            params: idParamsSchema,
            body: updateNamedEntrySchema,
            response: { 200: z.object({ data: namedEntrySchema }) },
          },
        },
        async (request) => ({
          data: await service.catalogue.update(requireActor(request), kind, request.params.id, request.body),
        }),
      );
      app.delete(
        `${path}/:id`,
        {
          config: master,
          schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
        },
        async (request, reply) => {
          await service.catalogue.remove(
            requireActor(request),
            kind,
            request.params.id,
            request.query.version,
          );
          return reply.status(204).send(null);
        },
      );
    }
  };
}
