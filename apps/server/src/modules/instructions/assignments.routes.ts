import {
  assignmentListQuerySchema,
  assignmentRowSchema,
  createAssignmentsResultSchema,
  createAssignmentsSchema,
  instructionDisplaySchema,
  myAssignmentRowSchema,
  myAssignmentsQuerySchema,
  rearrangeAssignmentSchema,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  removalListQuerySchema,
  removalRowSchema,
  removeAssignmentSchema,
} from '@schutzwerk/shared/instructions/removals.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { AssignmentsService } from './assignments.service.ts';

/** Instruction assignments (/api/instructions/assignments…, decision 036). */
export function assignmentsRoutes(service: AssignmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const assign = { access: anyOf(P.TOPICS_ASSIGN) };
    listRoute(app, {
      path: '/instructions/assignments',
      postPath: '/instructions/assignments/list',
      config: { access: anyOf(P.TOPICS_ASSIGN, COMPOSITE.TOPICS_EVALUATION) },
      query: assignmentListQuerySchema,
      row: assignmentRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    // "Meine Unterweisungen": every employee who may complete own instructions.
    listRoute(app, {
      path: '/instructions/mine',
      postPath: '/instructions/mine/list',
      config: { access: anyOf(P.TOPICS_OWN) },
      query: myAssignmentsQuerySchema,
      row: myAssignmentRowSchema,
      handler: (request, query) => service.mine(requireActor(request), query),
    });
    // The interval unit of the portal: every page that shows an interval needs it, so any signed-in user.
    app.get(
      '/instructions/display',
      {
        config: { access: authenticated },
        schema: { response: { 200: z.object({ data: instructionDisplaySchema }) } },
      },
      async (request) => ({ data: await service.display(requireActor(request)) }),
    );
    app.post(
      '/instructions/assignments',
      {
        config: assign,
        schema: {
          body: createAssignmentsSchema,
          response: { 201: z.object({ data: createAssignmentsResultSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.assign(requireActor(request), request.body) }),
    );
    app.post(
      '/instructions/assignments/:id/rearrange',
      {
        config: { access: anyOf(P.TOPICS_RESET) },
        schema: { params: idParamsSchema, body: rearrangeAssignmentSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.rearrange(requireActor(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
    // Removing an open item needs its classification (decision 080); the removals stay readable.
    app.post(
      '/instructions/assignments/:id/removal',
      {
        config: assign,
        schema: { params: idParamsSchema, body: removeAssignmentSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
    listRoute(app, {
      path: '/instructions/removals',
      postPath: '/instructions/removals/list',
      config: { access: anyOf(P.TOPICS_ASSIGN, COMPOSITE.TOPICS_EVALUATION) },
      query: removalListQuerySchema,
      row: removalRowSchema,
      handler: (request, query) => service.removals(requireActor(request), query),
    });
  };
}
