import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SecretBox } from '#platform/secrets.ts';
import { settingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsGuard } from './settings.service.ts';

/** Settings categories (/api/settings…); the service is what other modules read their settings through. */
export function settingsModule(deps: { db: Db; secrets: SecretBox; guards?: Record<string, SettingsGuard> }) {
  const service = createSettingsService({ ...deps, repository: settingsRepository });
  return {
    service,
    async register(app: FastifyInstance) {
      await app.register(settingsRoutes({ db: deps.db, service }), { prefix: '/api' });
    },
  };
}
