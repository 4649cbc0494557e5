import {
  checklistPasswordSchema,
  checklistProtectionSchema,
  checklistUnlockSchema,
  instanceVisibilitySchema,
  VIEWER_STATUSES,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import {
  backupParamsSchema,
  checklistBackupSchema,
  checklistExportSchema,
  checklistInstanceSchema,
  checklistListQuerySchema,
  checklistRowSchema,
  checklistSchema,
  createCellActionSchema,
  createChecklistSchema,
  importChecklistSchema,
  instanceParamsSchema,
  saveChecklistInstanceSchema,
  updateChecklistSchema,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { idParamsSchema, versionQuerySchema, versionSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { ChecklistsService } from './checklists.service.ts';

/** Checklists: the builder's record and grid, and filling them (/api/checklists…, decision 052). */
export function checklistsRoutes(service: ChecklistsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.AUDIT_CHECKLISTS) };
    const one = { 200: z.object({ data: checklistSchema }) };
    const oneInstance = { 200: z.object({ data: checklistInstanceSchema }) };

    listRoute(app, {
      path: '/checklists',
      postPath: '/checklists/list',
      config: read,
      query: checklistListQuerySchema,
      row: checklistRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/checklists/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/checklists',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_CREATE) },
        schema: { body: createChecklistSchema, response: { 201: z.object({ data: checklistSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/checklists/:id',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT) },
        schema: { params: idParamsSchema, body: updateChecklistSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/checklists/:id',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.delete(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // Cloning (up to the clone maximum), backups, export and import (decision 061).
    app.post(
      '/checklists/:id/clone',
      {
        config: { access: allOf(P.AUDIT_CHECKLISTS_CLONE, P.AUDIT_CHECKLISTS_CREATE) },
        schema: { params: idParamsSchema, response: { 201: z.object({ data: checklistSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.clone(requireActor(request), request.params.id) }),
    );
    app.get(
      '/checklists/:id/backups',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT) },
        schema: {
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(checklistBackupSchema) }) },
        },
      },
      async (request) => ({ data: await service.backups(requireActor(request), request.params.id) }),
    );
    app.post(
      '/checklists/:id/backups/:backupId/restore',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT) },
        schema: {
          params: backupParamsSchema,
          body: z.object({ version: versionSchema }).strict(),
          response: one,
        },
      },
      async (request) => ({
        data: await service.restoreBackup(
          requireActor(request),
          request.params.id,
          request.params.backupId,
          request.body.version,
        ),
      }),
    );
    app.get(
      '/checklists/:id/export',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_IMPORT) },
        schema: { params: idParamsSchema, response: { 200: z.object({ data: checklistExportSchema }) } },
      },
      async (request) => ({ data: await service.exportChecklist(requireActor(request), request.params.id) }),
    );
    app.post(
      '/checklists/import',
      {
        config: { access: allOf(P.AUDIT_CHECKLISTS_IMPORT, P.AUDIT_CHECKLISTS_CREATE) },
        schema: { body: importChecklistSchema, response: { 201: z.object({ data: checklistSchema }) } },
        bodyLimit: 6 * 1024 * 1024,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.importChecklist(requireActor(request), request.body.content) }),
    );
    app.get(
      '/checklists/right-options',
      {
        // Also for segment rights of questionnaire types (decision 067).
        config: { access: anyOf(P.AUDIT_CHECKLISTS_RIGHTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL) },
        schema: {
          response: {
            200: z.object({
              data: z.object({ roles: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
            }),
          },
        },
      },
      async (request) => ({ data: await service.rightOptions(requireActor(request)) }),
    );

    // Filling. Reading needs the checklist right; each instance is further checked by its link's rule.
    app.get(
      '/checklists/:id/instances',
      {
        config: read,
        schema: {
          params: idParamsSchema,
          querystring: z.object({ viewerStatus: z.enum(VIEWER_STATUSES).optional() }),
          response: { 200: z.object({ data: z.array(checklistInstanceSchema) }) },
        },
      },
      async (request) => ({
        data: await service.instances(requireActor(request), request.params.id, request.query.viewerStatus),
      }),
    );
    app.post(
      '/checklists/:id/instances',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) },
        schema: { params: idParamsSchema, response: { 201: z.object({ data: checklistInstanceSchema }) } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.createInstance(requireActor(request), request.params.id) }),
    );
    app.put(
      '/checklists/:id/instances/:instanceId/visibility',
      {
        config: read,
        schema: { params: instanceParamsSchema, body: instanceVisibilitySchema, response: oneInstance },
      },
      async (request) => ({
        data: await service.setVisibility(
          requireActor(request),
          request.params.id,
          request.params.instanceId,
          request.body,
        ),
      }),
    );

    // Password-protected checklists (decision 059): set by editors, unlocked per employee.
    const protection = { 200: z.object({ data: checklistProtectionSchema }) };
    app.get(
      '/checklists/:id/protection',
      { config: read, schema: { params: idParamsSchema, response: protection } },
      async (request) => ({ data: await service.protection(requireActor(request), request.params.id) }),
    );
    app.put(
      '/checklists/:id/password',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT) },
        schema: { params: idParamsSchema, body: checklistPasswordSchema, response: protection },
      },
      async (request) => ({
        data: await service.setPassword(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/checklists/:id/unlock',
      {
        config: read,
        schema: { params: idParamsSchema, body: checklistUnlockSchema, response: protection },
      },
      async (request) => ({
        data: await service.unlock(requireActor(request), request.params.id, request.body.password),
      }),
    );
    app.get(
      '/checklists/:id/instances/:instanceId',
      { config: read, schema: { params: instanceParamsSchema, response: oneInstance } },
      async (request) => ({
        data: await service.getInstance(requireActor(request), request.params.id, request.params.instanceId),
      }),
    );
    app.put(
      '/checklists/:id/instances/:instanceId',
      {
        config: read,
        schema: { params: instanceParamsSchema, body: saveChecklistInstanceSchema, response: oneInstance },
      },
      async (request) => ({
        data: await service.saveInstance(
          requireActor(request),
          request.params.id,
          request.params.instanceId,
          request.body,
        ),
      }),
    );
    // SQL cells: the server runs the cell's query (report sandbox) and stores its value.
    app.post(
      '/checklists/:id/instances/:instanceId/sql',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) },
        schema: {
          params: instanceParamsSchema,
          body: z
            .object({
              version: versionSchema,
              cell: z
                .string()
                .regex(/^\d+_\d+$/)
                .max(20),
            })
            .strict(),
          response: oneInstance,
        },
      },
      async (request) => ({
        data: await service.refreshSqlCell(
          requireActor(request),
          request.params.id,
          request.params.instanceId,
          request.body,
        ),
      }),
    );
    // Task tracking: the action of a task cell (created in the actions module).
    app.post(
      '/checklists/:id/instances/:instanceId/actions',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT) },
        schema: {
          params: instanceParamsSchema,
          body: createCellActionSchema,
          response: { 201: z.object({ data: checklistInstanceSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createCellAction(
            requireActor(request),
            request.params.id,
            request.params.instanceId,
            request.body,
          ),
        }),
    );
  };
}
