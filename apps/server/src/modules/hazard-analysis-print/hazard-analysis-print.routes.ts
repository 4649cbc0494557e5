import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { HazardAnalysisPrintService } from './hazard-analysis-print.service.ts';

/**
 * One hazard assessment as PDF (decision 022): HAZARDANALYSIS_PRINT on the route; the service adds the
 * reading rights, the location scope and released-only reading of the hazard analysis service.
 */
export function hazardAnalysisPrintRoutes(service: HazardAnalysisPrintService): FastifyPluginAsyncZod {
  return async (app) => {
    const print = { access: anyOf(P.HAZARDANALYSIS_PRINT) };
    const send = (reply: FastifyReply, result: { file: Buffer; fileName: string; contentType: string }) =>
      reply
        .header('content-type', result.contentType)
        .header('content-filename', encodeURIComponent(result.fileName))
        .header('content-disposition', contentDisposition(result.fileName))
        .header('access-control-expose-headers', 'content-filename, content-disposition')
        .header('cache-control', 'no-store')
        .send(result.file);

    app.get(
      '/hazardanalysis/:id/print',
      { config: print, schema: { params: idParamsSchema } },
      async (request, reply) =>
        send(reply, await service.printAssessment(requireActor(request), request.params.id)),
    );
    app.get(
      '/hazardanalysis/ref/:id/print',
      { config: print, schema: { params: idParamsSchema } },
      async (request, reply) =>
        send(reply, await service.printVersion(requireActor(request), request.params.id)),
    );
  };
}
