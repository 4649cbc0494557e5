import {
  idParamsSchema,
  idSchema,
  listQuerySchema,
  listResponseSchema,
  versionQuerySchema,
} from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  createRoleSchema,
  roleListRowSchema,
  roleMemberRowSchema,
  roleMembersChangeSchema,
  roleSchema,
  updateRoleSchema,
} from '@schutzwerk/shared/roles/role.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { RolesService } from './roles.service.ts';

export function rolesRoutes(service: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: anyOf(P.ROLES_MANAGE) };
    const one = { 200: z.object({ data: roleSchema }) };
    const members = { 200: listResponseSchema(roleMemberRowSchema) };
    const noContent = { 204: z.null() };

    listRoute(app, {
      path: '/role/list',
      config,
      row: roleListRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });

    app.post(
      '/role',
      { config, schema: { body: createRoleSchema, response: { 201: z.object({ data: roleSchema }) } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.get('/role/:id', { config, schema: { params: idParamsSchema, response: one } }, async (request) => ({
      data: await service.get(requireActor(request), request.params.id),
    }));
    app.patch(
      '/role/:id',
      { config, schema: { params: idParamsSchema, body: updateRoleSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/role/:id',
      { config, schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent } },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/role/:id/members',
      { config, schema: { params: idParamsSchema, querystring: listQuerySchema, response: members } },
      async (request) => ({
        data: await service.members(requireActor(request), request.params.id, request.query),
      }),
    );
    app.post(
      '/role/:id/members',
      {
        config,
        schema: {
          params: idParamsSchema,
          body: roleMembersChangeSchema,
          response: { 200: z.object({ data: z.object({ added: z.number().int() }) }) },
        },
      },
      async (request) => ({
        data: {
          added: await service.addMembers(requireActor(request), request.params.id, request.body.employeeIds),
        },
      }),
    );
    app.delete(
      '/role/:id/members/:employeeId',
      {
        config,
        schema: {
          params: idParamsSchema.extend({ employeeId: idSchema }),
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.removeMember(requireActor(request), request.params.id, request.params.employeeId);
        return reply.status(204).send(null);
      },
    );
  };
}
