import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/employees.repository.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { sessionCleanupJob } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

export function authModule(deps: {
  db: Db;
  employees: EmployeesRepository;
  sessions: SessionStore;
  throttle: LoginThrottle;
}) {
  const service = createAuthService(deps);
  return {
    service,
    /** Jobs for the scheduler (assembled in app.ts). */
    jobs: [sessionCleanupJob(deps)],
    register: (app: FastifyInstance) => app.register(authRoutes(service), { prefix: '/api' }),
  };
}
