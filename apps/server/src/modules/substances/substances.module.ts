import { hazmatSettings } from '@schutzwerk/shared/settings/hazmat.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { substancesRepository } from './substances.repository.ts';
import { substancesRoutes } from './substances.routes.ts';
import { createSubstancesService, type SubstanceUsageGuard } from './substances.service.ts';

/**
 * The hazardous substances register (decision 046). Later modules push into `deactivationGuards`
 * (containers, EMKG, assessments) and `deletionGuards` (hazards) to refuse while they use a substance.
 */
export function substancesModule(deps: { db: Db; settings: Pick<SettingsService, 'read'> }) {
  const repository = substancesRepository;
  const deactivationGuards: SubstanceUsageGuard[] = [];
  const deletionGuards: SubstanceUsageGuard[] = [];
  const service = createSubstancesService({
    db: deps.db,
    repository,
    blacklists: (ex) => deps.settings.read(hazmatSettings, ex),
    deactivationGuards,
    deletionGuards,
  });
  return {
    repository,
    service,
    deactivationGuards,
    deletionGuards,
    async register(app: FastifyInstance) {
      await app.register(substancesRoutes(service), { prefix: '/api' });
    },
  };
}
