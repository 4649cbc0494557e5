import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeeRecordService, EmployeesRepository } from '#modules/employees/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { DeviceCookies } from '#platform/device-cookies.ts';
import { createLoginThrottle, type LoginThrottle } from '#platform/login-throttle.ts';
import type { SessionStore } from '#platform/sessions.ts';
import { sessionCleanupJob } from './auth.jobs.ts';
import { authRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { expiredPasswordsJob } from './lost-password.ts';
import type { PasswordPolicyService } from './password-policy.service.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResetService } from './password-reset.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Waits for "Passwort vergessen?" work still running after its answer (tests; decision 027). */
    drainLostPasswordWork: () => Promise<void>;
  }
}

/** "Passwort vergessen?": 3 requests per user name and 20 per address within 15 minutes. */
const LOST_PASSWORD_LIMITS = {
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
  maxPerAccount: 3,
  maxPerAddress: 20,
};

type AuthDeps = Parameters<typeof createAuthService>[0];

export function authModule(deps: {
  db: Db;
  employees: EmployeesRepository;
  sessions: SessionStore;
  throttle: LoginThrottle;
  ssoLogoutUrl?: AuthDeps['ssoLogoutUrl'];
  passwordPolicy: PasswordPolicyService;
  settings: Pick<SettingsService, 'read'>;
  records: Pick<EmployeeRecordService, 'loadVisible' | 'assertEditableHere'>;
  deviceCookies: DeviceCookies;
}) {
  const repository = authRepository;
  const service = createAuthService({
    ...deps,
    repository,
    lostPasswordThrottle: createLoginThrottle(deps.db, LOST_PASSWORD_LIMITS),
  });
  const resetService = createPasswordResetService({ ...deps, repository });
  return {
    service,
    /** Jobs for the scheduler (assembled in app.ts). */
    jobs: [sessionCleanupJob(deps), expiredPasswordsJob],
    register: async (app: FastifyInstance) => {
      app.decorate('drainLostPasswordWork', service.drainLostPasswordWork);
      // The generated passwords and their mails are written before the database closes.
      app.addHook('onClose', async () => {
        await service.drainLostPasswordWork();
      });
      await app.register(authRoutes(service, deps.passwordPolicy, deps.deviceCookies), { prefix: '/api' });
      await app.register(passwordResetRoutes(resetService), { prefix: '/api' });
    },
  };
}
