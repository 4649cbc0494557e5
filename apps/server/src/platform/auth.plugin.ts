import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, type Actor, decideAccess } from './access.ts';
import { csrfSatisfied, ensureCsrfCookie } from './csrf.ts';
import { AppError } from './errors.ts';
import type { SessionStore } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route stays usable while the caller must first change the password (first login). */
    allowWhilePasswordChangeRequired?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access: read by the route-walking test and the docs. */
    apiRoutes: ApiRoute[];
  }
}

export type ApiRoute = { method: string; url: string; access: Access };

/** The caller of a route that declared a non-public access: always present there. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('NOT_AUTHENTICATED');
  return request.actor;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Every /api route must declare its access; start-up fails otherwise. On each request: CSRF cookie and
 * check, session, then the declared access — all before the body is parsed or validated.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('actor', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access: use publicRoute, authenticated, anyOf(...) or allOf(...)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decide by the matched route, never by the raw URL: the router decodes `/%61pi/…` to `/api/…`.
    const access = request.routeOptions.config.access;
    if (!access) {
      if (request.url.startsWith('/api')) ensureCsrfCookie(request, reply);
      return; // not an API route (static files) or unknown: the not-found handler answers
    }
    ensureCsrfCookie(request, reply);
    if (!csrfSatisfied(request)) throw new AppError('CSRF_INVALID');
    const token = bearerToken(request);
    request.actor = token ? await sessions.resolve(token) : null;
    // First login (decision 012): until the password is changed only the routes marked for it answer.
    if (
      access.kind !== 'public' &&
      request.actor?.mustChangePassword &&
      !request.routeOptions.config.allowWhilePasswordChangeRequired
    ) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    const decision = decideAccess(access, request.actor);
    if (decision !== 'allow') throw new AppError(decision);
  });
}
