import { randomBytes } from 'node:crypto';
import { loginResponseSchema } from '@schutzwerk/shared/auth/auth.schema.ts';
import {
  SSO_ERROR_PARAM,
  SSO_TICKET_PATH,
  ssoCallbackQuerySchema,
  ssoExchangeSchema,
  ssoStartQuerySchema,
  ssoStatusResponseSchema,
} from '@schutzwerk/shared/auth/sso.schema.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { PENDING_LOGIN_TTL_MS, type SsoService } from './sso.service.ts';

/**
 * Binds a started sign-in (and its ticket) to the browser that started it. SameSite=Lax: the provider's
 * redirect back is a cross-site top-level GET, which Lax cookies accompany and Strict ones do not.
 */
export const SSO_BROWSER_COOKIE = 'sw_sso';
const COOKIE_PATH = '/api/auth/sso';
const BROWSER_ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

function browserId(request: FastifyRequest): string | undefined {
  const value = request.cookies[SSO_BROWSER_COOKIE];
  return value && BROWSER_ID_FORMAT.test(value) ? value : undefined;
}

/** A failed browser step goes back to the login page, which shows the German message of the code. */
function backToLogin(reply: FastifyReply, error: unknown, request: FastifyRequest) {
  if (!(error instanceof AppError)) throw error;
  if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, `single sign-on: ${error.code}`);
  return reply.redirect(`/login?${SSO_ERROR_PARAM}=${encodeURIComponent(error.code)}`, 303);
}

export function ssoRoutes(service: SsoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/sso',
      { config: { access: publicRoute }, schema: { response: { 200: ssoStatusResponseSchema } } },
      async () => ({ data: await service.status() }),
    );

    app.get(
      '/auth/sso/start',
      { config: { access: publicRoute }, schema: { querystring: ssoStartQuerySchema } },
      async (request, reply) => {
        const id = browserId(request) ?? randomBytes(32).toString('base64url');
        reply.setCookie(SSO_BROWSER_COOKIE, id, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: PENDING_LOGIN_TTL_MS / 1000,
        });
        try {
          const url = await service.start(id, request.query.redirect);
          return reply.header('cache-control', 'no-store').redirect(url, 303);
        } catch (error) {
          return backToLogin(reply, error, request);
        }
      },
    );

    app.get(
      '/auth/sso/callback',
      { config: { access: publicRoute }, schema: { querystring: ssoCallbackQuerySchema } },
      async (request, reply) => {
        try {
          const { ticket, returnTo } = await service.callback(browserId(request), request.query, {
            ip: request.ip,
            log: request.log,
          });
          // The ticket travels in the fragment: never sent to a server, never in a Referer header.
          const target = `${SSO_TICKET_PATH}?redirect=${encodeURIComponent(returnTo)}#ticket=${ticket}`;
          return reply.header('cache-control', 'no-store').redirect(target, 303);
        } catch (error) {
          return backToLogin(reply, error, request);
        }
      },
    );

    app.post(
      '/auth/sso/exchange',
      {
        config: { access: publicRoute },
        schema: { body: ssoExchangeSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const userAgent = request.headers['user-agent'];
        const token = await service.exchange(browserId(request), request.body.ticket, {
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
        });
        reply.clearCookie(SSO_BROWSER_COOKIE, { path: COOKIE_PATH });
        return reply.header('cache-control', 'no-store').send({ token });
      },
    );
  };
}
