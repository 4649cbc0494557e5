import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import {
  approvePrecautionSchema,
  catalogueEntryParamsSchema,
  catalogueEntrySchema,
  catalogueKindParamsSchema,
  createCatalogueEntrySchema,
  createPrecautionSchema,
  precautionQuerySchema,
  precautionSchema,
  recordCheckupSchema,
  updateCatalogueEntrySchema,
  updatePrecautionSchema,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { OccupationalMedicineService } from './occupational-medicine.service.ts';

/** /api/occupational-medicine/… (decision 057). */
export function occupationalMedicineRoutes(service: OccupationalMedicineService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/occupational-medicine';
    const master = { access: anyOf(P.PRECAUTION_MASTER_DATA) };
    const edit = { access: anyOf(P.PRECAUTION_EDIT) };
    const entry = { 200: z.object({ data: catalogueEntrySchema }) };
    const one = { 200: z.object({ data: precautionSchema }) };

    // The catalogues: read by whoever reads or keeps precautions, kept with PRECAUTION_MASTER_DATA.
    app.get(
      `${base}/catalogues/:kind`,
      {
        config: { access: anyOf(P.PRECAUTION, P.PRECAUTION_EDIT, P.PRECAUTION_MASTER_DATA) },
        schema: {
          params: catalogueKindParamsSchema,
          response: { 200: z.object({ data: z.array(catalogueEntrySchema) }) },
        },
      },
      async (request) => ({ data: await service.catalogue(request.params.kind) }),
    );
    app.post(
      `${base}/catalogues/:kind`,
      {
        config: master,
        schema: {
          params: catalogueKindParamsSchema,
          body: createCatalogueEntrySchema,
          response: { 201: z.object({ data: catalogueEntrySchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createCatalogueEntry(requireActor(request), request.params.kind, request.body),
        }),
    );
    app.patch(
      `${base}/catalogues/:kind/:id`,
      {
        config: master,
        schema: { params: catalogueEntryParamsSchema, body: updateCatalogueEntrySchema, response: entry },
      },
      async (request) => ({
        data: await service.updateCatalogueEntry(
          requireActor(request),
          request.params.kind,
          request.params.id,
          request.body,
        ),
      }),
    );
    app.delete(
      `${base}/catalogues/:kind/:id`,
      {
        config: master,
        schema: {
          params: catalogueEntryParamsSchema,
          querystring: versionQuerySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.deleteCatalogueEntry(
          requireActor(request),
          request.params.kind,
          request.params.id,
          request.query.version,
        );
        return reply.status(204).send(null);
      },
    );

    // Precautions of the portal's employees.
    app.get(
      `${base}/precautions`,
      {
        config: { access: anyOf(P.PRECAUTION, P.PRECAUTION_EDIT) },
        schema: {
          querystring: precautionQuerySchema,
          response: { 200: z.object({ data: z.array(precautionSchema) }) },
        },
      },
      async (request) => ({
        data: await service.list(requireActor(request), {
          employeeId: request.query.employeeId,
          dueOnly: request.query.dueOnly === 'true',
        }),
      }),
    );
    app.get(
      `${base}/precautions/:id`,
      {
        config: { access: anyOf(P.PRECAUTION, P.PRECAUTION_EDIT) },
        schema: { params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.get(
      `${base}/employee-activities/:id`,
      {
        config: edit,
        schema: {
          params: idParamsSchema,
          response: {
            200: z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
          },
        },
      },
      async (request) => ({
        data: await service.employeeActivities(requireActor(request), request.params.id),
      }),
    );
    app.post(
      `${base}/precautions`,
      {
        config: edit,
        schema: { body: createPrecautionSchema, response: { 201: z.object({ data: precautionSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.patch(
      `${base}/precautions/:id`,
      { config: edit, schema: { params: idParamsSchema, body: updatePrecautionSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      `${base}/precautions/:id`,
      {
        config: edit,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    // The precaution file: recording a check-up with its assessment kind is health data.
    app.post(
      `${base}/precautions/:id/checkups`,
      {
        config: { access: anyOf(P.PRECAUTION_ASSESSMENTS) },
        schema: { params: idParamsSchema, body: recordCheckupSchema, response: one },
      },
      async (request) => ({
        data: await service.recordCheckup(requireActor(request), request.params.id, request.body),
      }),
    );

    // The signed-in employee's own precautions and the preparedness approval of an offer.
    app.get(
      `${base}/own`,
      {
        config: { access: authenticated },
        schema: { response: { 200: z.object({ data: z.array(precautionSchema) }) } },
      },
      async (request) => ({ data: await service.own(requireActor(request)) }),
    );
    app.post(
      `${base}/own/:id/approve`,
      {
        config: { access: authenticated },
        schema: { params: idParamsSchema, body: approvePrecautionSchema, response: one },
      },
      async (request) => ({
        data: await service.approve(requireActor(request), request.params.id, request.body.password),
      }),
    );
  };
}
