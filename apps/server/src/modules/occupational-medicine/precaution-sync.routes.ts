import {
  SYNC_MAX_FILE_BYTES,
  syncCheckSchema,
  syncFileSchema,
  syncPreviewSchema,
  syncRequestSchema,
  syncResultSchema,
} from '@schutzwerk/shared/occupational-medicine/precaution-sync.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import type { PrecautionSyncService } from './precaution-sync.service.ts';

/** The file travels as base64 inside JSON: a third larger, plus the mapping. */
const BODY_LIMIT = Math.ceil(SYNC_MAX_FILE_BYTES * 1.4) + 256 * 1024;

/**
 * /api/occupational-medicine/sync/… — the medical-examination sync wizard (decision 065). Each step sends the
 * file again (no upload is kept on the server), so any app instance answers any step. Recording assessment
 * kinds needs PRECAUTION_ASSESSMENTS, as the check-up dialog does.
 */
export function precautionSyncRoutes(service: PrecautionSyncService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/occupational-medicine/sync';
    const config = { access: anyOf(P.PRECAUTION_ASSESSMENTS) };
    app.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new AppError('PRECAUTION_SYNC_FILE_TOO_LARGE');
      throw error;
    });

    app.post(
      `${base}/preview`,
      {
        config,
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: 'Step 1: the CSV file (base64) → columns, first rows, distinct values, suggested mapping',
          body: syncFileSchema,
          response: { 200: z.object({ data: syncPreviewSchema }) },
        },
      },
      async (request) => ({ data: await service.preview(requireActor(request), request.body) }),
    );
    app.post(
      `${base}/check`,
      {
        config,
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: 'Step 3: check every row with the mapping; writes nothing',
          body: syncRequestSchema,
          response: { 200: z.object({ data: syncCheckSchema }) },
        },
      },
      async (request) => ({ data: await service.check(requireActor(request), request.body) }),
    );
    app.post(
      `${base}/commit`,
      {
        config,
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: 'Step 4: import in one transaction; any bad row → nothing written',
          body: syncRequestSchema,
          response: { 200: z.object({ data: syncResultSchema }) },
        },
      },
      async (request) => ({ data: await service.commit(requireActor(request), request.body) }),
    );
  };
}
