import {
  employeeListQuerySchema,
  employeeListRowSchema,
  employeePickerQuerySchema,
  employeePickerRowSchema,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { listResponseSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { EmployeesService } from './employees.service.ts';

export function employeesRoutes(service: EmployeesService): FastifyPluginAsyncZod {
  return async (app) => {
    const listResponse = { 200: listResponseSchema(employeeListRowSchema) };
    const pickerResponse = { 200: listResponseSchema(employeePickerRowSchema) };
    const listAccess = { access: anyOf(P.EMPLOYEES_BASIC_READONLY) };

    app.get(
      '/employee/list',
      { config: listAccess, schema: { querystring: employeeListQuerySchema, response: listResponse } },
      async (request) => ({ data: await service.list(requireActor(request), request.query) }),
    );
    app.post(
      '/employee/list',
      { config: listAccess, schema: { body: employeeListQuerySchema, response: listResponse } },
      async (request) => ({ data: await service.list(requireActor(request), request.body) }),
    );

    // Any signed-in user may pick a colleague (e.g. as responsible person); the picker shows names only.
    app.get(
      '/employee/picker',
      {
        config: { access: authenticated },
        schema: { querystring: employeePickerQuerySchema, response: pickerResponse },
      },
      async (request) => ({ data: await service.picker(requireActor(request), request.query) }),
    );
    app.post(
      '/employee/picker',
      {
        config: { access: authenticated },
        schema: { body: employeePickerQuerySchema, response: pickerResponse },
      },
      async (request) => ({ data: await service.picker(requireActor(request), request.body) }),
    );
  };
}
