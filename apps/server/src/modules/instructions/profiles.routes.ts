import {
  assignmentListQuerySchema,
  assignmentRowSchema,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  createExceptionResultSchema,
  createExceptionSchema,
  createProfileSchema,
  employeeExceptionParamsSchema,
  employeeInstructionsSchema,
  exceptionRowSchema,
  matrixAssignResultSchema,
  matrixAssignSchema,
  matrixQuerySchema,
  matrixRowSchema,
  matrixTopicSchema,
  profileListQuerySchema,
  profileRowSchema,
  profileSaveResultSchema,
  profileSchema,
  updateProfileSchema,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { idParamsSchema, idSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import { listRoute } from '#platform/list-route.ts';
import type { ProfilesService } from './profiles.service.ts';

/** The employee id of a list route's path (list routes validate only their query). */
function employeeIdOf(params: unknown): number {
  const parsed = idSchema.safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw new AppError('EMPLOYEE_NOT_FOUND');
  return parsed.data;
}

/**
 * Instruction profiles (/api/instructions/profiles…), the employee record's tabs
 * (/api/instructions/employees/:id…: profiles, items, exception list) and the matrix (/api/instructions/matrix…),
 * decision 040.
 */
export function profilesRoutes(service: ProfilesService): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { access: anyOf(P.TOPICS_PROFILES) };
    const one = { 200: z.object({ data: profileSchema }) };
    const saved = z.object({ data: profileSaveResultSchema });
    // The employee record's tabs: whoever edits profiles and exception lists, evaluates instructions, or sets
    // employees inactive (the warning names the open items).
    const employeeRead = {
      access: anyOf(
        P.EMPLOYEES_PROFILES,
        P.TOPICS_PROFILES,
        P.EMPLOYEES_ACTIVATE,
        COMPOSITE.TOPICS_EVALUATION,
      ),
    };
    const exceptionsRead = {
      access: anyOf(P.EMPLOYEES_PROFILES, P.TOPICS_PROFILES, COMPOSITE.TOPICS_EVALUATION),
    };
    const exceptionsWrite = { access: anyOf(P.EMPLOYEES_PROFILES, P.TOPICS_PROFILES) };
    const matrixRead = { access: anyOf(P.TOPICS_PROFILES, COMPOSITE.TOPICS_EVALUATION) };

    listRoute(app, {
      path: '/instructions/profiles',
      postPath: '/instructions/profiles/list',
      config: manage,
      query: profileListQuerySchema,
      row: profileRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/instructions/profiles/:id',
      { config: manage, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/profiles',
      { config: manage, schema: { body: createProfileSchema, response: { 201: saved } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/instructions/profiles/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, body: updateProfileSchema, response: { 200: saved } },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/instructions/profiles/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/instructions/employees/:id',
      {
        config: employeeRead,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: employeeInstructionsSchema }) } },
      },
      async (request) => ({
        data: await service.employeeInstructions(requireActor(request), request.params.id),
      }),
    );
    listRoute(app, {
      path: '/instructions/employees/:id/assignments',
      postPath: '/instructions/employees/:id/assignments/list',
      config: employeeRead,
      query: assignmentListQuerySchema,
      row: assignmentRowSchema,
      handler: (request, query) =>
        service.employeeAssignments(requireActor(request), employeeIdOf(request.params), query),
    });
    app.get(
      '/instructions/employees/:id/exceptions',
      {
        config: exceptionsRead,
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(exceptionRowSchema) }) },
        },
      },
      async (request) => ({ data: await service.exceptions(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/employees/:id/exceptions',
      {
        config: exceptionsWrite,
        schema: {
          params: idParamsSchema,
          body: createExceptionSchema,
          response: { 201: z.object({ data: createExceptionResultSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.addException(requireActor(request), request.params.id, request.body),
        }),
    );
    app.delete(
      '/instructions/employees/:id/exceptions/:exceptionId',
      {
        config: exceptionsWrite,
        schema: {
          params: employeeExceptionParamsSchema,
          querystring: versionQuerySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.removeException(
          requireActor(request),
          request.params.id,
          request.params.exceptionId,
          request.query.version,
        );
        return reply.status(204).send(null);
      },
    );

    // The matrix's columns are also the choice of topics for exception lists.
    const topicChoice = {
      access: anyOf(P.TOPICS_PROFILES, P.EMPLOYEES_PROFILES, COMPOSITE.TOPICS_EVALUATION),
    };
    app.get(
      '/instructions/matrix/topics',
      { config: topicChoice, schema: { response: { 200: z.object({ data: z.array(matrixTopicSchema) }) } } },
      async (request) => ({ data: await service.matrixTopics(requireActor(request)) }),
    );
    listRoute(app, {
      path: '/instructions/matrix',
      postPath: '/instructions/matrix/list',
      config: matrixRead,
      query: matrixQuerySchema,
      row: matrixRowSchema,
      handler: (request, query) => service.matrix(requireActor(request), query),
    });
    app.post(
      '/instructions/matrix/assign',
      {
        config: manage,
        schema: { body: matrixAssignSchema, response: { 201: z.object({ data: matrixAssignResultSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.matrixAssign(requireActor(request), request.body) }),
    );
  };
}
