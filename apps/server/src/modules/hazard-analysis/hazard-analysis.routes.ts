import {
  addHazardsSchema,
  adoptBrickActionsSchema,
  createHazardAnalysisSchema,
  dataTableQuerySchema,
  dataTableResponseSchema,
  hazardAnalysisDraftRowSchema,
  hazardAnalysisListQuerySchema,
  hazardAnalysisRowSchema,
  hazardAnalysisSchema,
  hazardAnalysisVersionRowSchema,
  hazardAnalysisVersionSchema,
  hazardParamsSchema,
  inheritSchema,
  rateHazardSchema,
  releaseHazardAnalysisSchema,
  reorderHazardsSchema,
  setActiveSchema,
  updateHazardAnalysisSchema,
  updateHazardSchema,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  hazardSubstanceLinksSchema,
  hazardSubstanceParamsSchema,
  linkHazardSubstanceSchema,
} from '@schutzwerk/shared/substances/usage.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { HazardAnalysisService } from './hazard-analysis.service.ts';

/**
 * Hazard assessments (/api/hazardanalysis…, decision 021). Routes admit the broad right; the service checks
 * the part (templates: _DRAFTS), the location scope and the released-only reading.
 */
export function hazardAnalysisRoutes(service: HazardAnalysisService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(COMPOSITE.HAZARDANALYSIS_LIST) };
    const readWorking = { access: anyOf(P.HAZARDANALYSIS_READONLY) };
    const one = { 200: z.object({ data: hazardAnalysisSchema }) };
    const writeHazards = {
      access: anyOf(P.HAZARDANALYSIS_HAZARDS, P.HAZARDANALYSIS_DRAFTS),
    };

    listRoute(app, {
      path: '/hazardanalysis',
      postPath: '/hazardanalysis/list',
      config: read,
      query: hazardAnalysisListQuerySchema,
      row: hazardAnalysisRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.post(
      '/hazardanalysis/DataTable',
      { config: read, schema: { body: dataTableQuerySchema, response: { 200: dataTableResponseSchema } } },
      async (request) => ({ data: await service.dataTable(requireActor(request), request.body) }),
    );
    listRoute(app, {
      path: '/hazardanalysis/drafts',
      config: readWorking,
      query: hazardAnalysisListQuerySchema,
      row: hazardAnalysisRowSchema,
      handler: (request, query) => service.list(requireActor(request), query, true),
    });
    listRoute(app, {
      path: '/hazardanalysis/pickerDraft',
      config: readWorking,
      row: hazardAnalysisDraftRowSchema,
      handler: (request, query) => service.draftPicker(requireActor(request), query),
    });
    app.get(
      '/hazardanalysis/ref/:id',
      {
        config: read,
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: hazardAnalysisVersionSchema }) },
        },
      },
      async (request) => ({ data: await service.getVersion(requireActor(request), request.params.id) }),
    );
    app.get(
      '/hazardanalysis/:id',
      { config: readWorking, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.get(
      '/hazardanalysis/:id/versions',
      {
        config: read,
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(hazardAnalysisVersionRowSchema) }) },
        },
      },
      async (request) => ({ data: await service.versions(requireActor(request), request.params.id) }),
    );
    app.post(
      '/hazardanalysis',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_ADD, P.HAZARDANALYSIS_DRAFTS) },
        schema: {
          body: createHazardAnalysisSchema,
          response: { 201: z.object({ data: hazardAnalysisSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/hazardanalysis/:id',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_EDIT, P.HAZARDANALYSIS_DRAFTS) },
        schema: { params: idParamsSchema, body: updateHazardAnalysisSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/hazardanalysis/:id',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_DELETE, P.HAZARDANALYSIS_DRAFTS) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/hazardanalysis/:id/hazards',
      { config: writeHazards, schema: { params: idParamsSchema, body: addHazardsSchema, response: one } },
      async (request) => ({
        data: await service.addHazards(requireActor(request), request.params.id, request.body),
      }),
    );
    app.put(
      '/hazardanalysis/:id/hazards/order',
      { config: writeHazards, schema: { params: idParamsSchema, body: reorderHazardsSchema, response: one } },
      async (request) => ({
        data: await service.reorderHazards(requireActor(request), request.params.id, request.body),
      }),
    );
    app.put(
      '/hazardanalysis/:id/hazards/:hazardId',
      {
        config: writeHazards,
        schema: { params: hazardParamsSchema, body: updateHazardSchema, response: one },
      },
      async (request) => ({
        data: await service.updateHazard(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.body,
        ),
      }),
    );
    app.put(
      '/hazardanalysis/:id/hazards/:hazardId/rating',
      {
        config: {
          access: anyOf(P.HAZARDANALYSIS_HAZARDS, P.HAZARDANALYSIS_RISK_MATRIX, P.HAZARDANALYSIS_DRAFTS),
        },
        schema: { params: hazardParamsSchema, body: rateHazardSchema, response: one },
      },
      async (request) => ({
        data: await service.rateHazard(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.body,
        ),
      }),
    );
    app.delete(
      '/hazardanalysis/:id/hazards/:hazardId',
      {
        config: writeHazards,
        schema: { params: hazardParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.removeHazard(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.query.version,
        ),
      }),
    );
    // Hazardous substances of the hazards (decision 054): reading needs the assessment's and the substances'
    // read rights (the service asks the latter); linking is a hazard write of the assessment.
    app.get(
      '/hazardanalysis/:id/substances',
      {
        config: readWorking,
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: hazardSubstanceLinksSchema }) },
        },
      },
      async (request) => ({
        data: await service.hazardSubstances(requireActor(request), request.params.id),
      }),
    );
    app.put(
      '/hazardanalysis/:id/hazards/:hazardId/substances/:substanceId',
      {
        config: writeHazards,
        schema: { params: hazardSubstanceParamsSchema, body: linkHazardSubstanceSchema, response: one },
      },
      async (request) => ({
        data: await service.linkHazardSubstance(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.params.substanceId,
          request.body,
        ),
      }),
    );
    app.delete(
      '/hazardanalysis/:id/hazards/:hazardId/substances/:substanceId',
      {
        config: writeHazards,
        schema: { params: hazardSubstanceParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.unlinkHazardSubstance(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.params.substanceId,
          request.query.version,
        ),
      }),
    );
    // Adopting measures of the hazard's brick as actions (decision 021); the service also asks ACTIONS_CREATE.
    app.post(
      '/hazardanalysis/:id/hazards/:hazardId/proposals',
      {
        config: { access: allOf(P.ACTIONS_CREATE, P.HAZARDANALYSIS_HAZARDS) },
        schema: { params: hazardParamsSchema, body: adoptBrickActionsSchema, response: one },
      },
      async (request) => ({
        data: await service.adoptBrickActions(
          requireActor(request),
          request.params.id,
          request.params.hazardId,
          request.body,
        ),
      }),
    );
    app.post(
      '/hazardanalysis/:id/release',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_RELEASE) },
        schema: { params: idParamsSchema, body: releaseHazardAnalysisSchema, response: one },
      },
      async (request) => ({
        data: await service.release(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/hazardanalysis/:id/inheritance',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_INHERITANCE) },
        schema: { params: idParamsSchema, body: inheritSchema, response: one },
      },
      async (request) => ({
        data: await service.inherit(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/hazardanalysis/:id/inheritance',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_INHERITANCE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.endInheritance(requireActor(request), request.params.id, request.query.version),
      }),
    );
    app.post(
      '/hazardanalysis/:id/active',
      {
        config: { access: anyOf(P.HAZARDANALYSIS_ACTIVATE) },
        schema: { params: idParamsSchema, body: setActiveSchema, response: one },
      },
      async (request) => ({
        data: await service.setActive(requireActor(request), request.params.id, request.body),
      }),
    );
  };
}
