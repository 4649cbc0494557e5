import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/employees.repository.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

type AuthDeps = Parameters<typeof createAuthService>[0];

export function authModule(deps: {
  db: Db;
  employees: EmployeesRepository;
  sessions: SessionStore;
  throttle: LoginThrottle;
  ssoLogoutUrl?: AuthDeps['ssoLogoutUrl'];
}) {
  const service = createAuthService(deps);
  return {
    service,
    register: (app: FastifyInstance) => app.register(authRoutes(service), { prefix: '/api' }),
  };
}
