import {
  activityPickerQuerySchema,
  activityPickerRowSchema,
  activitySchema,
  activityTreeSchema,
  createActivitySchema,
  employeeActivitiesSchema,
  moveActivitySchema,
  setRoleBaseSchema,
  updateActivitySchema,
  updateEmployeeActivitiesSchema,
} from '@schutzwerk/shared/activities/activity.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { ActivitiesService } from './activities.service.ts';

export function activitiesRoutes(service: ActivitiesService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.ACTIVITIES) };
    const edit = { access: anyOf(P.ACTIVITIES_EDIT) };
    const one = { 200: z.object({ data: activitySchema }) };

    app.get(
      '/activities/tree',
      { config: read, schema: { response: { 200: z.object({ data: activityTreeSchema }) } } },
      async (request) => ({ data: await service.tree(requireActor(request)) }),
    );

    // Any signed-in user may pick an activity (employee record, later instructions and check-ups by activity).
    listRoute(app, {
      path: '/activities/picker',
      config: { access: authenticated },
      query: activityPickerQuerySchema,
      row: activityPickerRowSchema,
      handler: (request, query) => service.picker(requireActor(request), query),
    });

    app.get(
      '/activities/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/activities',
      {
        config: edit,
        schema: { body: createActivitySchema, response: { 201: z.object({ data: activitySchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/activities/:id',
      { config: edit, schema: { params: idParamsSchema, body: updateActivitySchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/activities/:id',
      {
        config: edit,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/activities/:id/move',
      {
        config: { access: anyOf(P.ACTIVITIES_MOVE) },
        schema: { params: idParamsSchema, body: moveActivitySchema, response: one },
      },
      async (request) => ({
        data: await service.move(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/activities/:id/role-base',
      {
        config: { access: anyOf(P.ACTIVITIES_ROLE_TREE) },
        schema: { params: idParamsSchema, body: setRoleBaseSchema, response: one },
      },
      async (request) => ({
        data: await service.setRoleBase(requireActor(request), request.params.id, request.body.version),
      }),
    );

    // An employee's activities and roles (shown in the employee record, edited with the employee rights).
    const assignment = { 200: z.object({ data: employeeActivitiesSchema }) };
    app.get(
      '/employee/:id/activities',
      {
        config: { access: anyOf(P.EMPLOYEES_BASIC_READONLY) },
        schema: { params: idParamsSchema, response: assignment },
      },
      async (request) => ({ data: await service.ofEmployee(requireActor(request), request.params.id) }),
    );
    app.put(
      '/employee/:id/activities',
      {
        config: { access: allOf(P.EMPLOYEES_EDIT, P.EMPLOYEES_ACTIVITIES) },
        schema: { params: idParamsSchema, body: updateEmployeeActivitiesSchema, response: assignment },
      },
      async (request) => ({
        data: await service.replaceOfEmployee(requireActor(request), request.params.id, request.body),
      }),
    );
  };
}
