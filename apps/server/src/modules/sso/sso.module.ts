import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { createOidcClient } from './oidc-client.ts';
import { ssoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { createSsoService, type OidcSettingsSource } from './sso.service.ts';

/** Single sign-on through OpenID Connect (decision 011). */
export function ssoModule(deps: {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  settings: OidcSettingsSource;
}) {
  const service = createSsoService({
    ...deps,
    repository: ssoRepository,
    oidc: createOidcClient(),
  });
  return {
    service,
    register: (app: FastifyInstance) => app.register(ssoRoutes(service), { prefix: '/api' }),
  };
}
