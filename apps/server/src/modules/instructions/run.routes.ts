import { questionParamsSchema } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import {
  feedbackResultSchema,
  feedbackSchema,
  runAnswerResultSchema,
  runAnswerSchema,
  runSlideResultSchema,
  runSlideSchema,
  runStateSchema,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { RunService } from './run.service.ts';
import { sendServedFile } from './topic-media.routes.ts';

/**
 * The run-through of one's own instructions (/api/instructions/mine/:id/run…, TOPICS_OWN), the feedback dialog
 * and the certificate (the employee, or TOPICS_CERTIFICATES) — decision 041.
 */
export function runRoutes(service: RunService): FastifyPluginAsyncZod {
  return async (app) => {
    const own = { access: anyOf(P.TOPICS_OWN) };
    const state = { 200: z.object({ data: runStateSchema }) };
    app.get(
      '/instructions/mine/:id/run',
      { config: own, schema: { params: idParamsSchema, response: state } },
      async (request) => ({ data: await service.state(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/mine/:id/run',
      { config: own, schema: { params: idParamsSchema, response: state } },
      async (request) => ({ data: await service.start(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/mine/:id/run/answer',
      {
        config: own,
        schema: {
          params: idParamsSchema,
          body: runAnswerSchema,
          response: { 200: z.object({ data: runAnswerResultSchema }) },
        },
      },
      async (request) => ({
        data: await service.answer(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/instructions/mine/:id/run/slide',
      {
        config: own,
        schema: {
          params: idParamsSchema,
          body: runSlideSchema,
          response: { 200: z.object({ data: runSlideResultSchema }) },
        },
      },
      async (request) => ({
        data: await service.slide(requireActor(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/instructions/mine/:id/run/presentation',
      { config: own, schema: { summary: "The presentation PDF of one's own run", params: idParamsSchema } },
      async (request, reply) =>
        sendServedFile(reply, await service.presentation(requireActor(request), request.params.id)),
    );
    app.get(
      '/instructions/mine/:id/run/questions/:questionId/image',
      {
        config: own,
        schema: { summary: "The image of a question of one's own run", params: questionParamsSchema },
      },
      async (request, reply) =>
        sendServedFile(
          reply,
          await service.image(requireActor(request), request.params.id, request.params.questionId),
        ),
    );
    app.post(
      '/instructions/mine/:id/feedback',
      {
        config: own,
        schema: {
          params: idParamsSchema,
          body: feedbackSchema,
          response: { 200: z.object({ data: feedbackResultSchema }) },
        },
      },
      async (request) => ({
        data: await service.feedback(requireActor(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/instructions/assignments/:id/certificate',
      { config: { access: anyOf(P.TOPICS_OWN, P.TOPICS_CERTIFICATES) }, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const result = await service.certificate(requireActor(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );
  };
}
