import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import {
  createMailTemplateSchema,
  mailOutboxEntrySchema,
  mailOutboxQuerySchema,
  mailSendResultSchema,
  mailTemplateSchema,
  sendTestMailSchema,
  updateMailTemplateSchema,
} from '@schutzwerk/shared/mail/mail.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { MailService } from './mail.service.ts';
import type { MailTemplatesService } from './mail-templates.ts';
import { listOutbox, requeueFailed } from './outbox.ts';

/**
 * Mail (/api/mail…): the test mail (sent directly, answered as a typed result 0x800/0x801/0x802), the
 * outbox for the administrator and the e-mail templates. The SMTP settings themselves are the settings
 * category `mail` (/api/settings/mail).
 */
export function mailRoutes(deps: {
  db: Db;
  service: MailService;
  templates: MailTemplatesService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/mail/test',
      {
        config: { access: anyOf(P.MAIL_SETTINGS_EDIT) },
        schema: { body: sendTestMailSchema, response: { 200: z.object({ data: mailSendResultSchema }) } },
      },
      async (request) => ({ data: await deps.service.sendTestMail(requireActor(request), request.body.to) }),
    );

    app.get(
      '/mail/outbox',
      {
        config: { access: anyOf(P.MAIL_LOG, P.MAIL_SETTINGS) },
        schema: {
          querystring: mailOutboxQuerySchema,
          response: { 200: z.object({ data: z.array(mailOutboxEntrySchema) }) },
        },
      },
      async (request) => ({ data: await listOutbox(deps.db, request.query) }),
    );
    app.post(
      '/mail/outbox/:id/resend',
      {
        config: { access: anyOf(P.MAIL_LOG, P.MAIL_SETTINGS_EDIT) },
        schema: { params: idParamsSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await requeueFailed(deps.db, request.params.id);
        return reply.status(204).send(null);
      },
    );

    const template = { 200: z.object({ data: mailTemplateSchema }) };
    app.get(
      '/mail/templates',
      {
        config: { access: anyOf(P.MAIL_TEMPLATES, P.MAIL_SETTINGS) },
        schema: { response: { 200: z.object({ data: z.array(mailTemplateSchema) }) } },
      },
      async () => ({ data: await deps.templates.list() }),
    );
    app.get(
      '/mail/templates/:id',
      {
        config: { access: anyOf(P.MAIL_TEMPLATES, P.MAIL_SETTINGS) },
        schema: { params: idParamsSchema, response: template },
      },
      async (request) => ({ data: await deps.templates.get(request.params.id) }),
    );
    app.post(
      '/mail/templates',
      {
        config: { access: anyOf(P.MAIL_TEMPLATES) },
        schema: { body: createMailTemplateSchema, response: { 201: z.object({ data: mailTemplateSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await deps.templates.create(requireActor(request), request.body) }),
    );
    app.put(
      '/mail/templates/:id',
      {
        config: { access: anyOf(P.MAIL_TEMPLATES) },
        schema: { params: idParamsSchema, body: updateMailTemplateSchema, response: template },
      },
      async (request) => ({
        data: await deps.templates.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/mail/templates/:id',
      {
        config: { access: anyOf(P.MAIL_TEMPLATES) },
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deps.templates.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
  };
}
