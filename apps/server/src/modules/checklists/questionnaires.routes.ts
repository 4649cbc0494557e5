import {
  checklistInstanceSchema,
  saveChecklistInstanceSchema,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  checklistCommentResultSchema,
  checklistCommentSchema,
  collectionRowSchema,
  collectionSchema,
  createCollectionSchema,
  createQuestionnaireSchema,
  createQuestionnaireTypeSchema,
  QUESTIONNAIRE_STATUSES,
  questionnaireListQuerySchema,
  questionnaireRowSchema,
  questionnaireSchema,
  questionnaireTypeListQuerySchema,
  questionnaireTypeRowSchema,
  questionnaireTypeSchema,
  questionnaireViewParamsSchema,
  segmentPickerQuerySchema,
  segmentRowSchema,
  startRouteSchema,
  updateCollectionSchema,
  updateQuestionnaireSchema,
  updateQuestionnaireTypeSchema,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { idParamsSchema, idSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { QuestionnairesService } from './questionnaires.service.ts';

/**
 * Collections (/api/checklists/collections…, picker checklist_collection), questionnaire types
 * (/api/checklists/trees…, pickers checklist_collectiontree and checklist_segment), questionnaires
 * (/api/questionnaires…) and the route of a hazard assessment (/api/hazardanalysis/{id}/questionnaire)
 * (decision 058).
 */
export function questionnairesRoutes(service: QuestionnairesService): FastifyPluginAsyncZod {
  return async (app) => {
    const control = { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL) };
    const readTypes = {
      access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL, P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST),
    };
    const readCollections = {
      access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL, P.AUDIT_CHECKLISTS),
    };
    const list = { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST) };
    const edit = { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) };
    const noContent = { 204: z.null() };
    const oneCollection = { 200: z.object({ data: collectionSchema }) };
    const oneType = { 200: z.object({ data: questionnaireTypeSchema }) };
    const oneQuestionnaire = { 200: z.object({ data: questionnaireSchema }) };
    const routeSchema = z.object({
      data: z.object({
        id: z.number().int(),
        title: z.string(),
        status: z.enum(QUESTIONNAIRE_STATUSES),
        analysis: z.string(),
      }),
    });

    // ── collections ──
    listRoute(app, {
      path: '/checklists/collections',
      postPath: '/checklists/collections/list',
      config: readCollections,
      row: collectionRowSchema,
      handler: (request, query) => service.listCollections(requireActor(request), query),
    });
    app.get(
      '/checklists/collections/:id',
      { config: readCollections, schema: { params: idParamsSchema, response: oneCollection } },
      async (request) => ({ data: await service.getCollection(requireActor(request), request.params.id) }),
    );
    app.post(
      '/checklists/collections',
      {
        config: control,
        schema: { body: createCollectionSchema, response: { 201: z.object({ data: collectionSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.createCollection(requireActor(request), request.body) }),
    );
    app.put(
      '/checklists/collections/:id',
      {
        config: control,
        schema: { params: idParamsSchema, body: updateCollectionSchema, response: oneCollection },
      },
      async (request) => ({
        data: await service.updateCollection(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/checklists/collections/:id',
      {
        config: control,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent },
      },
      async (request, reply) => {
        await service.deleteCollection(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // ── questionnaire types (collection trees) ──
    listRoute(app, {
      path: '/checklists/trees',
      postPath: '/checklists/trees/list',
      config: readTypes,
      query: questionnaireTypeListQuerySchema,
      row: questionnaireTypeRowSchema,
      handler: (request, query) => service.listTypes(requireActor(request), query),
    });
    listRoute(app, {
      path: '/checklists/segments',
      config: readTypes,
      query: segmentPickerQuerySchema,
      row: segmentRowSchema,
      handler: (request, query) => service.segments(requireActor(request), query),
    });
    app.get(
      '/checklists/trees/:id',
      { config: readTypes, schema: { params: idParamsSchema, response: oneType } },
      async (request) => ({ data: await service.getType(requireActor(request), request.params.id) }),
    );
    app.post(
      '/checklists/trees',
      {
        config: control,
        schema: {
          body: createQuestionnaireTypeSchema,
          response: { 201: z.object({ data: questionnaireTypeSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.createType(requireActor(request), request.body) }),
    );
    app.put(
      '/checklists/trees/:id',
      {
        config: control,
        schema: { params: idParamsSchema, body: updateQuestionnaireTypeSchema, response: oneType },
      },
      async (request) => ({
        data: await service.updateType(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/checklists/trees/:id',
      {
        config: control,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent },
      },
      async (request, reply) => {
        await service.deleteType(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // ── questionnaires ──
    listRoute(app, {
      path: '/questionnaires',
      postPath: '/questionnaires/list',
      config: list,
      query: questionnaireListQuerySchema,
      row: questionnaireRowSchema,
      handler: (request, query) => service.listQuestionnaires(requireActor(request), query),
    });
    app.post(
      '/questionnaires',
      {
        config: edit,
        schema: {
          body: createQuestionnaireSchema,
          response: { 201: z.object({ data: questionnaireSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.get(
      '/questionnaires/:id/:mode',
      { config: list, schema: { params: questionnaireViewParamsSchema, response: oneQuestionnaire } },
      async (request) => ({
        data: await service.view(requireActor(request), request.params.id, request.params.mode),
      }),
    );
    app.put(
      '/questionnaires/:id',
      {
        config: edit,
        schema: { params: idParamsSchema, body: updateQuestionnaireSchema, response: oneQuestionnaire },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/questionnaires/:id',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_COLLECTIONTREE_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent },
      },
      async (request, reply) => {
        await service.delete(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/questionnaires/:id/entries/:entryId',
      {
        config: edit,
        schema: {
          params: z.object({ id: idSchema, entryId: idSchema }),
          body: saveChecklistInstanceSchema,
          response: { 200: z.object({ data: checklistInstanceSchema }) },
        },
      },
      async (request) => ({
        data: await service.saveEntry(
          requireActor(request),
          request.params.id,
          request.params.entryId,
          request.body,
        ),
      }),
    );
    app.post(
      '/questionnaires/:id/comments',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_COMMENTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) },
        schema: {
          params: idParamsSchema,
          body: checklistCommentSchema,
          response: { 201: z.object({ data: checklistCommentResultSchema }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.comment(requireActor(request), request.params.id, request.body) }),
    );

    // ── the route of a hazard assessment ──
    app.get(
      '/hazardanalysis/:id/questionnaire',
      { config: list, schema: { params: idParamsSchema, response: { 200: routeSchema } } },
      async (request) => ({ data: await service.route(requireActor(request), request.params.id) }),
    );
    app.post(
      '/hazardanalysis/:id/questionnaire',
      {
        config: edit,
        schema: { params: idParamsSchema, body: startRouteSchema, response: { 201: routeSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.startRoute(requireActor(request), request.params.id, request.body) }),
    );
  };
}
