import {
  adfsLogoutUrlResponseSchema,
  changePasswordSchema,
  csrfResponseSchema,
  currentUserResponseSchema,
  loginLocalSchema,
  loginResponseSchema,
} from '@schutzwerk/shared/auth/auth.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, publicRoute } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { ensureCsrfCookie } from '#platform/csrf.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(service: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/csrf',
      { config: { access: publicRoute }, schema: { response: { 200: csrfResponseSchema } } },
      async (request, reply) => ({ data: { token: ensureCsrfCookie(request, reply) } }),
    );

    app.post(
      '/auth/login_local',
      {
        config: { access: publicRoute },
        schema: { body: loginLocalSchema, response: { 200: loginResponseSchema } },
      },
      async (request) => {
        const userAgent = request.headers['user-agent'];
        const token = await service.loginLocal(request.body, {
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
        });
        return { token };
      },
    );

    app.get(
      '/auth/user',
      { config: { access: authenticated }, schema: { response: { 200: currentUserResponseSchema } } },
      async (request) => ({ data: await service.currentUser(requireActor(request)) }),
    );

    app.post(
      '/auth/logout',
      { config: { access: authenticated }, schema: { response: { 204: z.null() } } },
      async (request, reply) => {
        await service.logout(requireActor(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/changePassword',
      {
        config: { access: authenticated },
        schema: { body: changePasswordSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.changePassword(requireActor(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/auth/AdfsLogoutUrl',
      { config: { access: authenticated }, schema: { response: { 200: adfsLogoutUrlResponseSchema } } },
      async (request) => ({
        data: { url: await service.adfsLogoutUrl(requireActor(request), request.log) },
      }),
    );
  };
}
