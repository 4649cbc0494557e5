import multipart from '@fastify/multipart';
import { substancesMessages } from '@schutzwerk/shared/errors/substances.ts';
import { idParamsSchema, versionSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  confirmSdsSchema,
  sdsImportResultSchema,
  substanceSdsSchema,
} from '@schutzwerk/shared/substances/sds.schema.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/documents/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import type { SdsService } from './sds.service.ts';

/** The largest SDS PDF read (data sheets are a few MB at most). */
const SDS_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Safety data sheets of substances (decision 049): import a PDF into a new substance or as a newer sheet of an
 * existing one (multipart, the part `file`; for an existing one the field `version` first), the data sheet with
 * its archive and open proposals, confirming proposals, downloading a sheet's file.
 */
export function sdsRoutes(service: SdsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: SDS_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 100, parts: 4, headerPairs: 50 },
    });
    const read = { access: anyOf(...COMPOSITE.HAZMAT_READ) };
    const result = { 201: z.object({ data: sdsImportResultSchema }) };

    async function receive(request: FastifyRequest) {
      if (!request.isMultipart()) throw new AppError('SUBSTANCE_SDS_NOT_PDF');
      const part = await request.file().catch((error: unknown) => {
        throw new AppError('DOCUMENT_UPLOAD_FAILED', { cause: error });
      });
      if (part?.fieldname !== 'file' || !part.filename) throw new AppError('DOCUMENT_NO_FILE');
      const data = await part.toBuffer().catch((error: unknown) => {
        throw new AppError('DOCUMENT_FILE_REJECTED', { cause: error });
      });
      const field = part.fields.version;
      const version =
        field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      return { file: { data, fileName: part.filename }, version };
    }

    app.post(
      '/substances/sds-import',
      {
        config: { access: anyOf(P.HAZMAT_CREATE) },
        schema: {
          summary: 'A new substance from a safety data sheet PDF (multipart: file)',
          response: result,
        },
      },
      async (request, reply) => {
        const { file } = await receive(request);
        return reply.status(201).send({ data: await service.importNew(requireActor(request), file) });
      },
    );
    app.post(
      '/substances/:id/sds',
      {
        config: { access: anyOf(P.HAZMAT_EDIT) },
        schema: {
          summary: 'A newer safety data sheet PDF for a substance (multipart: version, then file)',
          params: idParamsSchema,
          response: result,
        },
      },
      async (request, reply) => {
        const { file, version } = await receive(request);
        const parsed = versionSchema.safeParse(version);
        if (!parsed.success)
          throw new AppError('INPUT_VALIDATION_ERROR', {
            details: [{ path: ['body', 'version'], message: substancesMessages.fieldSdsVersionMissing }],
          });
        const data = await service.importInto(requireActor(request), request.params.id, parsed.data, file);
        return reply.status(201).send({ data });
      },
    );
    app.get(
      '/substances/:id/sds',
      {
        config: read,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: substanceSdsSchema }) } },
      },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/substances/:id/sds/confirm',
      {
        config: { access: anyOf(P.HAZMAT_EDIT) },
        schema: {
          params: idParamsSchema,
          body: confirmSdsSchema,
          response: { 200: z.object({ data: substanceSdsSchema }) },
        },
      },
      async (request) => ({
        data: await service.confirm(requireActor(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/substances/:id/sds/files/:versionId',
      {
        config: read,
        schema: {
          summary: 'Download one file of the substance’s data sheet',
          params: z.object({ id: idParamsSchema.shape.id, versionId: idParamsSchema.shape.id }),
        },
      },
      async (request, reply) => {
        const file = await service.file(requireActor(request), request.params.id, request.params.versionId);
        return reply
          .header('content-type', file.mimeType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
