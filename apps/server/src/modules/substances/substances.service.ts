import { substancesMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQueryInput } from '@schutzwerk/shared/list/list.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import {
  type Blacklist,
  blacklistHits,
  deriveClassification,
  type GhsPictogram,
  type SignalWord,
} from '@schutzwerk/shared/substances/clp.ts';
import { DECIMAL_FORMATS, formatDecimal, parseDecimal } from '@schutzwerk/shared/substances/decimal.ts';
import {
  type ClpPickerQuery,
  type CreateSubstance,
  createSubstanceSchema,
  namedEntryInputSchema,
  type ReleaseState,
  type ReleaseSubstance,
  releaseSubstanceSchema,
  SUBSTANCE_DATA_KEYS,
  type Substance,
  type SubstanceDataOut,
  type SubstanceListQuery,
  type UpdateSubstance,
  updateNamedEntrySchema,
  updateSubstanceSchema,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { masterDataRepository } from './master-data.repository.ts';
import type {
  ExposureLimitInsert,
  IngredientInsert,
  PortalScope,
  SubstanceRecord,
  SubstancesRepository,
  VersionInsert,
  VersionRecord,
} from './substances.repository.ts';
import type { SubstanceUsageRegistry } from './substances.usage.ts';

type Deps = {
  db: Db;
  repository: SubstancesRepository;
  /** The blacklists of the settings tab „Gefahrstoffe“. */
  blacklists: (ex: Executor) => Promise<Record<Blacklist, string[]>>;
  /** Who uses the substance (decision 054): refuses setting inactive or deleting; the section „Verwendung“. */
  usage: SubstanceUsageRegistry;
  /**
   * Run in the deletion's transaction before the substance is gone (the register's checklist instances are
   * unlinked, decision 054).
   */
  onRemove?: ((ex: Executor, substance: { id: number; portalId: number }) => Promise<void>)[];
};

/** Version fields stored as columns; decimals among them are stored as numeric. */
const COLUMN_KEYS = [
  'designation',
  'synonym',
  'substanceType',
  'casNumber',
  'ecNumber',
  'manufacturerName',
  'manufacturerId',
  'productGroupId',
  'packageUnitId',
  'physicalState',
  'storageClass',
  'waterHazardClass',
  'transportCategory',
  'unNumber',
  'meltingPoint',
  'boilingPoint',
  'flashPoint',
  'ignitionPoint',
  'signalWordOverride',
  'pictogramsOverride',
] as const;
const TEMPERATURE_COLUMNS = ['meltingPoint', 'boilingPoint', 'flashPoint', 'ignitionPoint'] as const;
const CHILD_KEYS = ['statements', 'ingredients', 'exposureLimits'] as const;
const DETAIL_KEYS = SUBSTANCE_DATA_KEYS.filter(
  (k) => !(COLUMN_KEYS as readonly string[]).includes(k) && !(CHILD_KEYS as readonly string[]).includes(k),
);

type Data = Omit<SubstanceDataOut, never>;
type Input = ReturnType<typeof createSubstanceSchema.parse>;

const toNumeric = (value: string, format: readonly [number, number]) =>
  value === '' ? null : (parseDecimal(value, format) ?? null);

/** The version's columns and details for the validated input (labels derived from the statements). */
function versionValues(input: Input): Omit<VersionInsert, 'substanceId' | 'number'> {
  const derived = deriveClassification(input.statements);
  const details: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) details[key] = input[key];
  return {
    designation: input.designation,
    synonym: input.synonym,
    substanceType: input.substanceType,
    casNumber: input.casNumber,
    ecNumber: input.ecNumber,
    manufacturerName: input.manufacturerName,
    manufacturerId: input.manufacturerId,
    productGroupId: input.productGroupId,
    packageUnitId: input.packageUnitId,
    physicalState: input.physicalState,
    storageClass: input.storageClass,
    waterHazardClass: input.waterHazardClass,
    transportCategory: input.transportCategory,
    unNumber: input.unNumber,
    ...Object.fromEntries(
      TEMPERATURE_COLUMNS.map((k) => [k, toNumeric(input[k], DECIMAL_FORMATS.temperature)]),
    ),
    signalWordOverride: input.signalWordOverride,
    pictogramsOverride: input.pictogramsOverride,
    signalWord: input.signalWordOverride ?? derived.signalWord,
    pictograms: input.pictogramsOverride ?? derived.pictograms,
    cmr: derived.cmr,
    details,
  };
}

