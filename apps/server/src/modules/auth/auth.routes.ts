import {
  adfsLogoutUrlResponseSchema,
  changePasswordSchema,
  csrfResponseSchema,
  currentUserResponseSchema,
  firstLoginSchema,
  LOST_PASSWORD_ANSWER,
  loginLocalSchema,
  loginResponseSchema,
  lostPasswordResponseSchema,
  lostPasswordSchema,
  passwordPolicyResponseSchema,
} from '@schutzwerk/shared/auth/auth.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, publicRoute } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { ensureCsrfCookie } from '#platform/csrf.ts';
import type { DeviceCookies } from '#platform/device-cookies.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordPolicyService } from './password-policy.service.ts';

export function authRoutes(
  service: AuthService,
  passwordPolicy: PasswordPolicyService,
  deviceCookies: DeviceCookies,
): FastifyPluginAsyncZod {
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
      async (request, reply) => {
        const userAgent = request.headers['user-agent'];
        const token = await service.loginLocal(request.body, {
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
          device: deviceCookies.read(request, request.body.username),
        });
        deviceCookies.issue(request, reply, request.body.username);
        return { token };
      },
    );

    app.get(
      '/auth/user',
      {
        config: { access: authenticated, allowWhilePasswordChangeRequired: true },
        schema: { response: { 200: currentUserResponseSchema } },
      },
      async (request) => ({ data: await service.currentUser(requireActor(request)) }),
    );

    app.post(
      '/auth/logout',
      {
        config: { access: authenticated, allowWhilePasswordChangeRequired: true },
        schema: { response: { 204: z.null() } },
      },
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
      {
        config: { access: authenticated, allowWhilePasswordChangeRequired: true },
        schema: { response: { 200: adfsLogoutUrlResponseSchema } },
      },
      async (request) => ({
        data: { url: await service.adfsLogoutUrl(requireActor(request), request.log) },
      }),
    );

    app.get(
      '/auth/passwordPolicy',
      {
        config: { access: authenticated, allowWhilePasswordChangeRequired: true },
        schema: { response: { 200: passwordPolicyResponseSchema } },
      },
      async () => ({ data: await passwordPolicy.policy() }),
    );

    app.post(
      '/auth/firstLogin',
      {
        config: { access: authenticated, allowWhilePasswordChangeRequired: true },
        schema: { body: firstLoginSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.firstLogin(requireActor(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/lostPassword',
      {
        config: { access: publicRoute },
        schema: { body: lostPasswordSchema, response: { 200: lostPasswordResponseSchema } },
      },
      async (request) => {
        await service.lostPassword(request.body, { ip: request.ip, log: request.log });
        return { data: { message: LOST_PASSWORD_ANSWER } };
      },
    );
  };
}
