import { PassThrough } from 'node:stream';
import {
  IMPORT_MAX_FILE_BYTES,
  type ImportEvent,
  importCheckSchema,
  importCommitSchema,
  importIdParamsSchema,
  importJobSchema,
  importOptionsSchema,
  importPortalSchema,
  importPreviewSchema,
  importUploadQuerySchema,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { employeeImportMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import type { EmployeeImportService } from './employee-import.service.ts';

/** Content types the upload accepts: the raw bytes of the CSV file. */
const FILE_TYPES = ['text/csv', 'application/octet-stream', 'application/vnd.ms-excel', 'text/plain'];

export function employeeImportRoutes(service: EmployeeImportService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: anyOf(P.EMPLOYEES_IMPORT) };

    // The file arrives as the raw request body (no multipart): the browser sends the File object as is.
    app.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_FILE_BYTES },
      (_request, body, done) => done(null, body),
    );
    // A too large file gets its own code; everything else goes on to the central handler.
    app.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('EMPLOYEE_IMPORT_FILE_TOO_LARGE');
      }
      throw error;
    });

    app.post(
      '/employee/import',
      {
        config,
        bodyLimit: IMPORT_MAX_FILE_BYTES,
        schema: {
          summary: 'Step 1: upload a CSV file (raw body, text/csv) and get the preview',
          querystring: importUploadQuerySchema,
          response: { 201: z.object({ data: importPreviewSchema }) },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('EMPLOYEE_IMPORT_INVALID_FILE', {
            message: employeeImportMessages.sendCsvBody,
          });
        }
        const preview = await service.upload(requireActor(request), request.body, request.query);
        return reply.status(201).send({ data: preview });
      },
    );

    app.get(
      '/employee/import/portals',
      { config, schema: { response: { 200: z.object({ data: z.array(importPortalSchema) }) } } },
      async (request) => ({ data: await service.portals(requireActor(request)) }),
    );

    app.get(
      '/employee/import/:id',
      {
        config,
        schema: { params: importIdParamsSchema, response: { 200: z.object({ data: importJobSchema }) } },
      },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );

    app.get(
      '/employee/import/:id/preview',
      {
        config,
        schema: { params: importIdParamsSchema, response: { 200: z.object({ data: importPreviewSchema }) } },
      },
      async (request) => ({ data: await service.preview(requireActor(request), request.params.id) }),
    );

    app.post(
      '/employee/import/:id/check',
      {
        config,
        schema: {
          params: importIdParamsSchema,
          body: importOptionsSchema,
          response: { 200: z.object({ data: importCheckSchema }) },
        },
      },
      async (request) => ({
        data: await service.check(requireActor(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/employee/import/:id/commit',
      {
        config,
        // Progress lines must reach the browser one by one: a compressor would hold them back.
        compress: false,
        schema: {
          summary:
            'Step 3: import. Answers application/x-ndjson: progress lines, then one result or error line',
          params: importIdParamsSchema,
          body: importCommitSchema,
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        // Refusals (bad rows not confirmed, licence 910, already started) are ordinary error answers.
        const plan = await service.prepare(actor, request.params.id, request.body);
        const stream = new PassThrough();
        // A browser that goes away does not stop the import (it commits or rolls back on its own).
        stream.on('error', () => undefined);
        const write = (event: ImportEvent) => {
          if (!stream.destroyed && !stream.writableEnded) stream.write(`${JSON.stringify(event)}\n`);
        };
        service.run(actor, plan, write).then(
          (result) => {
            write({ type: 'result', result });
            if (!stream.destroyed) stream.end();
          },
          (error: unknown) => {
            if (!(error instanceof AppError)) request.log.error({ err: error }, 'employee import failed');
            const failed = new AppError('EMPLOYEE_IMPORT_FAILED');
            write({
              type: 'error',
              error:
                error instanceof AppError
                  ? {
                      code: error.code,
                      message: error.message,
                      ...(error.code === 'EMPLOYEE_IMPORT_LICENCE_EXCEEDED' ? { importCode: 910 } : {}),
                    }
                  : { code: failed.code, message: failed.message },
            });
            if (!stream.destroyed) stream.end();
          },
        );
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
