import { checklistRowSchema } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  registerEntrySchema,
  releaseSdsSchema,
  updateRegisterEntrySchema,
} from '@schutzwerk/shared/substances/register.schema.ts';
import {
  createSubstitutionTestSchema,
  importSubstitutionTestSchema,
  substitutionListQuerySchema,
  substitutionTestRowSchema,
  substitutionTestSchema,
  updateSubstitutionTestSchema,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import { linkSdsChecklistSchema } from '@schutzwerk/shared/substances/usage.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChecklistsService } from '#modules/checklists/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import { type RegisterService, SUBSTANCE_CHECKLIST_MODULE } from './register.service.ts';
import type { SubstitutionService } from './substitution.service.ts';

/**
 * Substitution tests (/api/substitutiontests…), the register fields and the data-sheet release of a
 * substance (/api/substances/:id/register, …/sds-release) — decision 050; the release's checklist
 * (…/sds-checklist and its picker) — decision 054.
 */
export function substitutionRoutes(
  service: SubstitutionService,
  register: RegisterService,
  checklists: Pick<ChecklistsService, 'picker'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.HAZMAT, P.HAZMAT_SUBSTITUTION) };
    const write = { access: anyOf(P.HAZMAT_SUBSTITUTION) };
    const one = z.object({ data: substitutionTestSchema });

    listRoute(app, {
      path: '/substitutiontests',
      postPath: '/substitutiontests/list',
      config: read,
      query: substitutionListQuerySchema,
      row: substitutionTestRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/substitutiontests/:id',
      { config: read, schema: { params: idParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/substitutiontests',
      { config: write, schema: { body: createSubstitutionTestSchema, response: { 201: one } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.post(
      '/substitutiontests/import',
      { config: write, schema: { body: importSubstitutionTestSchema, response: { 201: one } } },
      async (request, reply) =>
        reply.status(201).send({ data: await service.importTest(requireActor(request), request.body) }),
    );
    app.put(
      '/substitutiontests/:id',
      {
        config: write,
        schema: { params: idParamsSchema, body: updateSubstitutionTestSchema, response: { 200: one } },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/substitutiontests/:id',
      {
        config: write,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    const entry = z.object({ data: registerEntrySchema });
    app.get(
      '/substances/:id/register',
      {
        config: { access: anyOf(P.HAZMAT, P.HAZMAT_READONLY_RELEASED) },
        schema: { params: idParamsSchema, response: { 200: entry } },
      },
      async (request) => ({ data: await register.get(requireActor(request), request.params.id) }),
    );
    app.put(
      '/substances/:id/register',
      {
        config: { access: anyOf(P.HAZMAT_EDIT) },
        schema: { params: idParamsSchema, body: updateRegisterEntrySchema, response: { 200: entry } },
      },
      async (request) => ({
        data: await register.update(requireActor(request), request.params.id, request.body),
      }),
    );
    // The checklist of the data-sheet release: the releaser picks one of the portal's substance checklists.
    listRoute(app, {
      path: '/substancechecklist/picker',
      config: { access: anyOf(P.HAZMAT_SDS_RELEASE) },
      row: checklistRowSchema,
      handler: (request, query) =>
        checklists.picker(requireActor(request), query, SUBSTANCE_CHECKLIST_MODULE),
    });
    app.put(
      '/substances/:id/sds-checklist',
      {
        config: { access: anyOf(P.HAZMAT_SDS_RELEASE) },
        schema: { params: idParamsSchema, body: linkSdsChecklistSchema, response: { 200: entry } },
      },
      async (request) => ({
        data: await register.linkChecklist(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/substances/:id/sds-release',
      {
        config: { access: anyOf(P.HAZMAT_SDS_RELEASE) },
        schema: { params: idParamsSchema, body: releaseSdsSchema, response: { 200: entry } },
      },
      async (request) => ({
        data: await register.releaseSds(requireActor(request), request.params.id, request.body),
      }),
    );
  };
}
