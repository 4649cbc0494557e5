import { hazmatSettings } from '@schutzwerk/shared/settings/hazmat.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { DocumentLinkTargets, DocumentsService } from '#modules/documents/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { masterDataRoutes } from './master-data.routes.ts';
import { createMasterDataService } from './master-data.service.ts';
import { createRegisterService } from './register.service.ts';
import { sdsRoutes } from './sds.routes.ts';
import { createSdsService, SUBSTANCE_LINK_ENTITY, substanceLinkTarget } from './sds.service.ts';
import { substancesRepository } from './substances.repository.ts';
import { substancesRoutes } from './substances.routes.ts';
import { createSubstancesService, type SubstanceUsageGuard } from './substances.service.ts';
import { substitutionRoutes } from './substitution.routes.ts';
import { createSubstitutionService } from './substitution.service.ts';

/**
 * The hazardous substances register (decision 046). Later modules push into `deactivationGuards`
 * (containers, EMKG, assessments) and `deletionGuards` (hazards) to refuse while they use a substance.
 */
export function substancesModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  /** The data sheets are documents (decision 049): the documents' service and its attach API. */
  documents: { service: DocumentsService; linkTargets: DocumentLinkTargets };
  now?: () => Date;
}) {
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
  deps.documents.linkTargets[SUBSTANCE_LINK_ENTITY] = substanceLinkTarget(service);
  const sds = createSdsService({ db: deps.db, substances: service, documents: deps.documents.service });
  // Substitution tests, the register fields and the data-sheet release (decision 050).
  const substitution = createSubstitutionService({ db: deps.db });
  const register = createRegisterService({ db: deps.db, ...(deps.now ? { now: deps.now } : {}) });
  const masterData = createMasterDataService({ db: deps.db });
  return {
    repository,
    service,
    deactivationGuards,
    deletionGuards,
    async register(app: FastifyInstance) {
      await app.register(substancesRoutes(service), { prefix: '/api' });
      await app.register(sdsRoutes(sds), { prefix: '/api' });
      await app.register(masterDataRoutes(masterData), { prefix: '/api' });
      await app.register(substitutionRoutes(substitution, register), { prefix: '/api' });
    },
  };
}
