import {
  hazardBricksExportQuerySchema,
  importHazardBricksResultSchema,
  importHazardBricksSchema,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks-file.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { HazardBricksTransfer } from './hazard-bricks.transfer.ts';

/** Export (JSON file of the catalogue or a search result) and import of hazard bricks (HAZARDBRICKS_IMPORT). */
export function hazardBricksTransferRoutes(transfer: HazardBricksTransfer): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: anyOf(P.HAZARDBRICKS_IMPORT) };
    app.get(
      '/hazardbricks/export',
      { config: access, schema: { querystring: hazardBricksExportQuerySchema } },
      async (request, reply) => {
        const file = await transfer.exportFile(request.query);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-filename', encodeURIComponent(file.fileName))
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    );
    app.post(
      '/hazardbricks/import',
      {
        config: access,
        bodyLimit: 12 * 1024 * 1024,
        schema: {
          body: importHazardBricksSchema,
          response: { 201: z.object({ data: importHazardBricksResultSchema }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await transfer.importFile(requireActor(request), request.body.content) }),
    );
  };
}
