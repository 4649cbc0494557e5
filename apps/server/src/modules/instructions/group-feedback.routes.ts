import {
  createGroupFeedbackSchema,
  departmentEmployeesQuerySchema,
  departmentEmployeesSchema,
  groupFeedbackListQuerySchema,
  groupFeedbackListRowSchema,
  groupFeedbackResultSchema,
  groupFeedbackSchema,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { GroupFeedbackService } from './group-feedback.service.ts';

/**
 * Group feedback (/api/instructions/group-feedback…, decision 069); the list of past ones and the attendance
 * record PDF (decision 079) — what the caller sees is limited by reach (group-feedback.repository.ts).
 */
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
    const read = { access: anyOf(P.TOPICS_GROUP_FEEDBACK, COMPOSITE.TOPICS_EVALUATION) };
    listRoute(app, {
      path: '/instructions/group-feedback',
      postPath: '/instructions/group-feedback/list',
      config: read,
      query: groupFeedbackListQuerySchema,
      row: groupFeedbackListRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/instructions/group-feedback/:id/attendance-record',
      {
        config: read,
        schema: { summary: "A group feedback's attendance record PDF", params: idParamsSchema },
      },
      async (request, reply) => {
        const result = await service.attendanceRecord(requireActor(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );
    app.get(
      '/instructions/group-feedback/:id',
      {
        config: read,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: groupFeedbackSchema }) } },
      },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
  };
}
