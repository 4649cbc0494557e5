import { generalMessages, hazardAnalysisMessages } from '@schutzwerk/shared/errors.ts';
import { visibleScope } from '@schutzwerk/shared/organisation/tree.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { Visibility } from './hazard-analysis.list.repository.ts';
import type { HazardOrganisationPort } from './hazard-analysis.ports.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';

/**
 * Access rules of the hazard assessments (decision 021): portal, location scope (deny by default; "not found"
 * and "not yours" answer alike), the working copy versus released versions only, the right for each part of
 * a write. The pure rules come first; `createHazardAnalysisAccess` adds what needs the database.
 */

/** Location ids the actor may see assessments of, or 'all'. */
export type LocationScope = number[] | 'all';

/** The actor may read working copies (and templates); otherwise released versions only, if any right. */
export const canReadWorking = (actor: Actor) => actorHasAny(actor, P.HAZARDANALYSIS_READONLY);

export const inScope = (scope: LocationScope, locationId: number | null) =>
  scope === 'all' || (locationId !== null && scope.includes(locationId));

/**
 * Whether the actor may see this assessment (`working`: its working copy, otherwise its released versions)
 * as far as it is decided without the location scope: true / false, or 'scope' when the scope decides.
 */
export function readGate(
  actor: Actor,
  row: Pick<AnalysisRecord, 'portalId' | 'isTemplate'>,
  working: boolean,
): boolean | 'scope' {
  if (row.portalId !== actor.portalId) return false;
  if (row.isTemplate) return canReadWorking(actor);
  if (working && !canReadWorking(actor)) return false;
  return 'scope';
}

/** The rights a write of this part needs: templates need _DRAFTS, assessments the part's right(s). */
const writeRights = (row: Pick<AnalysisRecord, 'isTemplate'>, right: number | number[]) =>
  row.isTemplate ? [P.HAZARDANALYSIS_DRAFTS] : [right].flat();

/** The right for the part (templates: _DRAFTS), active, and on a released one the right to start a new version. */
export function assertWritable(
  actor: Actor,
  row: Pick<AnalysisRecord, 'isTemplate' | 'active' | 'released'>,
  right: number | number[],
) {
  if (!actorHasAny(actor, ...writeRights(row, right))) throw new AppError('NO_PERMISSION');
  if (!row.active) throw new AppError('HAZARD_ANALYSIS_INACTIVE');
  if (row.released && !actorHasAny(actor, P.HAZARDANALYSIS_VERSION)) {
    throw new AppError('NO_PERMISSION', {
      message: hazardAnalysisMessages.releasedNeedsVersionRight,
    });
  }
}

/** The checks that open a write of a readable assessment, in order: the part's right, the version (409), writable. */
export function assertWriteStart(
  actor: Actor,
  row: Pick<AnalysisRecord, 'isTemplate' | 'active' | 'released' | 'version'>,
  version: number,
  right: number | number[],
) {
  if (!actorHasAny(actor, ...writeRights(row, right))) throw new AppError('NO_PERMISSION');
  if (row.version !== version) throw new AppError('CONFLICT');
  assertWritable(actor, row, right);
}

/** A header's location: assessments need one; templates may omit it. */
export function assertLocationGiven(isTemplate: boolean, locationId: number | null) {
  if (!isTemplate && locationId === null) {
    const message = hazardAnalysisMessages.locationRequired;
    throw new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: ['locationId'], message }] });
  }
}

/** An assessment's location must lie in the actor's scope. */
export function assertLocationInScope(scope: LocationScope, locationId: number) {
  if (!inScope(scope, locationId)) {
    const message = hazardAnalysisMessages.locationOutOfScope;
    throw new AppError('NO_PERMISSION', { message, details: [{ path: ['locationId'], message }] });
  }
}

const notThere = (field: string, message: string) =>
  new AppError('INPUT_VALIDATION_ERROR', { message, details: [{ path: [field], message }] });

export function createHazardAnalysisAccess({
  repository,
  organisation,
}: {
  repository: HazardAnalysisRepository;
  organisation: HazardOrganisationPort;
}) {
  async function locationScope(ex: Executor, actor: Actor): Promise<LocationScope> {
    if (actorHasAny(actor, P.HAZARDANALYSIS_ALL_LOCATIONS)) return 'all';
    const rows = await organisation.treeRows(ex, 'location', actor.portalId);
    const anchors = await organisation.anchors(ex, 'location', actor.employeeId);
    return [...visibleScope(rows, anchors, false).inScope];
  }

  /** Whether the actor may see this assessment at all (working copy or released versions). */
  async function mayRead(ex: Executor, actor: Actor, row: AnalysisRecord, working: boolean) {
    const gate = readGate(actor, row, working);
    if (gate !== 'scope') return gate;
    return inScope(await locationScope(ex, actor), row.locationId);
  }

  /** A reference must exist in the actor's portal (deny by default). */
  async function assertRef(
    ex: Executor,
    actor: Actor,
    kind: 'location' | 'department' | 'activity' | 'employee',
    id: number | null,
    field: string,
  ) {
    if (id === null) return;
    const portalId = await repository.portalOf(ex, kind, id);
    if (portalId !== actor.portalId) {
      throw notThere(field, kind === 'employee' ? generalMessages.personUnknown : generalMessages.entryGone);
    }
  }

  return {
    locationScope,
    mayRead,
    assertRef,

    /** What the actor may see of the assessments (or templates): the input of the list queries. */
    async visibility(ex: Executor, actor: Actor, templates: boolean): Promise<Visibility> {
      const working = canReadWorking(actor);
      const scope = templates ? 'all' : await locationScope(ex, actor);
      return { portalId: actor.portalId, templates, scope, working };
    },

    /** The assessment with the actor allowed to read its working copy, else NOT_FOUND. */
    async loadReadable(ex: Executor, actor: Actor, id: number, lock?: 'update') {
      const row = await repository.findById(ex, id, lock);
      if (!row || !(await mayRead(ex, actor, row, true))) throw new AppError('NOT_FOUND');
      return row;
    },

    /** The assessment with the actor allowed to read its working copy or its released versions, else NOT_FOUND. */
    async loadReleasedReadable(ex: Executor, actor: Actor, id: number) {
      const row = await repository.findById(ex, id);
      if (!row || !(await mayRead(ex, actor, row, false))) throw new AppError('NOT_FOUND');
      return row;
    },

    /** A template the actor may read (to create from or to inherit), else a validation error on templateId. */
    async loadTemplate(ex: Executor, actor: Actor, templateId: number): Promise<AnalysisRecord> {
      const template = await repository.findById(ex, templateId);
      if (!template?.isTemplate || !(await mayRead(ex, actor, template, true))) {
        throw notThere('templateId', hazardAnalysisMessages.templateGone);
      }
      return template;
    },

    /** Location rules of a header: assessments need a location inside the actor's scope; templates may omit it. */
    async assertHeader(
      ex: Executor,
      actor: Actor,
      isTemplate: boolean,
      h: { locationId: number | null; departmentId: number | null; activityId: number | null },
    ) {
      assertLocationGiven(isTemplate, h.locationId);
      await assertRef(ex, actor, 'location', h.locationId, 'locationId');
      await assertRef(ex, actor, 'department', h.departmentId, 'departmentId');
      await assertRef(ex, actor, 'activity', h.activityId, 'activityId');
      if (!isTemplate && h.locationId !== null) {
        assertLocationInScope(await locationScope(ex, actor), h.locationId);
      }
    },
  };
}

export type HazardAnalysisAccess = ReturnType<typeof createHazardAnalysisAccess>;
