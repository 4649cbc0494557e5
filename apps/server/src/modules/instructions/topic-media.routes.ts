import type { Readable } from 'node:stream';
import {
  fileVersionQuerySchema,
  PRESENTATION_MAX_BYTES,
  questionParamsSchema,
  topicSchema,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import type { ServedFile, TopicMediaService } from './topic-media.ts';

/** The body types an upload may carry: the file's raw bytes (the type is sniffed from the content anyway). */
const RAW_TYPES = ['application/octet-stream', 'application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** Sends a stored file of a topic (never sniffed by the browser, never cached). */
export function sendServedFile(reply: FastifyReply, file: ServedFile) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** The length the request declares (Content-Length), if any. */
function declaredSize(header: string | undefined): number | undefined {
  const size = Number(header);
  return header !== undefined && Number.isFinite(size) ? size : undefined;
}

/** The request body as the stream the upload reads; a request without one answers TOPIC_FILE_MISSING. */
function bodyStream(body: unknown): Readable {
  if (!body || typeof (body as Readable).pipe !== 'function') throw new AppError('TOPIC_FILE_MISSING');
  return body as Readable;
}

/**
 * A topic's presentation and its questions' images (decision 044): raw-body uploads (POST, the file's bytes as
 * they are, `?version=` of the record and `fileName`), removal and reading. The run-through reads them through
 * its own routes (run.routes.ts).
 */
export function topicMediaRoutes(service: TopicMediaService): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin's scope only: the body stays a stream, written to disk size-capped by the file store.
    app.addContentTypeParser(RAW_TYPES, (_request, payload, done) => done(null, payload));
    const read = { access: anyOf(P.TOPICS) };
    const one = { 200: z.object({ data: topicSchema }) };

    app.post(
      '/topics/:id/presentation',
      {
        config: { access: anyOf(P.TOPICS_EDIT) },
        bodyLimit: PRESENTATION_MAX_BYTES + 1,
        schema: {
          summary: 'Upload or replace the presentation (raw PDF body; ?version=&fileName=)',
          params: idParamsSchema,
          querystring: fileVersionQuerySchema,
          response: one,
        },
      },
      async (request) => {
        const stream = bodyStream(request.body);
        try {
          return {
            data: await service.uploadPresentation(requireActor(request), request.params.id, {
              stream,
              declaredSize: declaredSize(request.headers['content-length']),
              fileName: request.query.fileName,
              version: request.query.version,
            }),
          };
        } finally {
          stream.resume();
        }
      },
    );
    app.delete(
      '/topics/:id/presentation',
      {
        config: { access: anyOf(P.TOPICS_EDIT) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.removePresentation(
          requireActor(request),
          request.params.id,
          request.query.version,
        ),
      }),
    );
    app.get(
      '/topics/:id/presentation',
      { config: read, schema: { summary: 'The presentation PDF', params: idParamsSchema } },
      async (request, reply) =>
        sendServedFile(reply, await service.presentation(requireActor(request), request.params.id)),
    );

    app.post(
      '/topics/:id/questions/:questionId/image',
      {
        config: { access: anyOf(P.TOPICS_QUESTIONS) },
        schema: {
          summary: "Upload or replace a question's image (raw PNG/JPEG/WebP body; ?version= of the question)",
          params: questionParamsSchema,
          querystring: fileVersionQuerySchema,
          response: one,
        },
      },
      async (request) => {
        const stream = bodyStream(request.body);
        try {
          return {
            data: await service.uploadImage(
              requireActor(request),
              request.params.id,
              request.params.questionId,
              {
                stream,
                declaredSize: declaredSize(request.headers['content-length']),
                version: request.query.version,
              },
            ),
          };
        } finally {
          stream.resume();
        }
      },
    );
    app.delete(
      '/topics/:id/questions/:questionId/image',
      {
        config: { access: anyOf(P.TOPICS_QUESTIONS) },
        schema: { params: questionParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => ({
        data: await service.removeImage(
          requireActor(request),
          request.params.id,
          request.params.questionId,
          request.query.version,
        ),
      }),
    );
    app.get(
      '/topics/:id/questions/:questionId/image',
      { config: read, schema: { summary: "A question's image", params: questionParamsSchema } },
      async (request, reply) =>
        sendServedFile(
          reply,
          await service.image(requireActor(request), request.params.id, request.params.questionId),
        ),
    );
  };
}
