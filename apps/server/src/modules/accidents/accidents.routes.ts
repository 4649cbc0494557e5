import {
  accidentListQuerySchema,
  accidentNoticeSchema,
  accidentRowSchema,
  accidentSchema,
  accidentStatusChangeSchema,
  createAccidentSchema,
  createFirstAidEntrySchema,
  firstAidEntrySchema,
  firstAidListQuerySchema,
  firstAidRowSchema,
  sendNoticeSchema,
  updateAccidentSchema,
  updateFirstAidEntrySchema,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import {
  createInjuryCategorySchema,
  injuryCategorySchema,
  updateInjuryCategorySchema,
} from '@schutzwerk/shared/accidents/injury-categories.schema.ts';
import {
  accidentStatisticsSchema,
  statisticsExportQuerySchema,
  statisticsQuerySchema,
} from '@schutzwerk/shared/accidents/statistics.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '#modules/reports/index.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { listRoute } from '#platform/list-route.ts';
import type { AccidentStatisticsService } from './accident-statistics.ts';
import type { AccidentsService } from './accidents.service.ts';
import type { FirstAidService } from './first-aid.service.ts';
import type { InjuryCategoriesService } from './injury-categories.service.ts';

/** Accident reports (/api/accidents…) and the first-aid book (/api/firstaid…), decision 047. */
export function accidentsRoutes(
  service: AccidentsService,
  firstAid: FirstAidService,
  statistics: AccidentStatisticsService,
  injuryCategories: InjuryCategoriesService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { access: anyOf(P.ACCIDENT_REPORTS) };
    const edit = { access: anyOf(P.ACCIDENT_REPORTS_EDIT) };
    const one = { 200: z.object({ data: accidentSchema }) };

    // The checklists step 6 may choose (decision 056): active checklists of the portal for accident reports.
    app.get(
      '/accidents/checklists',
      {
        config: { access: anyOf(P.ACCIDENT_REPORTS_CREATE, P.ACCIDENT_REPORTS_EDIT) },
        schema: {
          response: {
            200: z.object({ data: z.array(z.object({ id: z.number().int(), label: z.string() })) }),
          },
        },
      },
      async (request) => ({ data: await service.checklistChoice(requireActor(request)) }),
    );

    // The managed catalogue of injury categories (decision 056): read by everyone who reports accidents.
    const manage = { access: anyOf(P.INJURY_CATEGORIES) };
    const category = { 200: z.object({ data: injuryCategorySchema }) };
    app.get(
      '/accidents/injury-categories',
      {
        config: { access: anyOf(...COMPOSITE.ACCIDENT_REPORTS_ANY, P.INJURY_CATEGORIES) },
        schema: { response: { 200: z.object({ data: z.array(injuryCategorySchema) }) } },
      },
      async () => ({ data: await injuryCategories.list() }),
    );
    app.post(
      '/accidents/injury-categories',
      {
        config: manage,
        schema: {
          body: createInjuryCategorySchema,
          response: { 201: z.object({ data: injuryCategorySchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await injuryCategories.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/accidents/injury-categories/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, body: updateInjuryCategorySchema, response: category },
      },
      async (request) => ({
        data: await injuryCategories.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/accidents/injury-categories/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await injuryCategories.delete(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );

    // Statistics (decision 051): ACCIDENT_REPORTS_STATISTICS; body part / injury type only with the health right.
    const stats = { access: anyOf(P.ACCIDENT_REPORTS_STATISTICS) };
    app.get(
      '/accidents/statistics',
      {
        config: stats,
        schema: {
          querystring: statisticsQuerySchema,
          response: { 200: z.object({ data: accidentStatisticsSchema }) },
        },
      },
      async (request) => ({ data: await statistics.compute(requireActor(request), request.query) }),
    );
    app.get(
      '/accidents/statistics/xlsx',
      { config: stats, schema: { querystring: statisticsExportQuerySchema } },
      async (request, reply) => {
        const result = await statistics.xlsx(requireActor(request), request.query);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );

    listRoute(app, {
      path: '/accidents',
      postPath: '/accidents/list',
      config: read,
      query: accidentListQuerySchema,
      row: accidentRowSchema,
      handler: (request, query) => service.list(requireActor(request), query),
    });
    app.get(
      '/accidents/:id',
      { config: read, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/accidents',
      {
        config: { access: anyOf(P.ACCIDENT_REPORTS_CREATE) },
        schema: { body: createAccidentSchema, response: { 201: z.object({ data: accidentSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/accidents/:id',
      { config: edit, schema: { params: idParamsSchema, body: updateAccidentSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/accidents/:id/status',
      { config: edit, schema: { params: idParamsSchema, body: accidentStatusChangeSchema, response: one } },
      async (request) => ({
        data: await service.setStatus(requireActor(request), request.params.id, request.body),
      }),
    );

    // The accident notice (decision 051): ACCIDENT_REPORTS_NOTICE + the health right (checked in the service).
    const notice = { access: anyOf(P.ACCIDENT_REPORTS_NOTICE) };
    app.get(
      '/accidents/:id/notice',
      {
        config: notice,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: accidentNoticeSchema }) } },
      },
      async (request) => ({ data: await service.notice(requireActor(request), request.params.id) }),
    );
    app.get(
      '/accidents/:id/notice/pdf',
      { config: notice, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const result = await service.noticePdf(requireActor(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-filename', encodeURIComponent(result.fileName))
          .header('content-disposition', contentDisposition(result.fileName))
          .header('access-control-expose-headers', 'content-filename, content-disposition')
          .header('cache-control', 'no-store')
          .send(result.file);
      },
    );
    app.post(
      '/accidents/:id/notice/send',
      { config: notice, schema: { params: idParamsSchema, body: sendNoticeSchema, response: one } },
      async (request) => ({
        data: await service.sendNotice(requireActor(request), request.params.id, request.body),
      }),
    );

    const book = { access: anyOf(P.FIRST_AID_BOOK, P.FIRST_AID_BOOK_ALL) };
    const entry = { 200: z.object({ data: firstAidEntrySchema }) };
    listRoute(app, {
      path: '/firstaid',
      postPath: '/firstaid/list',
      config: book,
      query: firstAidListQuerySchema,
      row: firstAidRowSchema,
      handler: (request, query) => firstAid.list(requireActor(request), query),
    });
    app.get(
      '/firstaid/:id',
      { config: book, schema: { params: idParamsSchema, response: entry } },
      async (request) => ({ data: await firstAid.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/firstaid',
      {
        config: { access: anyOf(P.FIRST_AID_BOOK) },
        schema: {
          body: createFirstAidEntrySchema,
          response: { 201: z.object({ data: firstAidEntrySchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await firstAid.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/firstaid/:id',
      {
        config: { access: anyOf(P.FIRST_AID_BOOK) },
        schema: { params: idParamsSchema, body: updateFirstAidEntrySchema, response: entry },
      },
      async (request) => ({
        data: await firstAid.update(requireActor(request), request.params.id, request.body),
      }),
    );
  };
}
