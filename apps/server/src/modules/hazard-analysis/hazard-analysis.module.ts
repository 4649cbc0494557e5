import type { NohlCriteria } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { HazardBrickDeletionGuard } from '#modules/hazard-bricks/index.ts';
import type { OrganisationPeoplePort, OrganisationRepository } from '#modules/organisation/index.ts';
import type {
  HazardActionsPort,
  HazardAnalysisHooks,
  HazardFactorsPort,
  HazardSubstancesPort,
} from './hazard-analysis.ports.ts';
import { hazardAnalysisRepository } from './hazard-analysis.repository.ts';
import { hazardAnalysisRoutes } from './hazard-analysis.routes.ts';
import { createHazardAnalysisService } from './hazard-analysis.service.ts';

/**
 * Hazard assessments (decision 021). Other modules push into `hooks`: `deletionGuards` (links that refuse a
 * deletion with FOREIGN_ENTRY), `onActivate` / `onInactivate` (e.g. the actions module's task effects).
 * Registers a guard on the hazard bricks so a brick in use cannot be deleted.
 */
export function hazardAnalysisModule(deps: {
  db: Db;
  organisation: {
    repository: Pick<OrganisationRepository, 'treeRows'>;
    people: Pick<OrganisationPeoplePort, 'anchors'>;
  };
  hazardBricks: { deletionGuards: HazardBrickDeletionGuard[] };
  criteria?: (ex: Executor) => Promise<NohlCriteria>;
  factorMenus?: { service: HazardFactorsPort };
  /** The actions module: adopted brick actions, action counts, open actions of removed hazards. */
  actions?: { service: HazardActionsPort };
  /** The substances register: hazards link hazardous substances (decision 054). */
  substances?: { service: HazardSubstancesPort };
}) {
  const repository = hazardAnalysisRepository;
  const hooks: HazardAnalysisHooks = {
    deletionGuards: [],
    onActivate: [],
    onInactivate: [],
    onReleaseState: [],
    frozenDocuments: [],
  };
  const service = createHazardAnalysisService({
    db: deps.db,
    repository,
    organisation: {
      treeRows: deps.organisation.repository.treeRows,
      anchors: deps.organisation.people.anchors,
    },
    hooks,
    ...(deps.criteria ? { criteria: deps.criteria } : {}),
    ...(deps.factorMenus ? { factors: deps.factorMenus.service } : {}),
    ...(deps.actions ? { actions: deps.actions.service } : {}),
    ...(deps.substances ? { substances: deps.substances.service } : {}),
  });
  // Spec (Hazard assessment states): an assessment linked to substances is not deleted (decision 054).
  hooks.deletionGuards.push(service.substanceDeletionGuard);
  deps.hazardBricks.deletionGuards.push(service.brickDeletionGuard);
  return {
    repository,
    service,
    hooks,
    register: (app: FastifyInstance) => app.register(hazardAnalysisRoutes(service), { prefix: '/api' }),
  };
}
