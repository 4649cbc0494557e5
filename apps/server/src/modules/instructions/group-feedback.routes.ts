import {
  createGroupFeedbackSchema,
  departmentEmployeesQuerySchema,
  departmentEmployeesSchema,
  groupFeedbackResultSchema,
  groupFeedbackSchema,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { GroupFeedbackService } from './group-feedback.service.ts';

/** Group feedback (/api/instructions/group-feedback…, decision 069). */
export function groupFeedbackRoutes(service: GroupFeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    const feedback = { access: anyOf(P.TOPICS_GROUP_FEEDBACK) };
    // 201 with the report when something was confirmed, 200 with the report when nothing could be.
    app.post(
      '/instructions/group-feedback',
      {
        config: feedback,
        schema: {
          body: createGroupFeedbackSchema,
          response: {
            200: z.object({ data: groupFeedbackResultSchema }),
            201: z.object({ data: groupFeedbackResultSchema }),
          },
        },
      },
      async (request, reply) => {
        const result = await service.create(requireActor(request), request.body);
        return reply.status(result.feedbackId === null ? 200 : 201).send({ data: result });
      },
    );
    app.get(
      '/instructions/group-feedback/department-employees',
      {
        config: feedback,
        schema: {
          querystring: departmentEmployeesQuerySchema,
          response: { 200: z.object({ data: departmentEmployeesSchema }) },
        },
      },
      async (request) => ({
        data: await service.departmentEmployees(requireActor(request), request.query.departmentId),
      }),
    );
    app.get(
      '/instructions/group-feedback/:id',
      {
        config: { access: anyOf(P.TOPICS_GROUP_FEEDBACK, COMPOSITE.TOPICS_EVALUATION) },
        schema: { params: idParamsSchema, response: { 200: z.object({ data: groupFeedbackSchema }) } },
      },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
  };
}
