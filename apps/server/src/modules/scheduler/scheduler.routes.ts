import { idParamsSchema, listQuerySchema, listResponseSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  runSchema,
  runStartedSchema,
  taskSchema,
  taskVersionSchema,
  updateScheduleSchema,
} from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { SchedulerService } from './scheduler.service.ts';

/** Runs are listed newest first unless asked otherwise. */
const runsQuerySchema = listQuerySchema.extend({
  orderDirection: z.enum(['asc', 'desc']).optional().default('desc'),
});

export function schedulerRoutes(service: SchedulerService): FastifyPluginAsyncZod {
  return async (app) => {
    // Whoever may change or start tasks may see them too.
    const read = { access: anyOf(P.TASK_SCHEDULE_VIEW, P.TASK_SCHEDULE_EDIT, P.TASK_SCHEDULE_RUN) };
    const edit = { access: anyOf(P.TASK_SCHEDULE_EDIT) };
    const run = { access: anyOf(P.TASK_SCHEDULE_RUN, P.TASK_SCHEDULE_EDIT) };
    const one = { 200: z.object({ data: taskSchema }) };

    listRoute(app, {
      path: '/taskschedule/list',
      config: read,
      row: taskSchema,
      handler: (_request, query) => service.list(query),
    });
    app.get(
      '/taskschedule/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
    app.get(
      '/taskschedule/:id/runs',
      {
        config: read,
        schema: {
          params: idParamsSchema,
          querystring: runsQuerySchema,
          response: { 200: listResponseSchema(runSchema) },
        },
      },
      async (request) => ({ data: await service.runs(request.params.id, request.query) }),
    );
    app.put(
      '/taskschedule/:id/schedule',
      { config: edit, schema: { params: idParamsSchema, body: updateScheduleSchema, response: one } },
      async (request) => ({
        data: await service.updateSchedule(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/taskschedule/:id/pause',
      { config: edit, schema: { params: idParamsSchema, body: taskVersionSchema, response: one } },
      async (request) => ({
        data: await service.pause(requireActor(request), request.params.id, request.body.version),
      }),
    );
    app.post(
      '/taskschedule/:id/resume',
      { config: edit, schema: { params: idParamsSchema, body: taskVersionSchema, response: one } },
      async (request) => ({
        data: await service.resume(requireActor(request), request.params.id, request.body.version),
      }),
    );
    app.post(
      '/taskschedule/:id/run',
      {
        config: run,
        schema: { params: idParamsSchema, response: { 202: z.object({ data: runStartedSchema }) } },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await service.runNow(requireActor(request), request.params.id) }),
    );
  };
}
