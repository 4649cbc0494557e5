import {
  actionListQuerySchema,
  actionRowSchema,
  actionSchema,
  completeTaskSchema,
  createActionSchema,
  problemReasonSchema,
  taskListQuerySchema,
  taskRowSchema,
  updateActionSchema,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { idParamsSchema, versionQuerySchema, versionSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { ActionsService } from './actions.service.ts';

/** Actions (/api/actions…) and the caller's tasks (/api/tasks…), decision 020. */
export function actionsRoutes(service: ActionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(COMPOSITE.ACTIONS_ANY) };
    const one = { 200: z.object({ data: actionSchema }) };
    const none = { 204: z.null() };

    listRoute(app, {
      path: '/actions',
      postPath: '/actions/list',
      config: read,
      query: actionListQuerySchema,
      row: actionRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/actions/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/actions',
      {
        config: { access: anyOf(P.ACTIONS_CREATE) },
        schema: { body: createActionSchema, response: { 201: z.object({ data: actionSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/actions/:id',
      {
        // The done flag alone needs _COMPLETE (or _EDIT), other fields _EDIT (checked in the service).
        config: { access: anyOf(P.ACTIONS_EDIT, P.ACTIONS_COMPLETE) },
        schema: { params: idParamsSchema, body: updateActionSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/actions/:id',
      {
        config: { access: anyOf(P.ACTIONS_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: none },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/actions/:id/problem',
      {
        config: { access: anyOf(P.ACTIONS_REPORT_PROBLEM) },
        schema: { params: idParamsSchema, body: problemReasonSchema, response: none },
      },
      async (request, reply) => {
        await service.reportActionProblem(requireActor(request), request.params.id, request.body.reason);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/actions/:id/resolve',
      {
        config: { access: anyOf(P.ACTIONS_RESOLVE_PROBLEM) },
        schema: { params: idParamsSchema, response: none },
      },
      async (request, reply) => {
        await service.resolveActionProblem(requireActor(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // ── the caller's tasks ('Meine Aufgaben') ──
    listRoute(app, {
      path: '/tasks',
      postPath: '/tasks/list',
      config: read,
      query: taskListQuerySchema,
      row: taskRowSchema,
      handler: (request, query) => service.myTasks(requireActor(request), query),
    });
    app.post(
      '/tasks/:id/complete',
      {
        config: { access: anyOf(P.ACTIONS_OWN, P.ACTIONS_COMPLETE) },
        schema: {
          params: idParamsSchema,
          body: completeTaskSchema.extend({ version: versionSchema }),
          response: none,
        },
      },
      async (request, reply) => {
        await service.completeTask(
          requireActor(request),
          request.params.id,
          request.body.version,
          request.body.comment,
        );
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/tasks/:id/problem',
      {
        config: { access: anyOf(P.ACTIONS_REPORT_PROBLEM) },
        schema: {
          params: idParamsSchema,
          body: problemReasonSchema.extend({ version: versionSchema }),
          response: none,
        },
      },
      async (request, reply) => {
        await service.reportTaskProblem(
          requireActor(request),
          request.params.id,
          request.body.version,
          request.body.reason,
        );
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/tasks/:id/resolve',
      {
        config: { access: anyOf(P.ACTIONS_RESOLVE_PROBLEM) },
        schema: { params: idParamsSchema, body: z.object({ version: versionSchema }), response: none },
      },
      async (request, reply) => {
        await service.resolveTaskProblem(requireActor(request), request.params.id, request.body.version);
        return reply.status(204).send(null);
      },
    );
  };
}
