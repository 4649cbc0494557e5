import { reportsMessages } from '@schutzwerk/shared/errors.ts';
import {
  idParamsSchema,
  listResponseSchema,
  versionQuerySchema,
} from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  countReportResponseSchema,
  generateReportSchema,
  getFiltersQuerySchema,
  previewReportResponseSchema,
  previewReportSchema,
  reportDialogFilterSchema,
  reportFilterInputSchema,
  reportInputSchema,
  reportListQuerySchema,
  reportListRowSchema,
  reportPickerQuerySchema,
  reportPickerRowSchema,
  reportSchema,
  updateReportSchema,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import { assertSqlAllowed } from './reports.rules.ts';
import type { ReportsService } from './reports.service.ts';

/** RFC 6266/5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Reports (decision 015): definitions for the report manager (REPORTS_MANAGE; SQL changes need REPORTS_SQL,
 * files REPORTS_IMPORT), and for every signed-in user the picker, the dialog's filters, the record count
 * and generate — each limited in the service to the reports whose rights the user holds.
 */
export function reportsRoutes(service: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = { access: anyOf(P.REPORTS_MANAGE) };
    const one = { 200: z.object({ data: reportSchema }) };

    listRoute(app, {
      path: '/reports/picker',
      config: { access: authenticated },
      query: reportPickerQuerySchema,
      row: reportPickerRowSchema,
      handler: (request, query) => service.picker(requireActor(request), query),
    });
    app.get(
      '/reports/getFilters',
      {
        config: { access: authenticated },
        schema: {
          querystring: getFiltersQuerySchema,
          response: { 200: z.object({ data: z.object({ filters: z.array(reportDialogFilterSchema) }) }) },
        },
      },
      async (request) => ({
        data: { filters: await service.dialogFilters(requireActor(request), request.query.reportid) },
      }),
    );
    app.post(
      '/reports/count',
      {
        config: { access: authenticated },
        schema: { body: generateReportSchema, response: { 200: countReportResponseSchema } },
      },
      async (request) => ({ data: await service.count(requireActor(request), request.body) }),
    );
    app.post(
      '/reports/generate',
      { config: { access: authenticated }, schema: { body: generateReportSchema } },
      async (request, reply) => {
        const result = await service.generate(requireActor(request), request.body);
        return reply
          .header('content-type', result.contentType)
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );

    // ── report manager ────────────────────────────────────────────────────────────────────────
    app.get(
      '/reports',
      {
        config: manage,
        schema: {
          querystring: reportListQuerySchema,
          response: { 200: listResponseSchema(reportListRowSchema) },
        },
      },
      async (request) => ({ data: await service.list(request.query) }),
    );
    app.post(
      '/reports/check',
      {
        config: manage,
        schema: {
          body: z.object({
            sql: reportInputSchema.shape.sql,
            filters: z.array(reportFilterInputSchema).default([]),
          }),
          response: { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) },
        },
      },
      async (request) => {
        assertSqlAllowed(
          request.body.sql,
          request.body.filters.map((f) => f.field),
        );
        return { data: { ok: true as const } };
      },
    );
    app.post(
      '/reports/preview',
      {
        config: manage,
        schema: { body: previewReportSchema, response: { 200: previewReportResponseSchema } },
      },
      async (request) => ({ data: await service.preview(requireActor(request), request.body) }),
    );
    app.post(
      '/reports/import',
      {
        config: { access: anyOf(P.REPORTS_IMPORT) },
        schema: {
          body: z.object({ content: z.string().max(200_000, { message: reportsMessages.fileTooLarge }) }),
          response: { 201: z.object({ data: reportSchema }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.importFile(requireActor(request), request.body.content) }),
    );
    app.get(
      '/reports/:id/export',
      { config: { access: anyOf(P.REPORTS_IMPORT) }, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const file = await service.exportFile(request.params.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-filename', encodeURIComponent(file.fileName))
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.content);
      },
    );
    app.get(
      '/reports/:id',
      { config: manage, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
    app.post(
      '/reports',
      {
        config: manage,
        schema: { body: reportInputSchema, response: { 201: z.object({ data: reportSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.put(
      '/reports/:id',
      { config: manage, schema: { params: idParamsSchema, body: updateReportSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/reports/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
  };
}