function childValues(input: Input) {
  const ingredients: IngredientInsert[] = input.ingredients.map((i) => ({
    name: i.name,
    casNumber: i.casNumber,
    ecNumber: i.ecNumber,
    percentMin: toNumeric(i.percentMin, DECIMAL_FORMATS.percent),
    percentMax: toNumeric(i.percentMax, DECIMAL_FORMATS.percent),
    formula: i.formula,
    classification: i.classification,
  }));
  const exposureLimits: ExposureLimitInsert[] = input.exposureLimits.map((l) => ({
    basis: l.basis,
    value: parseDecimal(l.value, [9, 3]) ?? '0',
    unit: l.unit,
    info: l.info,
  }));
  return { statements: input.statements, ingredients, exposureLimits };
}

export function createSubstancesService({ db, repository, blacklists, usage, onRemove = [] }: Deps) {
  const scopeOf = (actor: Actor): PortalScope => (actor.isMainPortal ? 'all' : actor.portalId);
  /** With only „Freigegebene Gefahrstoffe lesen“ a caller sees released, active substances only. */
  const releasedOnly = (actor: Actor) => !actorHasAny(actor, P.HAZMAT);

  async function load(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<SubstanceRecord> {
    const row = await repository.findById(ex, id, scopeOf(actor), lock);
    if (!row || (releasedOnly(actor) && (row.releaseState !== 'agreed' || !row.active)))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function currentVersion(ex: Executor, row: SubstanceRecord): Promise<VersionRecord> {
    const version =
      row.currentVersionId === null ? undefined : await repository.version(ex, row.currentVersionId);
    if (!version) throw new AppError('NOT_FOUND');
    return version;
  }

  /** The data of a version as the editor shows it (decimals with a comma). */
  async function dataOf(ex: Executor, version: VersionRecord) {
    const children = await repository.children(ex, version.id);
    const details = version.details;
    const data: Record<string, unknown> = {};
    for (const key of DETAIL_KEYS) data[key] = details[key] ?? (key === 'biomonitoring' ? false : '');
    Object.assign(data, {
      designation: version.designation,
      synonym: version.synonym,
      substanceType: version.substanceType,
      casNumber: version.casNumber,
      ecNumber: version.ecNumber,
      manufacturerName: version.manufacturerName,
      manufacturerId: version.manufacturerId,
      productGroupId: version.productGroupId,
      packageUnitId: version.packageUnitId,
      physicalState: version.physicalState,
      storageClass: version.storageClass,
      waterHazardClass: version.waterHazardClass,
      transportCategory: version.transportCategory,
      unNumber: version.unNumber,
      meltingPoint: formatDecimal(version.meltingPoint),
      boilingPoint: formatDecimal(version.boilingPoint),
      flashPoint: formatDecimal(version.flashPoint),
      ignitionPoint: formatDecimal(version.ignitionPoint),
      signalWordOverride: version.signalWordOverride as SignalWord | null,
      pictogramsOverride: version.pictogramsOverride as GhsPictogram[] | null,
      statements: children.statements.map((st) => st.code),
      ingredients: children.ingredients.map((i) => ({
        name: i.name,
        casNumber: i.casNumber,
        ecNumber: i.ecNumber,
        percentMin: formatDecimal(i.percentMin),
        percentMax: formatDecimal(i.percentMax),
        formula: i.formula,
        classification: i.classification,
      })),
      exposureLimits: children.exposureLimits.map((l) => ({
        basis: l.basis,
        value: formatDecimal(l.value),
        unit: l.unit,
        info: l.info,
      })),
    });
    return { data: data as Data, statements: children.statements };
  }

  async function present(ex: Executor, row: SubstanceRecord): Promise<Substance> {
    const version = await currentVersion(ex, row);
    const { data, statements } = await dataOf(ex, version);
    const derived = deriveClassification(data.statements);
    const [versions, responsibleName, releasedByName, lists] = await Promise.all([
      repository.versions(ex, row.id),
      repository.employeeName(ex, row.responsibleEmployeeId),
      repository.employeeName(ex, row.releasedBy),
      blacklists(ex),
    ]);
    const current = versions.find((x) => x.id === version.id);
    return {
      id: row.id,
      version: row.version,
      active: row.active,
      releaseState: row.releaseState as ReleaseState,
      releaseComment: row.releaseComment,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      releasedByName,
      responsibleEmployeeId: row.responsibleEmployeeId,
      responsibleName,
      current: {
        id: version.id,
        number: version.number,
        fixed: version.fixed,
        createdAt: version.createdAt.toISOString(),
        createdByName: current?.createdByName ?? '',
      },
      versionCount: versions.length,
      data,
      statementTexts: statements.map((st) => ({ ...st, kind: st.kind as 'H' | 'EUH' | 'P' })),
      derivedPictograms: derived.pictograms,
      derivedSignalWord: derived.signalWord,
      pictograms: version.pictograms as GhsPictogram[],
      signalWord: version.signalWord as SignalWord,
      cmr: version.cmr,
      blacklistHits: blacklistHits(data.statements, lists),
    };
  }

  /** References, catalogue codes and duplicates (designation, CAS, EC within the portal). */
  async function checkInput(ex: Executor, portalId: number, input: Input, exceptId?: number) {
    const unknown = await repository.unknownStatements(ex, input.statements);
    if (unknown[0] !== undefined)
      throw new AppError('SUBSTANCE_STATEMENT_UNKNOWN', {
        details: [{ path: ['statements'], message: substancesMessages.fieldStatementUnknown(unknown[0]) }],
      });
    const refs: [string, boolean][] = [];
    if (input.productGroupId !== null)
      refs.push([
        'productGroupId',
        await repository.catalogueEntryExists(ex, 'productGroup', input.productGroupId),
      ]);
    if (input.packageUnitId !== null)
      refs.push([
        'packageUnitId',
        await repository.catalogueEntryExists(ex, 'packageUnit', input.packageUnitId),
      ]);
    if (input.manufacturerId !== null)
      refs.push(['manufacturerId', await masterDataRepository.manufacturerExists(ex, input.manufacturerId)]);
    if (input.responsibleEmployeeId !== null)
      refs.push(['responsibleEmployeeId', await repository.employeeExists(ex, input.responsibleEmployeeId)]);
    const missing = refs.filter(([, ok]) => !ok).map(([path]) => path);
    if (missing.length > 0)
      throw new AppError('SUBSTANCE_REFERENCE_INVALID', {
        details: missing.map((path) => ({ path: [path], message: substancesMessages.fieldReferenceMissing })),
      });
    const dup = await repository.duplicates(ex, portalId, input, exceptId);
    const details = [
      dup.designation && { path: ['designation'], message: substancesMessages.fieldDesignationTaken },
      dup.casNumber && { path: ['casNumber'], message: substancesMessages.fieldCasTaken },
      dup.ecNumber && { path: ['ecNumber'], message: substancesMessages.fieldEcTaken },
    ].filter(Boolean);
    if (details.length > 0) throw new AppError('SUBSTANCE_DUPLICATE', { details });
  }

  const guard = (ex: Executor, block: 'deactivate' | 'delete', id: number) => usage.refusal(ex, id, block);

  async function log(
    ex: Executor,
    actor: Actor,
    id: number,
    state: number,
    changes?: Record<string, unknown>,
  ) {
    await recordChange(ex, {
      entity: 'substance',
      entityId: id,
      state: state as (typeof LOG_STATE)[keyof typeof LOG_STATE],
      actorId: actor.employeeId,
      ...(changes ? { changes: changes as never } : {}),
    });
  }

  return {
    list: (actor: Actor, query: SubstanceListQuery) =>
      repository.list(db, scopeOf(actor), query, releasedOnly(actor)),

    clpPicker: (query: ClpPickerQuery) => repository.clpPicker(db, query),

    get: async (actor: Actor, id: number) => present(db, await load(db, actor, id)),

    /** Whether the actor may see the substance, inside a caller's transaction (the data sheet link, 049). */
    canRead: (ex: Executor, actor: Actor, id: number) =>
      load(ex, actor, id).then(
        () => true,
        () => false,
      ),

    /** Who uses the substance, as far as the actor may see it (section „Verwendung“, decision 054). */
    async usage(actor: Actor, id: number) {
      await load(db, actor, id);
      return usage.list(db, actor, id);
    },

    /**
     * The current version of a substance the actor may see, for another module's new link (a hazard's
     * substances, decision 054). An inactive substance is not linked anew.
     */
    async linkableVersion(ex: Executor, actor: Actor, id: number): Promise<number> {
      const row = await load(ex, actor, id);
      if (!row.active) throw new AppError('HAZARD_SUBSTANCE_INACTIVE');
      if (row.currentVersionId === null) throw new AppError('NOT_FOUND');
      return row.currentVersionId;
    },

    /**
     * The linked versions with their substance (designation and CAS of the current version), only those the
     * actor may see: the substance's read rights, portal and — with only the released-reader right —
     * released, active substances.
     */
    async visibleVersions(ex: Executor, actor: Actor, versionIds: readonly number[]) {
      if (!actorHasAny(actor, ...COMPOSITE.HAZMAT_READ)) return [];
      const heads = await repository.versionHeads(ex, versionIds);
      const visible = [];
      for (const head of heads) {
        const row = await repository.findById(ex, head.substanceId, scopeOf(actor));
        if (!row || (releasedOnly(actor) && (row.releaseState !== 'agreed' || !row.active))) continue;
        visible.push({ ...head, active: row.active });
      }
      return visible;
    },

    async versions(actor: Actor, id: number) {
      await load(db, actor, id);
      return (await repository.versions(db, id)).map((x) => ({ ...x, createdAt: x.createdAt.toISOString() }));
    },

    /** The data of one version of a readable substance (the version comparison, decision 055). */
    async versionData(actor: Actor, id: number, versionId: number) {
      await load(db, actor, id);
      const version = await repository.version(db, versionId);
      if (!version || version.substanceId !== id) throw new AppError('NOT_FOUND');
      const { data } = await dataOf(db, version);
      return { id: version.id, number: version.number, createdAt: version.createdAt.toISOString(), data };
    },

    async create(actor: Actor, raw: CreateSubstance): Promise<Substance> {
      const input = createSubstanceSchema.parse(raw);
      return db.transaction(async (tx) => {
        await checkInput(tx, actor.portalId, input);
        const head = await repository.insertSubstance(tx, {
          portalId: actor.portalId,
          responsibleEmployeeId: input.responsibleEmployeeId,
        });
        const version = await repository.insertVersion(
          tx,
          { ...versionValues(input), substanceId: head.id, number: 1, createdBy: actor.employeeId },
          childValues(input),
        );
        await repository.updateVersioned(tx, head.id, head.version, { currentVersionId: version.id });
        await log(tx, actor, head.id, LOG_STATE.CREATED, {
          designation: { from: null, to: input.designation },
        });
        return present(tx, (await repository.findById(tx, head.id, 'all')) as SubstanceRecord);
      });
    },

    /**
     * Saves the whole record. A change of the data edits the current version while it is neither released
     * nor fixed; otherwise it opens the next version and cancels the release (spec „Substances“).
     */
    async update(
      actor: Actor,
      id: number,
      raw: UpdateSubstance,
    ): Promise<{ data: Substance; newVersion: boolean }> {
      const input = updateSubstanceSchema.parse(raw) as Input & { version: number };
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const current = await currentVersion(tx, before);
        const { data } = await dataOf(tx, current);
        const normalised = (await dataOfInput(input)) as Record<string, unknown>;
        const changedKeys = SUBSTANCE_DATA_KEYS.filter(
          (k) => JSON.stringify((data as Record<string, unknown>)[k]) !== JSON.stringify(normalised[k]),
        );
        await checkInput(tx, before.portalId, input, id);
        let newVersion = false;
        const patch: Parameters<SubstancesRepository['updateVersioned']>[3] = {
          responsibleEmployeeId: input.responsibleEmployeeId,
        };
        if (changedKeys.length > 0) {
          if (current.fixed || before.releaseState === 'agreed') {
            const created = await repository.insertVersion(
              tx,
              {
                ...versionValues(input),
                substanceId: id,
                number: current.number + 1,
                createdBy: actor.employeeId,
              },
              childValues(input),
            );
            patch.currentVersionId = created.id;
            newVersion = true;
          } else {
            await repository.updateVersion(tx, current.id, versionValues(input), childValues(input));
          }
          // A changed substance needs a new release decision.
          Object.assign(patch, {
            releaseState: 'open',
            releasedAt: null,
            releasedBy: null,
            releaseComment: '',
          });
        }
        if (!(await repository.updateVersioned(tx, id, input.version, patch))) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.CHANGED, {
          fields: { from: null, to: changedKeys },
          ...(newVersion ? { versionNumber: { from: current.number, to: current.number + 1 } } : {}),
          ...(before.responsibleEmployeeId !== input.responsibleEmployeeId
            ? {
                responsibleEmployeeId: {
                  from: before.responsibleEmployeeId,
                  to: input.responsibleEmployeeId,
                },
              }
            : {}),
        });
        return {
          data: await present(tx, (await repository.findById(tx, id, 'all')) as SubstanceRecord),
          newVersion,
        };
      });
    },

    /** Opens the next version as a copy of the current one (spec: „A new version can be created“). */
    async createVersion(actor: Actor, id: number, version: number): Promise<Substance> {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        const current = await currentVersion(tx, before);
        const { data } = await dataOf(tx, current);
        const input = createSubstanceSchema.parse({
          ...data,
          responsibleEmployeeId: before.responsibleEmployeeId,
        });
        const created = await repository.insertVersion(
          tx,
          {
            ...versionValues(input),
            substanceId: id,
            number: current.number + 1,
            createdBy: actor.employeeId,
          },
          childValues(input),
        );
        const ok = await repository.updateVersioned(tx, id, version, {
          currentVersionId: created.id,
          releaseState: 'open',
          releasedAt: null,
          releasedBy: null,
          releaseComment: '',
        });
        if (!ok) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.CHANGED, {
          versionNumber: { from: current.number, to: created.number },
        });
        return present(tx, (await repository.findById(tx, id, 'all')) as SubstanceRecord);
      });
    },

    /** Fixes (festschreiben) the current version: from now on a save opens the next version. */
    async fixVersion(actor: Actor, id: number, version: number): Promise<Substance> {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        const current = await currentVersion(tx, before);
        if (current.fixed)
          throw new AppError('SUBSTANCE_VERSION_FAILED', { message: substancesMessages.versionFixedAlready });
        await repository.fixVersion(tx, current.id);
        if (!(await repository.updateVersioned(tx, id, version, {}))) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.CHANGED, { fixedVersion: { from: null, to: current.number } });
        return present(tx, (await repository.findById(tx, id, 'all')) as SubstanceRecord);
      });
    },

    /**
     * Release agreed or not agreed. Agreed fixes the current version; not agreed may set the substance
     * inactive in the same step (the user was asked; needs HAZMAT_ACTIVATE).
     */
    async release(actor: Actor, id: number, raw: ReleaseSubstance): Promise<Substance> {
      const input = releaseSubstanceSchema.parse(raw);
      const deactivate = !input.agreed && input.setInactive;
      if (deactivate && !actorHasAny(actor, P.HAZMAT_ACTIVATE)) throw new AppError('NO_PERMISSION');
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const current = await currentVersion(tx, before);
        if (deactivate && before.active) {
          const reason = await guard(tx, 'deactivate', id);
          if (reason) throw new AppError('SUBSTANCE_STATUS_FAILED', { message: reason });
        }
        if (input.agreed) await repository.fixVersion(tx, current.id);
        const ok = await repository.updateVersioned(tx, id, input.version, {
          releaseState: input.agreed ? 'agreed' : 'notAgreed',
          releaseComment: input.comment,
          releasedAt: new Date(),
          releasedBy: actor.employeeId,
          ...(deactivate ? { active: false } : {}),
        });
        if (!ok) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.CHANGED, {
          releaseState: { from: before.releaseState, to: input.agreed ? 'agreed' : 'notAgreed' },
          ...(deactivate ? { active: { from: true, to: false } } : {}),
        });
        return present(tx, (await repository.findById(tx, id, 'all')) as SubstanceRecord);
      });
    },

    async setActive(
      actor: Actor,
      id: number,
      input: { version: number; active: boolean },
    ): Promise<Substance> {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        if (!input.active && before.active) {
          const reason = await guard(tx, 'deactivate', id);
          if (reason) throw new AppError('SUBSTANCE_STATUS_FAILED', { message: reason });
        }
        if (!(await repository.updateVersioned(tx, id, input.version, { active: input.active })))
          throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.CHANGED, { active: { from: before.active, to: input.active } });
        return present(tx, (await repository.findById(tx, id, 'all')) as SubstanceRecord);
      });
    },

    /** Deletes a substance with one version that nothing uses (spec: not while several versions exist). */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        if ((await repository.countVersions(tx, id)) > 1) throw new AppError('SUBSTANCE_HAS_VERSIONS');
        const reason = await guard(tx, 'delete', id);
        if (reason) throw new AppError('SUBSTANCE_IN_USE', { message: reason });
        for (const hook of onRemove) await hook(tx, { id, portalId: before.portalId });
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.DELETED);
      });
    },

    // ── product groups and package units ──────────────────────────────────────────────────────────
    catalogue: {
      list: (kind: 'productGroup' | 'packageUnit', query: ListQueryInput) =>
        repository.catalogue.list(db, kind, query),
      async create(actor: Actor, kind: 'productGroup' | 'packageUnit', raw: { name: string }) {
        const { name } = namedEntryInputSchema.parse(raw);
        return db.transaction(async (tx) => {
          if (await repository.catalogue.nameTaken(tx, kind, name))
            throw new AppError('SUBSTANCE_CATALOGUE_NAME_EXISTS', {
              details: [{ path: ['name'], message: substancesMessages.fieldCatalogueNameTaken }],
            });
          const row = await repository.catalogue.insert(tx, kind, name);
          await recordChange(tx, {
            entity: `substance_${kind}`,
            entityId: row.id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
          });
          return row;
        });
      },
      async update(
        actor: Actor,
        kind: 'productGroup' | 'packageUnit',
        id: number,
        raw: { name: string; version: number },
      ) {
        const { name, version } = updateNamedEntrySchema.parse(raw);
        return db.transaction(async (tx) => {
          const before = await repository.catalogue.find(tx, kind, id);
          if (!before) throw new AppError('NOT_FOUND');
          if (await repository.catalogue.nameTaken(tx, kind, name, id))
            throw new AppError('SUBSTANCE_CATALOGUE_NAME_EXISTS', {
              details: [{ path: ['name'], message: substancesMessages.fieldCatalogueNameTaken }],
            });
          const row = await repository.catalogue.updateVersioned(tx, kind, id, version, name);
          if (!row) throw new AppError('CONFLICT');
          await recordChange(tx, {
            entity: `substance_${kind}`,
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { name: { from: before.name, to: name } },
          });
          return row;
        });
      },
      async remove(actor: Actor, kind: 'productGroup' | 'packageUnit', id: number, version: number) {
        await db.transaction(async (tx) => {
          const before = await repository.catalogue.find(tx, kind, id);
          if (!before) throw new AppError('NOT_FOUND');
          if (await repository.catalogue.inUse(tx, kind, id))
            throw new AppError('SUBSTANCE_CATALOGUE_IN_USE');
          if (!(await repository.catalogue.deleteVersioned(tx, kind, id, version)))
            throw new AppError('CONFLICT');
          await recordChange(tx, {
            entity: `substance_${kind}`,
            entityId: id,
            state: LOG_STATE.DELETED,
            actorId: actor.employeeId,
          });
        });
      },
    },
  };

  /** The input in the shape `dataOf` answers (decimals as the database would give them back). */
  async function dataOfInput(input: Input): Promise<Data> {
    const out: Record<string, unknown> = {};
    for (const key of SUBSTANCE_DATA_KEYS) out[key] = input[key];
    const roundTrip = (value: string, format: readonly [number, number]) =>
      value === '' ? '' : formatDecimal(parseDecimal(value, format) ?? null);
    for (const key of TEMPERATURE_COLUMNS) out[key] = roundTrip(input[key], DECIMAL_FORMATS.temperature);
    out.ingredients = input.ingredients.map((i) => ({
      ...i,
      percentMin: roundTrip(i.percentMin, DECIMAL_FORMATS.percent),
      percentMax: roundTrip(i.percentMax, DECIMAL_FORMATS.percent),
    }));
    out.exposureLimits = input.exposureLimits.map((l) => ({ ...l, value: roundTrip(l.value, [9, 3]) }));
    return out as Data;
  }
}

export type SubstancesService = ReturnType<typeof createSubstancesService>;
