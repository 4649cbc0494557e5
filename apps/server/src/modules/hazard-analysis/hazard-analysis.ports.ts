import type { FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import type { FrozenDocument } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { NohlCriteria } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { Executor } from '#db/client.ts';
import type { ActionsService } from '#modules/actions/index.ts';
import type { OrganisationPeoplePort, OrganisationRepository } from '#modules/organisation/index.ts';
import type { Actor } from '#platform/access.ts';

/**
 * The ports of the hazard assessments: what other modules plug in (hooks) and what the module uses of other
 * modules (actions, factor menus, NOHL criteria, the organisation trees). The adapters the module offers
 * others (action source, document link target, usage guards) are in hazard-analysis.adapters.ts.
 */

/** The action source type of hazards (registered in app.ts). */
export const HAZARD_ACTION_SOURCE = 'hazard';

/**
 * A check other modules plug in (actions, substances, objects, topics, operating instructions, checklists):
 * returns a German reason when the assessment is linked to their entries and must not be deleted.
 */
export type HazardAnalysisDeletionGuard = (ex: Executor, analysisId: number) => Promise<string | null>;

/** Runs inside the (in)activation transaction, e.g. the actions module recreating or deleting tasks. */
export type HazardAnalysisActiveHook = (
  ex: Executor,
  event: { analysisId: number; actorId: number; comment: string },
) => Promise<void>;

export type HazardAnalysisHooks = {
  deletionGuards: HazardAnalysisDeletionGuard[];
  onActivate: HazardAnalysisActiveHook[];
  onInactivate: HazardAnalysisActiveHook[];
  /** Runs after a release and after a new working version starts (e.g. the release / check tasks). */
  onReleaseState: ((ex: Executor, analysisId: number) => Promise<void>)[];
  /** The documents linked at release time, frozen with the version (the documents wiring registers it). */
  frozenDocuments?: ((ex: Executor, analysisId: number) => Promise<FrozenDocument[]>)[];
  /**
   * Shapes a frozen version's documents for one reader (the documents wiring hides the file names of
   * confidential documents from readers without DOCUMENTS_CONFIDENTIAL, decision 024).
   */
  presentFrozenDocuments?: ((
    ex: Executor,
    actor: Actor,
    documents: FrozenDocument[],
  ) => Promise<FrozenDocument[]>)[];
};

/**
 * What the hazard assessment uses of the actions module (decision 020, public API) for the actions of its
 * hazards (source type 'hazard'): adopting the brick's measures, the counts shown before a removal, and
 * deleting the open actions with a removed hazard.
 */
export type HazardActionsPort = Pick<
  ActionsService,
  'createForSource' | 'countsOfSources' | 'deleteOpenOfSource' | 'designationsOfSource'
>;

/** The factor menus (decision 019): which menu an assessment may get, which factors a hazard may pick. */
export type HazardFactorsPort = {
  assertAssignable(
    ex: Executor,
    menuId: number | null | undefined,
    options?: { allowInactive?: boolean },
  ): Promise<{ registers: FactorMenu['registers'] }>;
  assertFactorSelection(
    menu: { registers: FactorMenu['registers'] },
    factorIds: readonly number[],
    keepFactorIds?: readonly number[],
  ): void;
};

/** The classification criteria in force (the NOHL status module). */
export type HazardCriteriaPort = (ex: Executor) => Promise<NohlCriteria>;

/** The organisation trees: the location scope of an actor (the tree, and the anchors from its people port). */
export type HazardOrganisationPort = Pick<OrganisationRepository, 'treeRows'> &
  Pick<OrganisationPeoplePort, 'anchors'>;

/**
 * What the hazards' substance links use of the substances module (decision 054): the current version of a
 * substance the actor may link, and the linked versions the actor may see.
 */
export type HazardSubstancesPort = {
  linkableVersion(ex: Executor, actor: Actor, substanceId: number): Promise<number>;
  visibleVersions(
    ex: Executor,
    actor: Actor,
    versionIds: readonly number[],
  ): Promise<
    {
      versionId: number;
      versionNumber: number;
      substanceId: number;
      currentVersionNumber: number;
      designation: string;
      casNumber: string;
      active: boolean;
    }[]
  >;
};
