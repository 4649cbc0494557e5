import multipart from '@fastify/multipart';
import {
  createDocumentSchema,
  DOCUMENT_MAX_FILE_BYTES,
  documentActionSchema,
  documentLinkBodySchema,
  documentLinkDeleteQuerySchema,
  documentLinkQuerySchema,
  documentListQuerySchema,
  documentRowSchema,
  documentSchema,
  documentVersionParamsSchema,
  updateDocumentSchema,
} from '@schutzwerk/shared/documents/documents.schema.ts';
import { documentsMessages } from '@schutzwerk/shared/errors.ts';
import { idParamsSchema, versionQuerySchema, versionSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import { listRoute } from '#platform/list-route.ts';
import type { DocumentsService } from './documents.service.ts';

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 `filename*`. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Documents (/api/documents…): list, record, create, update, delete, file versions, release, check, links. */
export function documentsRoutes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only in this plugin's scope; the file streams to disk (never buffered), one file per request.
    await app.register(multipart, {
      limits: {
        fileSize: DOCUMENT_MAX_FILE_BYTES + 1,
        files: 1,
        fields: 4,
        fieldSize: 2000,
        parts: 6,
        headerPairs: 50,
      },
    });
    const one = { 200: z.object({ data: documentSchema }) };
    const read = { access: anyOf(P.DOCUMENTS) };

    listRoute(app, {
      path: '/documents',
      postPath: '/documents/list',
      config: read,
      query: documentListQuerySchema,
      row: documentRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });

    // ── links: the shared attach API (before /documents/:id) ──
    app.get(
      '/documents/links',
      {
        config: read,
        schema: {
          querystring: documentLinkQuerySchema,
          response: { 200: z.object({ data: z.array(documentSchema) }) },
        },
      },
      async (request) => ({
        data: await service.links.list(requireActor(request), request.query.entity, request.query.entityId),
      }),
    );
    app.post(
      '/documents/links',
      {
        config: { access: anyOf(P.DOCUMENTS_EDIT, P.DOCUMENTS_CREATE) },
        schema: { body: documentLinkBodySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const b = request.body;
        await service.links.add(requireActor(request), b.entity, b.entityId, b.documentId);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      '/documents/links',
      {
        config: { access: anyOf(P.DOCUMENTS_EDIT) },
        schema: { querystring: documentLinkDeleteQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const q = request.query;
        await service.links.remove(requireActor(request), q.entity, q.entityId, q.documentId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/documents/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/documents',
      {
        config: { access: anyOf(P.DOCUMENTS_CREATE) },
        schema: { body: createDocumentSchema, response: { 201: z.object({ data: documentSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/documents/:id',
      {
        config: { access: anyOf(P.DOCUMENTS_EDIT) },
        schema: { params: idParamsSchema, body: updateDocumentSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/documents/:id',
      {
        config: { access: anyOf(P.DOCUMENTS_DELETE) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // Upload: multipart/form-data with the fields `version` (the record's) and `comment` (optional) BEFORE
    // the one part `file`. Size (50 MB) is enforced while streaming; the type is sniffed from the content.
    app.post(
      '/documents/:id/versions',
      {
        config: { access: anyOf(P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT) },
        schema: {
          summary: 'Upload a new file version (multipart: fields version, comment, then file)',
          params: idParamsSchema,
          response: { 201: z.object({ data: documentSchema }) },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        if (!request.isMultipart()) throw new AppError('DOCUMENT_NO_FILE');
        let part: Awaited<ReturnType<typeof request.file>>;
        try {
          part = await request.file();
        } catch (error) {
          throw new AppError('DOCUMENT_UPLOAD_FAILED', { cause: error });
        }
        if (part?.fieldname !== 'file' || !part.filename) throw new AppError('DOCUMENT_NO_FILE');
        const field = (name: string) => {
          const f = part.fields[name];
          return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
        };
        const version = versionSchema.safeParse(field('version'));
        if (!version.success) {
          part.file.resume();
          throw new AppError('INPUT_VALIDATION_ERROR', {
            details: [
              {
                path: ['body', 'version'],
                message: documentsMessages.fieldVersionBeforeFile,
              },
            ],
          });
        }
        const comment = field('comment')?.trim().slice(0, 1000) || null;
        try {
          const data = await service.upload(actor, request.params.id, {
            stream: part.file,
            fileName: part.filename,
            version: version.data,
            comment,
          });
          return reply.status(201).send({ data });
        } finally {
          // Drain what was not read (refused early), so the request completes.
          part.file.resume();
        }
      },
    );

    app.get(
      '/documents/:id/versions/:versionId/file',
      {
        config: read,
        schema: {
          summary: 'Download one file version under its stored name',
          params: documentVersionParamsSchema,
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

    app.post(
      '/documents/:id/release',
      {
        config: { access: anyOf(P.DOCUMENTS_RELEASE) },
        schema: { params: idParamsSchema, body: documentActionSchema, response: one },
      },
      async (request) => ({
        data: await service.release(requireActor(request), request.params.id, request.body.version),
      }),
    );
    app.post(
      '/documents/:id/check',
      {
        // HAZARDANALYSIS_DOCUMENT_CHECK only for documents linked to an assessment (service: mayCheck).
        config: { access: anyOf(P.DOCUMENTS_CHECK, P.HAZARDANALYSIS_DOCUMENT_CHECK) },
        schema: { params: idParamsSchema, body: documentActionSchema, response: one },
      },
      async (request) => ({
        data: await service.check(requireActor(request), request.params.id, request.body.version),
      }),
    );
  };
}
