import type { Readable } from 'node:stream';
import {
  externalRecordQuerySchema,
  externalRecordRowSchema,
  externalSiteSchema,
  externalSitesSchema,
  externalSiteUpdateSchema,
  kioskAnswerResultSchema,
  kioskAnswerSchema,
  kioskLocationSchema,
  kioskStartSchema,
  kioskStateSchema,
  VISITOR_TOKEN_HEADER,
  visitorSchema,
} from '@schutzwerk/shared/instructions/external.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf, publicRoute } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import { listRoute } from '#platform/list-route.ts';
import { type ExternalService, SITE_IMAGE_MAX_BYTES } from './external.service.ts';
import { sendServedFile } from './topic-media.routes.ts';

const IMAGE_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp'];

const locationParamsSchema = z.object({ locationId: idParamsSchema.shape.id });

function sendPdf(reply: FastifyReply, result: { file: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-filename', encodeURIComponent(result.fileName))
    .header('content-disposition', contentDisposition(result.fileName))
    .header('access-control-expose-headers', 'content-filename, content-disposition')
    .header('cache-control', 'no-store')
    .send(result.file);
}

const tokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[VISITOR_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * External instructions (decision 074). Public, without an account, rate-limited per address
 * (/api/external/…): the offered locations and their images, the start with the visitor's data, the run by its
 * secret (header `x-visitor-token`), the certificate; the current topic's presentation, the current question's
 * image and the badge (decision 078). Signed in: the settings per location (SETTINGS_TOPICS) and
 * the records (TOPICS_EVALUATE_EXTERNAL, list protocol).
 */
export function externalRoutes(service: ExternalService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(IMAGE_TYPES, (_request, payload, done) => done(null, payload));
    const open = { access: publicRoute };

    app.get(
      '/external/locations',
      {
        config: open,
        schema: {
          summary: 'The locations the kiosk offers (public)',
          response: { 200: z.object({ data: z.array(kioskLocationSchema) }) },
        },
      },
      async (request) => ({ data: await service.kioskLocations(request.ip) }),
    );
    app.get(
      '/external/locations/:locationId/image',
      {
        config: open,
        schema: { summary: "An offered location's tile image (public)", params: locationParamsSchema },
      },
      async (request, reply) =>
        sendServedFile(reply, await service.kioskImage(request.params.locationId, request.ip)),
    );
    app.post(
      '/external/runs',
      {
        config: open,
        schema: {
          summary: "Start an external instruction with the visitor's data (public)",
          body: visitorSchema,
          response: { 200: z.object({ data: kioskStartSchema }) },
        },
      },
      async (request) => ({ data: await service.start(request.body, request.ip) }),
    );
    app.get(
      '/external/run',
      {
        config: open,
        schema: {
          summary: "The visitor's run (header x-visitor-token)",
          response: { 200: z.object({ data: kioskStateSchema }) },
        },
      },
      async (request) => ({ data: await service.state(tokenOf(request), request.ip) }),
    );
    app.post(
      '/external/run/answer',
      {
        config: open,
        schema: {
          summary: "One answer of the visitor's run (header x-visitor-token)",
          body: kioskAnswerSchema,
          response: { 200: z.object({ data: kioskAnswerResultSchema }) },
        },
      },
      async (request) => ({ data: await service.answer(tokenOf(request), request.body, request.ip) }),
    );
    app.get(
      '/external/run/certificate',
      { config: open, schema: { summary: "The visitor's certificate PDF (header x-visitor-token)" } },
      async (request, reply) => sendPdf(reply, await service.kioskCertificate(tokenOf(request), request.ip)),
    );
    app.get(
      '/external/run/presentation',
      {
        config: open,
        schema: { summary: "The presentation PDF of the run's current topic (header x-visitor-token)" },
      },
      async (request, reply) =>
        sendServedFile(reply, await service.kioskPresentation(tokenOf(request), request.ip)),
    );
    app.get(
      '/external/run/questions/:questionId/image',
      {
        config: open,
        schema: {
          summary: "The image of the run's current question (header x-visitor-token)",
          params: z.object({ questionId: idParamsSchema.shape.id }),
        },
      },
      async (request, reply) =>
        sendServedFile(
          reply,
          await service.kioskQuestionImage(tokenOf(request), request.params.questionId, request.ip),
        ),
    );
    app.get(
      '/external/run/badge',
      { config: open, schema: { summary: "The visitor's badge PDF (header x-visitor-token)" } },
      async (request, reply) => sendPdf(reply, await service.kioskBadge(tokenOf(request), request.ip)),
    );

    // ---- signed in ------------------------------------------------------------------------------------
    const settings = { access: anyOf(P.SETTINGS_TOPICS) };
    const one = { 200: z.object({ data: externalSiteSchema }) };
    app.get(
      '/instructions/external/sites',
      { config: settings, schema: { response: { 200: z.object({ data: externalSitesSchema }) } } },
      async (request) => ({ data: await service.sites(requireActor(request)) }),
    );
    app.put(
      '/instructions/external/sites/:locationId',
      {
        config: settings,
        schema: { params: locationParamsSchema, body: externalSiteUpdateSchema, response: one },
      },
      async (request) => ({
        data: await service.saveSite(requireActor(request), request.params.locationId, request.body),
      }),
    );
    app.post(
      '/instructions/external/sites/:locationId/image',
      {
        config: settings,
        bodyLimit: SITE_IMAGE_MAX_BYTES + 1,
        schema: {
          summary: "Upload or replace a location's kiosk image (raw PNG/JPEG/WebP body; ?version=)",
          params: locationParamsSchema,
          querystring: z.object({ version: z.coerce.number().int().min(0).max(2_147_483_647) }),
          response: one,
        },
      },
      async (request) => {
        const body = request.body;
        if (!body || typeof (body as Readable).pipe !== 'function') throw new AppError('EXTERNAL_IMAGE_TYPE');
        const stream = body as Readable;
        try {
          return {
            data: await service.uploadImage(requireActor(request), request.params.locationId, {
              stream,
              version: request.query.version,
            }),
          };
        } finally {
          stream.resume();
        }
      },
    );
    app.get(
      '/instructions/external/sites/:locationId/image',
      { config: settings, schema: { summary: "A location's kiosk image", params: locationParamsSchema } },
      async (request, reply) =>
        sendServedFile(reply, await service.siteImage(requireActor(request), request.params.locationId)),
    );

    const records = { access: anyOf(P.TOPICS_EVALUATE_EXTERNAL) };
    listRoute(app, {
      path: '/instructions/external/records',
      postPath: '/instructions/external/records/list',
      config: records,
      query: externalRecordQuerySchema,
      row: externalRecordRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/instructions/external/records/:id/certificate',
      {
        config: records,
        schema: { summary: "An external person's certificate PDF", params: idParamsSchema },
      },
      async (request, reply) =>
        sendPdf(reply, await service.recordCertificate(requireActor(request), request.params.id)),
    );
    app.get(
      '/instructions/external/records/:id/badge',
      {
        config: records,
        schema: { summary: "An external person's badge PDF („Besucherausweis“)", params: idParamsSchema },
      },
      async (request, reply) =>
        sendPdf(reply, await service.recordBadge(requireActor(request), request.params.id)),
    );
  };
}
