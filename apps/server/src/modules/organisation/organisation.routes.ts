import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import {
  createNodeSchema,
  departmentSchema,
  departmentTreeNodeSchema,
  hazardAnalysisDepartmentRowSchema,
  locationSchema,
  moveNodeSchema,
  treeNodeSchema,
  treePickerQuerySchema,
  treePickerRowSchema,
  treeQuerySchema,
  updateDepartmentSchema,
  updateLocationSchema,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { OrganisationService } from './organisation.service.ts';

/**
 * Locations (/api/locations…) and departments (/api/departments…): tree, record, create, update, move,
 * delete; pickers in the list protocol. Resource scope and field-group rights are decided in the service.
 */
export function organisationRoutes(service: OrganisationService): FastifyPluginAsyncZod {
  return async (app) => {
    const noContent = { 204: z.null() };

    // ── locations ──────────────────────────────────────────────────────────────────────────────
    const locations = service.locations;
    const location = { 200: z.object({ data: locationSchema }) };

    app.get(
      '/locations/tree',
      {
        config: { access: anyOf(P.LOCATIONS) },
        schema: {
          querystring: treeQuerySchema,
          response: { 200: z.object({ data: z.object({ nodes: z.array(treeNodeSchema) }) }) },
        },
      },
      async (request) => ({
        data: { nodes: await locations.tree(requireActor(request), request.query.portalId) },
      }),
    );
    // Choosing a location (employee record, storage places, …) is part of many modules: any signed-in
    // user, limited to the locations in their scope (see decision 006).
    listRoute(app, {
      path: '/locations/picker',
      config: { access: authenticated },
      query: treePickerQuerySchema,
      row: treePickerRowSchema,
      handler: (request, query) => locations.picker(requireActor(request), query),
    });
    app.get(
      '/locations/:id',
      { config: { access: anyOf(P.LOCATIONS) }, schema: { params: idParamsSchema, response: location } },
      async (request) => ({ data: await locations.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/locations',
      {
        config: { access: anyOf(P.LOCATIONS_EDIT) },
        schema: { body: createNodeSchema, response: { 201: z.object({ data: locationSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await locations.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/locations/:id',
      {
        config: { access: anyOf(P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS, P.LOCATIONS_RESPONSIBILITIES) },
        schema: { params: idParamsSchema, body: updateLocationSchema, response: location },
      },
      async (request) => ({
        data: await locations.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/locations/:id/move',
      {
        config: { access: anyOf(P.LOCATIONS_MOVE) },
        schema: { params: idParamsSchema, body: moveNodeSchema, response: location },
      },
      async (request) => ({
        data: await locations.move(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/locations/:id',
      {
        config: { access: anyOf(P.LOCATIONS_EDIT) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent },
      },
      async (request, reply) => {
        await locations.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // ── departments ────────────────────────────────────────────────────────────────────────────
    const departments = service.departments;
    const department = { 200: z.object({ data: departmentSchema }) };

    app.get(
      '/departments/tree',
      {
        config: { access: anyOf(P.DEPARTMENTS) },
        schema: {
          querystring: treeQuerySchema,
          response: { 200: z.object({ data: z.object({ nodes: z.array(departmentTreeNodeSchema) }) }) },
        },
      },
      async (request) => ({
        data: { nodes: await departments.tree(requireActor(request), request.query.portalId) },
      }),
    );
    listRoute(app, {
      path: '/departments/picker',
      config: { access: authenticated },
      query: treePickerQuerySchema,
      row: treePickerRowSchema,
      handler: (request, query) => departments.picker(requireActor(request), query),
    });
    app.get(
      '/departments/:id',
      { config: { access: anyOf(P.DEPARTMENTS) }, schema: { params: idParamsSchema, response: department } },
      async (request) => ({ data: await departments.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/departments',
      {
        config: { access: anyOf(P.DEPARTMENTS_EDIT) },
        schema: { body: createNodeSchema, response: { 201: z.object({ data: departmentSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await departments.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/departments/:id',
      {
        config: { access: anyOf(P.DEPARTMENTS_EDIT) },
        schema: { params: idParamsSchema, body: updateDepartmentSchema, response: department },
      },
      async (request) => ({
        data: await departments.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/departments/:id/move',
      {
        config: { access: anyOf(P.DEPARTMENTS_MOVE) },
        schema: { params: idParamsSchema, body: moveNodeSchema, response: department },
      },
      async (request) => ({
        data: await departments.move(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/departments/:id',
      {
        config: { access: anyOf(P.DEPARTMENTS_EDIT) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: noContent },
      },
      async (request, reply) => {
        await departments.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // ── hazard analysis list source (spec shell §7: hazardanalysis/pickerDepartments) ─────────
    listRoute(app, {
      path: '/hazardanalysis/pickerDepartments',
      config: { access: anyOf(COMPOSITE.HAZARDANALYSIS_LIST, P.DEPARTMENTS) },
      query: treePickerQuerySchema,
      row: hazardAnalysisDepartmentRowSchema,
      handler: (request, query) => departments.hazardAnalysisPicker(requireActor(request), query),
    });
  };
}
