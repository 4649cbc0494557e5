import { P } from '@schutzwerk/shared/permissions.ts';
import { hazmatSettings } from '@schutzwerk/shared/settings/hazmat.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { ChecklistsService } from '#modules/checklists/index.ts';
import type { DocumentLinkTargets, DocumentsService } from '#modules/documents/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { actorHasAny } from '#platform/access.ts';
import { masterDataRoutes } from './master-data.routes.ts';
import { createMasterDataService } from './master-data.service.ts';
import { createRegisterService, SUBSTANCE_CHECKLIST_MODULE } from './register.service.ts';
import { sdsRoutes } from './sds.routes.ts';
import { createSdsService, SUBSTANCE_LINK_ENTITY, substanceLinkTarget } from './sds.service.ts';
import { substancesRepository } from './substances.repository.ts';
import { substancesRoutes } from './substances.routes.ts';
import { createSubstancesService } from './substances.service.ts';
import { createSubstanceUsageRegistry } from './substances.usage.ts';
import { substitutionRoutes } from './substitution.routes.ts';
import { createSubstitutionService } from './substitution.service.ts';

/**
 * The hazardous substances register (decision 046). Modules that use substance versions register a source
 * in `usage` (decision 054: hazards today; containers, EMKG, operating instructions later): it refuses
 * setting inactive or deleting while they use a substance and fills the editor's section „Verwendung“.
 * The data-sheet release links its checklist through the checklists' link port (module 'substances').
 */
export function substancesModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  /** The data sheets are documents (decision 049): the documents' service and its attach API. */
  documents: { service: DocumentsService; linkTargets: DocumentLinkTargets };
  /** The checklists' link port (decision 052): the checklist of the data-sheet release. */
  checklists: {
    service: Pick<
      ChecklistsService,
      'registerLink' | 'linkChecklist' | 'unlinkChecklist' | 'choicesFor' | 'stateOf' | 'linkable' | 'picker'
    >;
  };
  now?: () => Date;
}) {
  const repository = substancesRepository;
  const usage = createSubstanceUsageRegistry();
  const onRemove: NonNullable<Parameters<typeof createSubstancesService>[0]['onRemove']> = [];
  const service = createSubstancesService({
    db: deps.db,
    repository,
    blacklists: (ex) => deps.settings.read(hazmatSettings, ex),
    usage,
    onRemove,
  });
  // The release checklist of a substance is read by whoever may see the substance and filled by those who
  // may release its data sheet or edit it (the checklists' routes also ask for their own read right).
  deps.checklists.service.registerLink(SUBSTANCE_CHECKLIST_MODULE, {
    canRead: (actor, recordId, ex) => recordId !== null && service.canRead(ex, actor, recordId),
    canEdit: async (actor, recordId, ex) =>
      recordId !== null &&
      actorHasAny(actor, P.HAZMAT_SDS_RELEASE, P.HAZMAT_EDIT) &&
      (await service.canRead(ex, actor, recordId)),
  });
  deps.documents.linkTargets[SUBSTANCE_LINK_ENTITY] = substanceLinkTarget(service);
  const sds = createSdsService({
    db: deps.db,
    substances: service,
    documents: deps.documents.service,
    checklists: deps.checklists.service,
  });
  // Substitution tests, the register fields and the data-sheet release (decision 050).
  const substitution = createSubstitutionService({ db: deps.db });
  const register = createRegisterService({
    db: deps.db,
    checklists: deps.checklists.service,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // A deleted substance leaves no filled release checklist behind (decision 054, unlink).
  onRemove.push(register.forgetChecklists);
  const masterData = createMasterDataService({ db: deps.db });
  return {
    repository,
    service,
    usage,
    async register(app: FastifyInstance) {
      await app.register(substancesRoutes(service), { prefix: '/api' });
      await app.register(sdsRoutes(sds), { prefix: '/api' });
      await app.register(masterDataRoutes(masterData), { prefix: '/api' });
      await app.register(substitutionRoutes(substitution, register, deps.checklists.service), {
        prefix: '/api',
      });
    },
  };
}
