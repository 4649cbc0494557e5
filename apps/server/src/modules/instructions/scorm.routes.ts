import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  SCORM_PACKAGE_MAX_BYTES,
  scormAttemptSchema,
  scormCommitSchema,
  scormLaunchSchema,
  scormPackageSchema,
  scormUploadQuerySchema,
} from '@schutzwerk/shared/instructions/scorm.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, publicRoute } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import { RUNTIME_DIR, type ScormService } from './scorm.service.ts';

/** The body types a package upload may carry: the zip's raw bytes (checked from the content anyway). */
const RAW_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/**
 * What the sandboxed frame's documents may do (decision 068): the `sandbox` directive gives them an opaque origin
 * even when a content URL is opened on its own, so a package's scripts (inline ones too, as authoring tools write
 * them) can never reach the application's storage or API; only same-site framing.
 */
export const CONTENT_SECURITY_POLICY =
  "sandbox allow-scripts allow-forms allow-popups; default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";

function contentHeaders(reply: FastifyReply, mimeType: string) {
  return reply
    .header('content-type', mimeType)
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'private, no-store');
}

function bodyStream(body: unknown): Readable {
  if (!body || typeof (body as Readable).pipe !== 'function') throw new AppError('TOPIC_FILE_MISSING');
  return body as Readable;
}

function declaredSize(header: string | undefined): number | undefined {
  const size = Number(header);
  return header !== undefined && Number.isFinite(size) ? size : undefined;
}

/**
 * SCORM packages of topics (TOPICS / TOPICS_EDIT), the learner's launch and commits of own items (TOPICS_OWN), and
 * the package content for the sandboxed frame (public: the launch token in the path admits it) — decision 068.
 */
export function scormRoutes(
  service: ScormService,
  runtime: { scorm12: string; scorm2004: string; frame: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(RAW_TYPES, (_request, payload, done) => done(null, payload));
    const one = { 200: z.object({ data: scormPackageSchema.nullable() }) };
    const own = { access: anyOf(P.TOPICS_OWN) };

    app.get(
      '/topics/:id/scorm',
      {
        config: { access: anyOf(P.TOPICS) },
        schema: { summary: "The topic's SCORM package", params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.package(requireActor(request), request.params.id) }),
    );
    app.post(
      '/topics/:id/scorm',
      {
        config: { access: anyOf(P.TOPICS_EDIT) },
        bodyLimit: SCORM_PACKAGE_MAX_BYTES + 1,
        schema: {
          summary: 'Upload or replace the SCORM package (raw zip body; ?version=&fileName=)',
          params: idParamsSchema,
          querystring: scormUploadQuerySchema,
          response: one,
        },
      },
      async (request) => {
        const stream = bodyStream(request.body);
        try {
          return {
            data: await service.upload(requireActor(request), request.params.id, {
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
      '/topics/:id/scorm',
      {
        config: { access: anyOf(P.TOPICS_EDIT) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: one },
      },
      async (request) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return { data: null };
      },
    );

    const attempt = { 200: z.object({ data: scormAttemptSchema }) };
    app.get(
      '/instructions/mine/:id/scorm',
      { config: own, schema: { params: idParamsSchema, response: attempt } },
      async (request) => ({ data: await service.attempt(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/mine/:id/scorm/launch',
      {
        config: own,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: scormLaunchSchema }) } },
      },
      async (request) => ({ data: await service.launch(requireActor(request), request.params.id) }),
    );
    app.post(
      '/instructions/mine/:id/scorm/commit',
      { config: own, schema: { params: idParamsSchema, body: scormCommitSchema, response: attempt } },
      async (request) => ({
        data: await service.commit(requireActor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/scorm-content/:token/*',
      {
        config: { access: publicRoute },
        schema: {
          summary: 'A file of a launched SCORM package (for the sandboxed frame; the token admits it)',
          params: z.object({ token: z.string().max(64), '*': z.string().max(2000) }),
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const requested = request.params['*'];
        if (requested.startsWith(`${RUNTIME_DIR}/`)) {
          const name = requested.slice(RUNTIME_DIR.length + 1);
          if (name === 'boot.js') {
            const boot = await service.boot(token);
            const origin = `${request.protocol}://${request.host}`;
            const json = JSON.stringify({ ...boot, origin }).replace(/</g, '\\u003c');
            return contentHeaders(reply, 'text/javascript; charset=utf-8').send(
              `window.__schutzwerkScorm = ${json};\n`,
            );
          }
          if (name === 'scorm-again.js' || name === 'frame.js') {
            const { version } = await service.boot(token);
            const file =
              name === 'frame.js' ? runtime.frame : version === '1.2' ? runtime.scorm12 : runtime.scorm2004;
            return contentHeaders(reply, 'text/javascript; charset=utf-8').send(fs.createReadStream(file));
          }
          throw new AppError('NOT_FOUND');
        }
        const content = await service.content(token, requested);
        return contentHeaders(reply, content.mimeType).send(
          content.body ?? fs.createReadStream(content.file),
        );
      },
    );
  };
}
