import {
  createHazardBrickSchema,
  hazardBrickActionRowSchema,
  hazardBrickChildPickerQuerySchema,
  hazardBrickCodeRowSchema,
  hazardBrickGuidelineRowSchema,
  hazardBrickListQuerySchema,
  hazardBrickRowSchema,
  hazardBrickSchema,
  updateHazardBrickSchema,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { BrickVariant } from './hazard-bricks.repository.ts';
import type { HazardBricksService } from './hazard-bricks.service.ts';

/** Hazard bricks (/api/hazardbricks…) and the six picker list sources of spec shell.md §7. */
export function hazardBricksRoutes(service: HazardBricksService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.HAZARDBRICKS) };
    const one = { 200: z.object({ data: hazardBrickSchema }) };

    listRoute(app, {
      path: '/hazardbricks',
      postPath: '/hazardbricks/list',
      config: read,
      query: hazardBrickListQuerySchema,
      row: hazardBrickRowSchema,
      handler: (_request, query) => service.list('list', query),
    });

    // Pickers: any signed-in user may pick bricks and their parts (hazard assessments build from them).
    const pickers: [string, BrickVariant][] = [
      ['/hazardbrick/picker', 'default'],
      ['/hazardbrick/pickerFree', 'free'],
      ['/hazardbrick/pickerAll', 'all'],
    ];
    for (const [path, variant] of pickers) {
      listRoute(app, {
        path,
        config: { access: authenticated },
        query: hazardBrickListQuerySchema,
        row: hazardBrickRowSchema,
        handler: (_request, query) => service.list(variant, query),
      });
    }
    const childPickers = [
      ['/hazardbrickaction/picker', hazardBrickActionRowSchema, service.actionPicker],
      ['/hazardbrickactionguideline/picker', hazardBrickGuidelineRowSchema, service.guidelinePicker],
      ['/hazardbrickverificationcode/picker', hazardBrickCodeRowSchema, service.codePicker],
    ] as const;
    for (const [path, row, run] of childPickers) {
      listRoute(app, {
        path,
        config: { access: authenticated },
        query: hazardBrickChildPickerQuerySchema,
        row: row as z.ZodType,
        handler: (_request, query) => run(query),
      });
    }

    app.get(
      '/hazardbricks/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/hazardbricks',
      {
        config: { access: anyOf(P.HAZARDBRICKS_CREATE) },
        schema: { body: createHazardBrickSchema, response: { 201: z.object({ data: hazardBrickSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/hazardbricks/:id',
      {
        // Which parts changed decides the right needed (service): fields _EDIT, lists _ACTIONS / _VERIFICATION_CODES.
        config: {
          access: anyOf(P.HAZARDBRICKS_EDIT, P.HAZARDBRICKS_ACTIONS, P.HAZARDBRICKS_VERIFICATION_CODES),
        },
        schema: { params: idParamsSchema, body: updateHazardBrickSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/hazardbricks/:id',
      {
        config: { access: anyOf(P.HAZARDBRICKS_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
  };
}
