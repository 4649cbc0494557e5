import {
  createQuestionSchema,
  createTopicSchema,
  questionParamsSchema,
  topicListQuerySchema,
  topicRowSchema,
  topicSchema,
  topicStatusSchema,
  updateQuestionSchema,
  updateTopicSchema,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { InstructionsService } from './instructions.service.ts';

/** Topics (/api/topics…) and their questions (decision 036). */
export function instructionsRoutes(service: InstructionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.TOPICS) };
    const one = { 200: z.object({ data: topicSchema }) };

    listRoute(app, {
      path: '/topics',
      postPath: '/topics/list',
      config: read,
      query: topicListQuerySchema,
      row: topicRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });

    app.get(
      '/topics/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/topics',
      {
        config: { access: anyOf(P.TOPICS_CREATE) },
        schema: { body: createTopicSchema, response: { 201: z.object({ data: topicSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/topics/:id',
      {
        // Which fields changed decides the right needed (service): effectiveness _EFFECTIVENESS, the rest _EDIT.
        config: { access: anyOf(P.TOPICS_EDIT, P.TOPICS_EFFECTIVENESS) },
        schema: { params: idParamsSchema, body: updateTopicSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    for (const [path, released] of [
      ['release', true],
      ['lock', false],
    ] as const) {
      app.post(
        `/topics/:id/${path}`,
        {
          config: { access: anyOf(P.TOPICS_RELEASE) },
          schema: { params: idParamsSchema, body: topicStatusSchema, response: one },
        },
        async (request) => ({
          data: await service.setReleased(
            requireActor(request),
            request.params.id,
            request.body.version,
            released,
          ),
        }),
      );
    }
    app.delete(
      '/topics/:id',
      {
        config: { access: anyOf(P.TOPICS_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    const questions = { access: anyOf(P.TOPICS_QUESTIONS) };
    app.post(
      '/topics/:id/questions',
      {
        config: questions,
        schema: {
          params: idParamsSchema,
          body: createQuestionSchema,
          response: { 201: z.object({ data: topicSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createQuestion(requireActor(request), request.params.id, request.body),
        }),
    );
    app.put(
      '/topics/:id/questions/:questionId',
      {
        config: questions,
        schema: { params: questionParamsSchema, body: updateQuestionSchema, response: one },
      },
      async (request) => ({
        data: await service.updateQuestion(
          requireActor(request),
          request.params.id,
          request.params.questionId,
          request.body,
        ),
      }),
    );
    app.delete(
      '/topics/:id/questions/:questionId',
      {
        config: questions,
        schema: { params: questionParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.removeQuestion(
          requireActor(request),
          request.params.id,
          request.params.questionId,
          request.query.version,
        ),
      }),
    );
  };
}
