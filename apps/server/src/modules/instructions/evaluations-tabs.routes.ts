import { evaluationQuerySchema } from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import {
  employeeInfoExportQuerySchema,
  employeeInfoParamsSchema,
  employeeInfoQuerySchema,
  employeeInfoSchema,
  masterDataSchema,
  profileEvaluationsSchema,
  tabExportQuerySchema,
} from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { EvaluationsTabsService } from './evaluations-tabs.service.ts';

type Download = { file: Buffer; fileName: string; contentType: string };
const send = (reply: FastifyReply, result: Download) =>
  reply
    .header('content-type', result.contentType)
    .header('content-filename', encodeURIComponent(result.fileName))
    .header('content-disposition', contentDisposition(result.fileName))
    .header('access-control-expose-headers', 'content-filename, content-disposition')
    .header('cache-control', 'no-store')
    .send(result.file);

/**
 * Evaluations of instructions, tabs master data, employee info and profiles (decision 076), right
 * TOPICS_EVALUATE: /api/instructions/evaluations/master-data, …/profiles, …/employees/:employeeId, each with
 * …/export (XLSX or PDF).
 */
export function evaluationsTabsRoutes(service: EvaluationsTabsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: anyOf(P.TOPICS_EVALUATE) };
    const base = '/instructions/evaluations';
    app.get(
      `${base}/master-data`,
      {
        config,
        schema: {
          querystring: evaluationQuerySchema,
          response: { 200: z.object({ data: masterDataSchema }) },
        },
      },
      async (request) => ({ data: await service.masterData(requireActor(request), request.query) }),
    );
    app.get(
      `${base}/master-data/export`,
      { config, schema: { querystring: tabExportQuerySchema } },
      async (request, reply) =>
        send(reply, await service.exportMasterData(requireActor(request), request.query)),
    );
    app.get(
      `${base}/profiles`,
      {
        config,
        schema: {
          querystring: evaluationQuerySchema,
          response: { 200: z.object({ data: profileEvaluationsSchema }) },
        },
      },
      async (request) => ({ data: await service.profiles(requireActor(request), request.query) }),
    );
    app.get(
      `${base}/profiles/export`,
      { config, schema: { querystring: tabExportQuerySchema } },
      async (request, reply) =>
        send(reply, await service.exportProfiles(requireActor(request), request.query)),
    );
    app.get(
      `${base}/employees/:employeeId`,
      {
        config,
        schema: {
          params: employeeInfoParamsSchema,
          querystring: employeeInfoQuerySchema,
          response: { 200: z.object({ data: employeeInfoSchema }) },
        },
      },
      async (request) => ({
        data: await service.employeeInfo(requireActor(request), request.params.employeeId, request.query),
      }),
    );
    app.get(
      `${base}/employees/:employeeId/export`,
      { config, schema: { params: employeeInfoParamsSchema, querystring: employeeInfoExportQuerySchema } },
      async (request, reply) =>
        send(
          reply,
          await service.exportEmployee(requireActor(request), request.params.employeeId, request.query),
        ),
    );
  };
}
