import {
  convertEmployeeSchema,
  copyAssignmentsResultSchema,
  copyAssignmentsSchema,
  createEmployeeSchema,
  employeeAssignmentsSchema,
  employeeListQuerySchema,
  employeeListRowSchema,
  employeePickerQuerySchema,
  employeePickerRowSchema,
  employeeSchema,
  updateEmployeeAssignmentsSchema,
  updateEmployeeSchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { EmployeeAssignmentsService } from './employee-assignments.service.ts';
import type { EmployeeRecordService } from './employee-record.service.ts';
import type { EmployeesService } from './employees.service.ts';

export function employeesRoutes(
  service: EmployeesService,
  records: EmployeeRecordService,
  assignments: EmployeeAssignmentsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const one = { 200: z.object({ data: employeeSchema }) };

    app.get(
      '/employee/:id',
      {
        config: { access: anyOf(P.EMPLOYEES_BASIC_READONLY) },
        schema: { params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await records.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/employee',
      {
        config: { access: anyOf(P.EMPLOYEES_CREATE) },
        schema: { body: createEmployeeSchema, response: { 201: z.object({ data: employeeSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await records.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/employee/:id',
      {
        config: { access: anyOf(P.EMPLOYEES_EDIT) },
        schema: { params: idParamsSchema, body: updateEmployeeSchema, response: one },
      },
      async (request) => ({
        data: await records.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/employee/:id',
      {
        config: { access: anyOf(P.EMPLOYEES_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await records.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/employee/:id/convert',
      {
        config: { access: anyOf(P.EMPLOYEES_TEMP_WORKERS) },
        schema: { params: idParamsSchema, body: convertEmployeeSchema, response: one },
      },
      async (request) => ({
        data: await records.convert(requireActor(request), request.params.id, request.body),
      }),
    );

    const assignmentsResponse = { 200: z.object({ data: employeeAssignmentsSchema }) };
    app.get(
      '/employee/:id/assignments',
      {
        config: { access: anyOf(P.EMPLOYEES_BASIC_READONLY) },
        schema: { params: idParamsSchema, response: assignmentsResponse },
      },
      async (request) => ({ data: await assignments.get(requireActor(request), request.params.id) }),
    );
    app.put(
      '/employee/:id/assignments',
      {
        // Each part is checked in the service: portals (EMPLOYEES_PORTALS), responsibilities (…_RESPONSIBILITIES).
        config: { access: anyOf(P.EMPLOYEES_PORTALS, P.EMPLOYEES_RESPONSIBILITIES) },
        schema: {
          params: idParamsSchema,
          body: updateEmployeeAssignmentsSchema,
          response: assignmentsResponse,
        },
      },
      async (request) => ({
        data: await assignments.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/employee/:id/copy-assignments',
      {
        config: { access: anyOf(P.EMPLOYEES_COPY) },
        schema: {
          params: idParamsSchema,
          body: copyAssignmentsSchema,
          response: { 200: z.object({ data: copyAssignmentsResultSchema }) },
        },
      },
      async (request) => ({
        data: await assignments.copy(requireActor(request), request.params.id, request.body),
      }),
    );

    listRoute(app, {
      path: '/employee/list',
      config: { access: anyOf(P.EMPLOYEES_BASIC_READONLY) },
      query: employeeListQuerySchema,
      row: employeeListRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });

    // Any signed-in user may pick a colleague (e.g. as responsible person); the picker shows names only.
    listRoute(app, {
      path: '/employee/picker',
      config: { access: authenticated },
      query: employeePickerQuerySchema,
      row: employeePickerRowSchema,
      handler: (request, query) => service.picker(requireActor(request), query),
    });
  };
}
