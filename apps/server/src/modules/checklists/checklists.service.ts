import {
  type ChecklistPasswordInput,
  type ChecklistProtection,
  matchesViewerStatus,
  type ViewerStatus,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import {
  answerFits,
  CHECKLIST_EXPORT_FORMAT,
  type Checklist,
  type ChecklistBackup,
  type ChecklistCell,
  type ChecklistExport,
  type ChecklistInstance,
  type ChecklistModule,
  type ChecklistRight,
  type ChecklistRow,
  type CreateCellAction,
  type CreateChecklist,
  cellKey,
  checklistExportSchema,
  computeResults,
  isAnswered,
  progressOf,
  type SaveChecklistInstance,
  type UpdateChecklist,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { checklistsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { checklistProtection } from './checklist-protection.ts';
import {
  type ChecklistRecord,
  type ChecklistsRepository,
  type InstanceRecord,
  rightsAllow,
} from './checklists.repository.ts';
import type { ChecklistDefinitionBackup } from './checklists.table.ts';

export const CHECKLIST_ENTITY = 'checklist';
export const CHECKLIST_INSTANCE_ENTITY = 'checklist_instance';
/** The action source type of task cells (source id: the instance) and the documents' link entity. */
export const CHECKLIST_ACTION_SOURCE = 'checklist';
export const CHECKLIST_DOCUMENT_ENTITY = 'checklist_instance';

/** What the checklists module asks of the actions module (decision 061): creating a task cell's action. */
/** What the checklists module asks of the reports module (decision 061): SQL cells through the sandbox. */
export type ChecklistSqlPort = {
  checkQuery(text: string): void;
  firstValue(actor: Actor, text: string): Promise<string | number | null>;
};

export type ChecklistActionsPort = {
  createForSource(
    ex: Executor,
    actorId: number,
    target: { sourceType: string; sourceId: number },
    items: readonly { designation: string; responsibleId: number; dueDate?: string | null }[],
  ): Promise<number[]>;
};

/**
 * How a module lets its records carry checklists (decision 052), like the actions' sources: who may read
 * and who may fill the checklist of a record. 'general' (a checklist filled on its own) is built in.
 */
export type ChecklistLinkRule = {
  canRead: (actor: Actor, recordId: number | null, ex: Executor) => Promise<boolean> | boolean;
  canEdit: (actor: Actor, recordId: number | null, ex: Executor) => Promise<boolean> | boolean;
  /**
   * Checked before answers are saved (decision 059): throws the module's error when the record does not take
   * answers now (an audit not in progress, a checklist still locked by progress).
   */
  beforeSave?: (actor: Actor, recordId: number | null, checklistId: number, ex: Executor) => Promise<void>;
};

/**
 * Code that runs while answers are saved (decision 066, the workflow): `beforeSave` may refuse the save,
 * `afterSave` sees the instance before and the saved answers, in the same transaction.
 */
export type ChecklistInstanceHook = {
  beforeSave?: (
    ex: Executor,
    actor: Actor,
    checklist: ChecklistRecord,
    instance: InstanceRecord,
  ) => Promise<void>;
  afterSave?: (
    ex: Executor,
    actor: Actor,
    checklist: ChecklistRecord,
    before: InstanceRecord,
    after: Pick<InstanceRecord, 'answers' | 'results' | 'status'>,
  ) => Promise<void>;
};

export type ChecklistsService = ReturnType<typeof createChecklistsService>;

type ListQueryOf = Parameters<ChecklistsRepository['list']>[2];

export function createChecklistsService(deps: {
  db: Db;
  repository: ChecklistsRepository;
  actions: ChecklistActionsPort;
  sql: ChecklistSqlPort;
}) {
  const { db, repository } = deps;
  const links = new Map<string, ChecklistLinkRule>();
  /** Other uses that refuse deleting a checklist (a collection holding it, decision 058). */
  const deletionGuards: ((ex: Executor, checklistId: number) => Promise<void>)[] = [];
  const instanceHooks: ChecklistInstanceHook[] = [];
  links.set('general', {
    canRead: (actor) => actorHasAny(actor, P.AUDIT_CHECKLISTS),
    canEdit: (actor) => actorHasAny(actor, P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT),
  });

  /**
   * Whether the filled checklist takes answers now: the linked record's rule (an audit in progress, unlocked by
   * progress; decision 059) and the instance hooks (not approved; decision 066). Saving answers, a task cell's
   * action and a SQL cell's value all pass here (decision 070), so an approved checklist stays as approved.
   */
  async function assertTakesAnswers(
    ex: Executor,
    actor: Actor,
    checklist: ChecklistRecord,
    instance: InstanceRecord,
    withLink = true,
  ) {
    if (withLink) await linkOf(instance.module).beforeSave?.(actor, instance.recordId, checklist.id, ex);
    for (const hook of instanceHooks) await hook.beforeSave?.(ex, actor, checklist, instance);
  }

  async function present(ex: Executor, row: ChecklistRecord): Promise<Checklist> {
    const names = await repository.rightNames(ex, row.portalId, row.rights);
    return {
      rights: row.rights.map((r) => ({ ...r, name: names.get(`${r.kind}:${r.id}`) ?? `#${r.id}` })),
      locked: row.locked,
      clonedFromId: row.clonedFromId,
      cloneCount: await repository.countClones(ex, row.id),
      instanceCount: await repository.countInstances(ex, row.id),
      id: row.id,
      version: row.version,
      label: row.label,
      category: row.category,
      module: row.module as ChecklistModule,
      active: row.active,
      requiredProgress: row.requiredProgress,
      cloneMaximum: row.cloneMaximum,
      rows: row.gridRows,
      columns: row.gridColumns,
      cells: row.cells,
      variables: row.variables,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const definitionOf = (row: ChecklistRecord) => ({
    rows: row.gridRows,
    columns: row.gridColumns,
    cells: row.cells,
    variables: row.variables,
  });
  /** An instance with the names of its picked employees and the state of its task cells' actions. */
  async function presentInstance(ex: Executor, checklist: ChecklistRecord, row: InstanceRecord) {
    const employeeIds = new Set<number>();
    const taskCells = new Map<number, string>();
    for (const c of checklist.cells) {
      const k = cellKey(c.row, c.column);
      const v = row.answers[k];
      if (typeof v !== 'number') continue;
      if (c.element.type === 'employee') employeeIds.add(v);
      if (c.element.type === 'task') taskCells.set(v, k);
    }
    const names = await repository.employeeNames(ex, [...employeeIds]);
    const actionRows =
      taskCells.size > 0 ? await repository.actionsOf(ex, CHECKLIST_ACTION_SOURCE, [row.id]) : [];
    const actions: ChecklistInstance['actions'] = {};
    for (const a of actionRows) {
      const k = taskCells.get(a.id);
      if (k) actions[k] = { id: a.id, designation: a.designation, done: a.done, dueDate: a.dueDate };
    }
    return { ...presentInstanceRow(row), employees: names, actions };
  }
  function presentInstanceRow(row: InstanceRecord): Omit<ChecklistInstance, 'employees' | 'actions'> {
    return {
      id: row.id,
      checklistId: row.checklistId,
      module: row.module as ChecklistModule,
      recordId: row.recordId,
      status: row.status as ChecklistInstance['status'],
      answers: row.answers,
      results: row.results,
      progress: row.progress,
      visible: row.visible,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Builders (AUDIT_CHECKLISTS_EDIT) see every checklist of their portal; the rights restrict the others. */
  const isBuilder = (actor: Actor) => actorHasAny(actor, P.AUDIT_CHECKLISTS_EDIT);

  /**
   * The checklist of the actor's portal that its rights let the actor see (the same 404 for missing, for
   * another portal's and for one the rights hide).
   */
  async function loadVisible(ex: Executor, actor: Actor, id: number, lock = false): Promise<ChecklistRecord> {
    const row = await repository.findById(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLISTS_NOT_FOUND');
    if (
      row.rights.length > 0 &&
      !isBuilder(actor) &&
      !(await repository.rightsAllow(ex, id, await repository.rightsSubject(ex, actor.employeeId), false))
    )
      throw new AppError('CHECKLISTS_NOT_FOUND');
    return row;
  }

  /** Whether the checklist's rights let the actor fill it (builders always). */
  async function rightsLetFill(ex: Executor, actor: Actor, row: ChecklistRecord): Promise<boolean> {
    if (row.rights.length === 0 || isBuilder(actor)) return true;
    return repository.rightsAllow(ex, row.id, await repository.rightsSubject(ex, actor.employeeId), true);
  }

  function linkOf(module: string): ChecklistLinkRule {
    const rule = links.get(module);
    if (!rule) throw new AppError('CHECKLIST_LINK_UNKNOWN');
    return rule;
  }

  async function loadInstance(
    ex: Executor,
    actor: Actor,
    checklistId: number,
    instanceId: number,
    lock = false,
  ) {
    const checklist = await loadVisible(ex, actor, checklistId);
    const instance = await repository.findInstance(ex, instanceId, lock);
    if (!instance || instance.checklistId !== checklist.id) throw new AppError('CHECKLISTS_NOT_FOUND');
    if (!(await linkOf(instance.module).canRead(actor, instance.recordId, ex)))
      throw new AppError('CHECKLISTS_NOT_FOUND');
    await checklistProtection.requireUnlocked(ex, actor, checklist.id);
    return { checklist, instance };
  }

  /**
   * Every newly picked employee must be one the filler may pick (the employee picker's visibility); an
   * answer kept unchanged from the stored instance is not checked again.
   */
  async function assertPickable(
    ex: Executor,
    actor: Actor,
    cells: ChecklistRecord['cells'],
    answers: SaveChecklistInstance['answers'],
    stored: InstanceRecord['answers'],
  ) {
    const picked = new Map<number, string[]>();
    for (const c of cells) {
      if (c.element.type !== 'employee') continue;
      const k = cellKey(c.row, c.column);
      const v = answers[k];
      if (typeof v !== 'number' || stored[k] === v) continue;
      picked.set(v, [...(picked.get(v) ?? []), k]);
    }
    if (picked.size === 0) return;
    const ok = new Set(await repository.pickableEmployees(ex, actor, [...picked.keys()]));
    const bad = [...picked].filter(([idOf]) => !ok.has(idOf)).flatMap(([, keys]) => keys);
    if (bad.length > 0) throw new AppError('CHECKLIST_EMPLOYEE_NOT_VISIBLE', { details: { cells: bad } });
  }

  /** May the actor fill this instance (its link's edit rule and the checklist's rights)? */
  async function assertCanFill(
    ex: Executor,
    actor: Actor,
    checklist: ChecklistRecord,
    instance: InstanceRecord,
  ) {
    if (!(await linkOf(instance.module).canEdit(actor, instance.recordId, ex)))
      throw new AppError('NO_PERMISSION');
    if (!(await rightsLetFill(ex, actor, checklist))) throw new AppError('NO_PERMISSION');
  }

  /** The label of a clone: the original's with the catalogue's prefix, cut to the field's 200 characters. */
  const copyLabel = (label: string) => `${checklistsMessages.copyPrefix} ${label}`.slice(0, 200);
  /**
   * Whether two JSON values are equal regardless of key order (jsonb stores keys in its own order) and of an
   * element's `locked: false` versus no `locked`.
   */
  const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  function canonical(v: unknown): string {
    if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
    if (v !== null && typeof v === 'object')
      return `{${Object.entries(v)
        .filter(([k, x]) => x !== undefined && !(k === 'locked' && x === false))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
        .join(',')}}`;
    return JSON.stringify(v);
  }
  const cellLocked = (c: { element: { locked?: boolean | undefined } }) => c.element.locked === true;

  /** The definition of a checklist as a backup keeps it. */
  const backupOf = (row: ChecklistRecord): ChecklistDefinitionBackup => ({
    label: row.label,
    category: row.category,
    module: row.module,
    active: row.active,
    requiredProgress: row.requiredProgress,
    cloneMaximum: row.cloneMaximum,
    rows: row.gridRows,
    columns: row.gridColumns,
    cells: row.cells,
    variables: row.variables,
    rights: row.rights,
    locked: row.locked,
  });

  /**
   * Saves a checklist's definition (the builder's save, a restored backup) after the rules: variables need
   * AUDIT_CHECKLISTS_VARIABLES, rights AUDIT_CHECKLISTS_RIGHTS, locks AUDIT_CHECKLISTS_LOCK; a blocked
   * checklist and locked elements stay as they are for everyone else; a cell holding answers, an action or
   * (document management) files is not removed. The state before is kept as a backup.
   */
  async function saveDefinition(tx: Executor, actor: Actor, row: ChecklistRecord, input: UpdateChecklist) {
    const id = row.id;
    const mayLock = actorHasAny(actor, P.AUDIT_CHECKLISTS_LOCK);
    if (row.locked && !mayLock) throw new AppError('CHECKLIST_LOCKED');
    if (!sameJson(row.variables, input.variables) && !actorHasAny(actor, P.AUDIT_CHECKLISTS_VARIABLES))
      throw new AppError('NO_PERMISSION');
    if (!sameJson(row.rights, input.rights) && !actorHasAny(actor, P.AUDIT_CHECKLISTS_RIGHTS))
      throw new AppError('NO_PERMISSION');
    const before = new Map(row.cells.map((c) => [cellKey(c.row, c.column), c]));
    const after = new Map(input.cells.map((c) => [cellKey(c.row, c.column), c]));
    if (!mayLock) {
      if (row.locked !== input.locked) throw new AppError('NO_PERMISSION');
      for (const [k, c] of after)
        if (cellLocked(c) !== (before.get(k) ? cellLocked(before.get(k) as ChecklistCell) : false))
          throw new AppError('NO_PERMISSION');
      const touched = row.cells
        .filter((c) => cellLocked(c) && !sameJson(c, after.get(cellKey(c.row, c.column))))
        .map((c) => cellKey(c.row, c.column));
      if (touched.length > 0) throw new AppError('CHECKLIST_ELEMENT_LOCKED', { details: { cells: touched } });
    }
    await assertRightsKnown(tx, actor, input.rights, row.rights);
    assertSqlCells(actor, row.cells, input.cells);
    const gone = row.cells
      .filter((c) => after.get(cellKey(c.row, c.column))?.element.type !== c.element.type)
      .map((c) => cellKey(c.row, c.column));
    const used = await repository.answeredCells(tx, id, gone);
    // Document management cells hold no answer: the files hang on the filled instances.
    const goneDocuments = row.cells
      .filter((c) => c.element.type === 'documents' && gone.includes(cellKey(c.row, c.column)))
      .map((c) => cellKey(c.row, c.column));
    if (
      goneDocuments.length > 0 &&
      (await repository.documentCount(tx, CHECKLIST_DOCUMENT_ENTITY, await repository.instanceIds(tx, id))) >
        0
    )
      used.push(...goneDocuments);
    if (used.length > 0) throw new AppError('CHECKLIST_CELL_IN_USE', { details: { cells: used } });
    await repository.insertBackup(tx, {
      checklistId: id,
      version: row.version,
      definition: backupOf(row),
      createdBy: actor.employeeId,
    });
    const saved = await repository.update(tx, id, row.version, {
      label: input.label,
      category: input.category,
      module: input.module,
      active: input.active,
      requiredProgress: input.requiredProgress,
      cloneMaximum: input.cloneMaximum,
      gridRows: input.rows,
      gridColumns: input.columns,
      cells: input.cells,
      variables: input.variables,
      rights: input.rights,
      locked: input.locked,
    });
    if (!saved) throw new AppError('CONFLICT');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const f of [
      'label',
      'category',
      'module',
      'active',
      'requiredProgress',
      'cloneMaximum',
      'locked',
    ] as const)
      if (row[f] !== input[f]) changes[f] = { from: row[f], to: input[f] };
    if (!sameJson(row.cells, input.cells)) changes.cells = { from: row.cells.length, to: input.cells.length };
    if (!sameJson(row.variables, input.variables))
      changes.variables = { from: row.variables.length, to: input.variables.length };
    if (!sameJson(row.rights, input.rights))
      changes.rights = { from: row.rights.length, to: input.rights.length };
    await repository.logChange(tx, {
      entity: CHECKLIST_ENTITY,
      entityId: id,
      state: LOG_STATE.CHANGED,
      actorId: actor.employeeId,
      changes,
    });
  }

  /**
   * SQL cells: a query is required (CHECKLISTS_NO_SQL_QUERY) and must pass the report sandbox's guard
   * (CHECKLISTS_BAD_SQL_QUERY with the guard's reason); writing or changing one needs REPORTS_SQL.
   */
  function assertSqlCells(actor: Actor, before: ChecklistCell[], after: ChecklistCell[]) {
    const old = new Map(
      before.map((c) => [cellKey(c.row, c.column), c.element.type === 'sql' ? c.element.query : null]),
    );
    for (const c of after) {
      if (c.element.type !== 'sql') continue;
      const k = cellKey(c.row, c.column);
      const query = c.element.query.trim();
      if (query === '') throw new AppError('CHECKLISTS_NO_SQL_QUERY', { details: { cells: [k] } });
      if (old.get(k) === c.element.query) continue;
      if (!actorHasAny(actor, P.REPORTS_SQL)) throw new AppError('NO_PERMISSION');
      try {
        deps.sql.checkQuery(query);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError('CHECKLISTS_BAD_SQL_QUERY', { details: { cells: [k], reason: error.message } });
      }
    }
  }

  /** New entries of the rights must name employees the actor may pick, and roles and locations of the portal. */
  async function assertRightsKnown(
    ex: Executor,
    actor: Actor,
    rights: readonly ChecklistRight[],
    stored: readonly ChecklistRight[],
  ) {
    const old = new Set(stored.map((r) => `${r.kind}:${r.id}`));
    const added = rights.filter((r) => !old.has(`${r.kind}:${r.id}`));
    if (added.length === 0) return;
    const names = await repository.rightNames(
      ex,
      actor.portalId,
      added.filter((r) => r.kind !== 'employee'),
    );
    const pickable = new Set(
      await repository.pickableEmployees(
        ex,
        actor,
        added.filter((r) => r.kind === 'employee').map((r) => r.id),
      ),
    );
    const unknown = added.filter((r) =>
      r.kind === 'employee' ? !pickable.has(r.id) : !names.has(`${r.kind}:${r.id}`),
    );
    if (unknown.length > 0)
      throw new AppError('CHECKLIST_RIGHT_UNKNOWN', {
        details: { rights: unknown.map((r) => `${r.kind}:${r.id}`) },
      });
  }

  const service = {
    deletionGuards,

    /** Lets a module link checklists to its records (called once while wiring, in app.ts). */
    registerLink(module: ChecklistModule, rule: ChecklistLinkRule): void {
      if (links.has(module)) throw new Error(`checklist link ${module} registered twice`);
      links.set(module, rule);
    },

    async list(
      actor: Actor,
      query: ListQueryOf & { status: 'active' | 'inactive' | 'all' },
    ): Promise<ListResult<ChecklistRow>> {
      const active = query.status === 'all' ? null : query.status === 'active';
      const visible = isBuilder(actor)
        ? undefined
        : rightsAllow(await repository.rightsSubject(db, actor.employeeId), false);
      return repository.list(db, actor.portalId, query, active, visible);
    },

    async get(actor: Actor, id: number): Promise<Checklist> {
      return present(db, await loadVisible(db, actor, id));
    },

    async create(actor: Actor, input: CreateChecklist): Promise<Checklist> {
      const id = await db.transaction(async (tx) => {
        const newId = await repository.insert(tx, {
          portalId: actor.portalId,
          label: input.label,
          category: input.category,
          module: input.module,
          gridRows: [{ key: 1, label: '' }],
          gridColumns: [{ key: 1, label: '' }],
        });
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { label: { from: null, to: input.label } },
        });
        return newId;
      });
      return this.get(actor, id);
    },

    /**
     * Saves the record and its grid. Removing (or changing the type of) a cell that holds an answer in any
     * filled instance is refused, so is changing variables without AUDIT_CHECKLISTS_VARIABLES.
     */
    async update(actor: Actor, id: number, input: UpdateChecklist): Promise<Checklist> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (row.version !== input.version) throw new AppError('CONFLICT');
        await saveDefinition(tx, actor, row, input);
      });
      return this.get(actor, id);
    },

    /** Deletes a checklist nobody has filled yet (otherwise: deactivate it). */
    async delete(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (row.version !== version) throw new AppError('CONFLICT');
        if ((await repository.countInstances(tx, id)) > 0) throw new AppError('CHECKLIST_IN_USE');
        for (const guard of deletionGuards) await guard(tx, id);
        if ((await repository.countClones(tx, id)) > 0) throw new AppError('CHECKLIST_HAS_CLONES');
        if (!(await repository.delete(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /**
     * Clones a checklist (its definition; no instances, no backups) up to its clone maximum (0: cloning
     * not allowed). The clone remembers its original, which then cannot be deleted while clones exist.
     */
    async clone(actor: Actor, id: number): Promise<Checklist> {
      const cloneId = await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if ((await repository.countClones(tx, id)) >= row.cloneMaximum)
          throw new AppError('CHECKLIST_CLONE_MAXIMUM');
        const newId = await repository.insert(tx, {
          portalId: row.portalId,
          label: copyLabel(row.label),
          category: row.category,
          module: row.module,
          active: row.active,
          requiredProgress: row.requiredProgress,
          cloneMaximum: row.cloneMaximum,
          gridRows: row.gridRows,
          gridColumns: row.gridColumns,
          cells: row.cells,
          variables: row.variables,
          rights: row.rights,
          locked: false,
          clonedFromId: id,
        });
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { clonedFromId: { from: null, to: id } },
        });
        return newId;
      });
      return this.get(actor, cloneId);
    },

    /** The backups of a checklist, newest first. */
    async backups(actor: Actor, id: number): Promise<ChecklistBackup[]> {
      await loadVisible(db, actor, id);
      return (await repository.listBackups(db, id)).map((b) => ({
        id: b.id,
        version: b.version,
        label: b.label,
        cellCount: b.cellCount,
        createdAt: b.createdAt.toISOString(),
        createdBy: b.lastName === null ? null : `${b.lastName}, ${b.firstName}`,
      }));
    },

    /**
     * Restores a backup: its definition is saved like a builder's save (same rules: a cell holding answers
     * is not removed, locks and rights need their rights); the state before becomes a backup itself.
     */
    async restoreBackup(actor: Actor, id: number, backupId: number, version: number): Promise<Checklist> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (row.version !== version) throw new AppError('CONFLICT');
        const backup = await repository.findBackup(tx, id, backupId);
        if (!backup) throw new AppError('CHECKLIST_BACKUP_NOT_FOUND');
        const d = backup.definition;
        await saveDefinition(tx, actor, row, {
          version,
          label: d.label,
          category: d.category,
          module: d.module as ChecklistModule,
          active: d.active,
          requiredProgress: d.requiredProgress,
          cloneMaximum: d.cloneMaximum,
          rows: d.rows,
          columns: d.columns,
          cells: d.cells,
          variables: d.variables,
          rights: d.rights,
          locked: d.locked,
        });
      });
      return this.get(actor, id);
    },

    /** The portable definition of a checklist (export as a JSON file). */
    async exportChecklist(actor: Actor, id: number): Promise<ChecklistExport> {
      const row = await loadVisible(db, actor, id);
      return {
        format: CHECKLIST_EXPORT_FORMAT,
        formatVersion: 1,
        checklist: {
          label: row.label,
          category: row.category,
          module: row.module as ChecklistModule,
          requiredProgress: row.requiredProgress,
          cloneMaximum: row.cloneMaximum,
          rows: row.gridRows,
          columns: row.gridColumns,
          cells: row.cells,
          variables: row.variables,
        },
      };
    },

    /**
     * Imports an exported checklist as a new one: the file must be JSON in the export format and pass every
     * rule of the builder (German messages by path in the details); variables need AUDIT_CHECKLISTS_VARIABLES.
     */
    async importChecklist(actor: Actor, content: string): Promise<Checklist> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch {
        throw new AppError('CHECKLIST_IMPORT_INVALID', {
          details: [{ path: [], message: checklistsMessages.importNotJson }],
        });
      }
      const checked = checklistExportSchema.safeParse(parsed);
      if (!checked.success)
        throw new AppError('CHECKLIST_IMPORT_INVALID', {
          details: checked.error.issues.slice(0, 20).map((i) => ({ path: i.path, message: i.message })),
        });
      const c = checked.data.checklist;
      if (c.variables.length > 0 && !actorHasAny(actor, P.AUDIT_CHECKLISTS_VARIABLES))
        throw new AppError('NO_PERMISSION');
      const id = await db.transaction(async (tx) => {
        const newId = await repository.insert(tx, {
          portalId: actor.portalId,
          label: c.label,
          category: c.category,
          module: c.module,
          requiredProgress: c.requiredProgress,
          cloneMaximum: c.cloneMaximum,
          gridRows: c.rows,
          gridColumns: c.columns,
          cells: c.cells.map((cell) => ({ ...cell, element: { ...cell.element, locked: false } })),
          variables: c.variables,
        });
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { label: { from: null, to: c.label } },
        });
        return newId;
      });
      return this.get(actor, id);
    },

    /** The roles of the actor's portal (choices for the rights). */
    async rightOptions(actor: Actor) {
      return { roles: await repository.portalRoles(db, actor.portalId) };
    },

    /** The instances of a checklist the actor may read, optionally of one viewer status (decision 059). */
    async instances(actor: Actor, id: number, viewerStatus?: ViewerStatus): Promise<ChecklistInstance[]> {
      const checklist = await loadVisible(db, actor, id);
      const rows = await repository.listInstances(db, id);
      const visible: ChecklistInstance[] = [];
      for (const r of rows) {
        if (!(await linkOf(r.module).canRead(actor, r.recordId, db))) continue;
        const item = await presentInstance(db, checklist, r);
        if (viewerStatus && !matchesViewerStatus(item, viewerStatus)) continue;
        visible.push(item);
      }
      return visible;
    },

    /** Whether the checklist is password-protected and whether the actor has unlocked it (decision 059). */
    async protection(actor: Actor, id: number): Promise<ChecklistProtection> {
      await loadVisible(db, actor, id);
      return {
        passwordProtected: await checklistProtection.isProtected(db, id),
        unlocked: await checklistProtection.isUnlocked(db, actor, id),
      };
    },

    /** Sets or removes the checklist's password (hashed; earlier unlocks end). */
    async setPassword(actor: Actor, id: number, input: ChecklistPasswordInput): Promise<ChecklistProtection> {
      await db.transaction(async (tx) => {
        await loadVisible(tx, actor, id, true);
        await checklistProtection.setPassword(tx, id, input.password);
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { passwordProtected: { from: null, to: input.password !== null } },
        });
      });
      return this.protection(actor, id);
    },

    /** Unlocks a protected checklist for the actor; the password is checked on the server. */
    async unlock(actor: Actor, id: number, password: string): Promise<ChecklistProtection> {
      await db.transaction(async (tx) => {
        await loadVisible(tx, actor, id);
        await checklistProtection.unlock(tx, actor, id, password);
      });
      return this.protection(actor, id);
    },

    /** Shares a filled checklist with the linked record's people or takes it back (viewer status). */
    async setVisibility(
      actor: Actor,
      id: number,
      instanceId: number,
      input: { version: number; visible: boolean },
    ): Promise<ChecklistInstance> {
      await db.transaction(async (tx) => {
        const { instance } = await loadInstance(tx, actor, id, instanceId, true);
        if (!(await linkOf(instance.module).canEdit(actor, instance.recordId, tx)))
          throw new AppError('NO_PERMISSION');
        if (instance.version !== input.version) throw new AppError('CONFLICT');
        if (!(await repository.setInstanceVisible(tx, instanceId, input.version, input.visible)))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: CHECKLIST_INSTANCE_ENTITY,
          entityId: instanceId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { visible: { from: instance.visible, to: input.visible } },
        });
      });
      return this.getInstance(actor, id, instanceId);
    },

    /** Starts filling a checklist on its own ('general'). */
    async createInstance(actor: Actor, id: number): Promise<ChecklistInstance> {
      const instanceId = await db.transaction(async (tx) => {
        const checklist = await loadVisible(tx, actor, id);
        if (!checklist.active) throw new AppError('CHECKLIST_INACTIVE');
        if (!(await linkOf('general').canEdit(actor, null, tx))) throw new AppError('NO_PERMISSION');
        if (!(await rightsLetFill(tx, actor, checklist))) throw new AppError('NO_PERMISSION');
        return repository.insertInstance(tx, {
          checklistId: id,
          module: 'general',
          recordId: null,
          updatedBy: actor.employeeId,
        });
      });
      return this.getInstance(actor, id, instanceId);
    },

    async getInstance(actor: Actor, id: number, instanceId: number): Promise<ChecklistInstance> {
      const { checklist, instance } = await loadInstance(db, actor, id, instanceId);
      return presentInstance(db, checklist, instance);
    },

    /**
     * Saves answers. Each answer must fit its cell; the server recomputes every total with the shared
     * evaluator and refuses results that differ from the sent ones (a forged or stale result). 'done'
     * needs every mandatory cell answered and the required progress reached.
     */
    async saveInstance(
      actor: Actor,
      id: number,
      instanceId: number,
      input: SaveChecklistInstance,
    ): Promise<ChecklistInstance> {
      await db.transaction(async (tx) => {
        const { checklist, instance } = await loadInstance(tx, actor, id, instanceId, true);
        await assertCanFill(tx, actor, checklist, instance);
        await linkOf(instance.module).beforeSave?.(actor, instance.recordId, checklist.id, tx);
        if (instance.version !== input.version)
          throw new AppError(input.offline ? 'OFFLINE_CONFLICT' : 'CONFLICT');
        await assertTakesAnswers(tx, actor, checklist, instance, false);
        const def = definitionOf(checklist);
        const byKey = new Map(def.cells.map((c) => [cellKey(c.row, c.column), c.element]));
        const bad: string[] = [];
        for (const [k, value] of Object.entries(input.answers)) {
          const el = byKey.get(k);
          if (!el || !answerFits(el, value)) bad.push(k);
        }
        // A task cell holds the id of the action the server created for it: the filler cannot set or move it.
        for (const c of def.cells)
          if (c.element.type === 'task' || c.element.type === 'sql') {
            const k = cellKey(c.row, c.column);
            if ((input.answers[k] ?? null) !== (instance.answers[k] ?? null)) bad.push(k);
          }
        if (bad.length > 0) throw new AppError('CHECKLIST_ANSWER_INVALID', { details: { cells: bad } });
        await assertPickable(tx, actor, def.cells, input.answers, instance.answers);
        // A photo cell names a document attached to this filled checklist.
        const photos = new Map<number, string[]>();
        for (const c of def.cells) {
          const k = cellKey(c.row, c.column);
          const v = input.answers[k];
          if (c.element.type === 'image' && typeof v === 'number' && instance.answers[k] !== v)
            photos.set(v, [...(photos.get(v) ?? []), k]);
        }
        if (photos.size > 0) {
          const linked = new Set(
            await repository.linkedDocuments(tx, CHECKLIST_DOCUMENT_ENTITY, instanceId, [...photos.keys()]),
          );
          const foreign = [...photos].filter(([doc]) => !linked.has(doc)).flatMap(([, keys]) => keys);
          if (foreign.length > 0)
            throw new AppError('CHECKLIST_ANSWER_INVALID', { details: { cells: foreign } });
        }
        const results = computeResults(def, input.answers);
        const keys = new Set([...Object.keys(results), ...Object.keys(input.results)]);
        const forged = [...keys].filter((k) => results[k] !== input.results[k]);
        if (forged.length > 0)
          throw new AppError('CHECKLIST_RESULT_MISMATCH', { details: { cells: forged } });
        const progress = progressOf(def, input.answers);
        if (input.status === 'done') {
          const missing = def.cells.some(
            (c) => c.element.required && !isAnswered(c.element, input.answers[cellKey(c.row, c.column)]),
          );
          if (missing || progress < checklist.requiredProgress)
            throw new AppError('CHECKLIST_MANDATORY_UNDONE');
        }
        const saved = await repository.updateInstance(tx, instanceId, input.version, {
          answers: input.answers,
          results,
          progress,
          status: input.status,
          updatedBy: actor.employeeId,
        });
        if (!saved) throw new AppError(input.offline ? 'OFFLINE_CONFLICT' : 'CONFLICT');
        await repository.logChange(tx, {
          entity: CHECKLIST_INSTANCE_ENTITY,
          entityId: instanceId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            progress: { from: instance.progress, to: progress },
            status: { from: instance.status, to: input.status },
          },
        });
        for (const hook of instanceHooks)
          await hook.afterSave?.(tx, actor, checklist, instance, {
            answers: input.answers,
            results,
            status: input.status,
          });
      });
      return this.getInstance(actor, id, instanceId);
    },

    /** Adds code that runs while answers are saved (the workflow, decision 066). */
    addInstanceHook(hook: ChecklistInstanceHook): void {
      instanceHooks.push(hook);
    },

    /**
     * Creates the action of a task cell (task tracking) in the actions module, as the instance's action
     * source; the action's id becomes the cell's answer (the instance's version rises). One action per cell.
     */
    async createCellAction(
      actor: Actor,
      id: number,
      instanceId: number,
      input: CreateCellAction,
    ): Promise<ChecklistInstance> {
      await db.transaction(async (tx) => {
        const { checklist, instance } = await loadInstance(tx, actor, id, instanceId, true);
        await assertCanFill(tx, actor, checklist, instance);
        await assertTakesAnswers(tx, actor, checklist, instance);
        if (instance.version !== input.version) throw new AppError('CONFLICT');
        const cell = checklist.cells.find((c) => cellKey(c.row, c.column) === input.cell);
        if (cell?.element.type !== 'task') throw new AppError('CELLS_NOT_FOUND');
        if ((instance.answers[input.cell] ?? null) !== null) throw new AppError('CHECKLIST_TASK_EXISTS');
        const [actionId] = await deps.actions.createForSource(
          tx,
          actor.employeeId,
          { sourceType: CHECKLIST_ACTION_SOURCE, sourceId: instanceId },
          [{ designation: input.designation, responsibleId: input.responsibleId, dueDate: input.dueDate }],
        );
        if (actionId === undefined) throw new AppError('CHECKLIST_TASK_EXISTS');
        const answers = { ...instance.answers, [input.cell]: actionId };
        const saved = await repository.updateInstance(tx, instanceId, input.version, {
          answers,
          results: instance.results,
          progress: progressOf(definitionOf(checklist), answers),
          status: instance.status,
          updatedBy: actor.employeeId,
        });
        if (!saved) throw new AppError('CONFLICT');
      });
      return this.getInstance(actor, id, instanceId);
    },

    /**
     * Fills a SQL cell: runs its query through the report sandbox with the filler's data rights and stores the
     * first value as the cell's answer (the instance's version rises; totals are recomputed).
     */
    async refreshSqlCell(
      actor: Actor,
      id: number,
      instanceId: number,
      input: { version: number; cell: string },
    ): Promise<ChecklistInstance> {
      // The query runs outside the transaction: the report runner uses its own connection and role.
      const first = await loadInstance(db, actor, id, instanceId);
      await assertCanFill(db, actor, first.checklist, first.instance);
      await assertTakesAnswers(db, actor, first.checklist, first.instance);
      if (first.instance.version !== input.version) throw new AppError('CONFLICT');
      const cell = first.checklist.cells.find((c) => cellKey(c.row, c.column) === input.cell);
      if (cell?.element.type !== 'sql') throw new AppError('CELLS_NOT_FOUND');
      const query = cell.element.query;
      if (query.trim() === '') throw new AppError('CHECKLISTS_NO_SQL_QUERY');
      let value: string | number | null;
      try {
        value = await deps.sql.firstValue(actor, query);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError('CHECKLISTS_BAD_SQL_QUERY', {
          details: { cells: [input.cell], reason: error.message },
        });
      }
      await db.transaction(async (tx) => {
        const { checklist, instance } = await loadInstance(tx, actor, id, instanceId, true);
        if (instance.version !== input.version) throw new AppError('CONFLICT');
        await assertTakesAnswers(tx, actor, checklist, instance);
        const answers = { ...instance.answers, [input.cell]: value };
        const def = definitionOf(checklist);
        const saved = await repository.updateInstance(tx, instanceId, input.version, {
          answers,
          results: computeResults(def, answers),
          progress: progressOf(def, answers),
          status: instance.status,
          updatedBy: actor.employeeId,
        });
        if (!saved) throw new AppError('CONFLICT');
      });
      return this.getInstance(actor, id, instanceId);
    },

    /**
     * The instance as an action source and a documents' link target (task and document cells, photos; wired
     * in app.ts): readable by whoever may read the instance (and unlocked it), changed by whoever may fill it.
     */
    async instanceAccess(ex: Executor, actor: Actor, instanceId: number) {
      const instance = await repository.findInstance(ex, instanceId);
      if (!instance) return null;
      let checklist: ChecklistRecord;
      try {
        checklist = await loadVisible(ex, actor, instance.checklistId);
        // A password-protected checklist's files too stay closed until the actor unlocked it (decision 059).
        await checklistProtection.requireUnlocked(ex, actor, checklist.id);
      } catch {
        return null;
      }
      const rule = linkOf(instance.module);
      if (!(await rule.canRead(actor, instance.recordId, ex))) return null;
      const canEdit =
        (await rule.canEdit(actor, instance.recordId, ex)) && (await rightsLetFill(ex, actor, checklist));
      return { checklist, instance, canEdit };
    },

    /**
     * Whether the instance still takes changes — answers, task cells, SQL values, and (through the documents'
     * attach API) photos and files: the record's rules and the instance hooks (an approved checklist is final;
     * decisions 066, 070). Throws the hook's code.
     */
    async assertInstanceTakesChanges(ex: Executor, actor: Actor, instanceId: number): Promise<void> {
      const access = await this.instanceAccess(ex, actor, instanceId);
      if (!access) throw new AppError('NOT_FOUND');
      await assertTakesAnswers(ex, actor, access.checklist, access.instance);
    },

    /** Label, link and portal of instances (for the actions' source description). */
    async describeInstances(ex: Executor, ids: readonly number[]) {
      const out = new Map<number, { label: string; checklistId: number; portalId: number }>();
      for (const instanceId of ids) {
        const instance = await repository.findInstance(ex, instanceId);
        if (!instance) continue;
        const checklist = await repository.findById(ex, instance.checklistId);
        if (checklist)
          out.set(instanceId, {
            label: checklist.label,
            checklistId: checklist.id,
            portalId: checklist.portalId,
          });
      }
      return out;
    },

    /**
     * Links a checklist to a module's record (the instance is created once; later calls return it). For
     * other modules, inside their transaction; the caller checked its own record's rights.
     */
    async linkChecklist(
      ex: Executor,
      checklistId: number,
      module: ChecklistModule,
      recordId: number,
    ): Promise<{ instanceId: number; status: string; progress: number }> {
      linkOf(module);
      const checklist = await repository.findById(ex, checklistId);
      if (!checklist) throw new AppError('CHECKLISTS_NOT_FOUND');
      await repository.insertInstance(ex, { checklistId, module, recordId, updatedBy: null });
      const row = await repository.findInstanceOfRecord(ex, checklistId, module, recordId);
      if (!row) throw new AppError('CHECKLISTS_NOT_FOUND');
      return { instanceId: row.id, status: row.status, progress: row.progress };
    },

    /**
     * Removes a module's record's filled instance of the checklist (the record must fill it again, or is
     * gone — then the checklist can be deleted once no other record filled it). Inside the caller's
     * transaction; logged. Answers whether there was an instance.
     */
    async unlinkChecklist(
      ex: Executor,
      checklistId: number,
      module: ChecklistModule,
      recordId: number,
    ): Promise<boolean> {
      linkOf(module);
      const row = await repository.findInstanceOfRecord(ex, checklistId, module, recordId);
      if (!row) return false;
      await repository.deleteInstance(ex, row.id);
      await repository.logChange(ex, {
        entity: CHECKLIST_INSTANCE_ENTITY,
        entityId: row.id,
        state: LOG_STATE.DELETED,
        actorId: null,
        changes: { progress: { from: row.progress, to: null }, status: { from: row.status, to: null } },
      });
      return true;
    },

    /**
     * The checklists of a portal a module may link (its `module`), active or not, by label: the choice a
     * module offers and the labels it shows (link port, added for accident reports, decision 056).
     */
    async choicesFor(
      ex: Executor,
      portalId: number,
      module: ChecklistModule,
    ): Promise<{ id: number; label: string; active: boolean }[]> {
      return repository.ofModule(ex, portalId, module);
    },

    /**
     * Removes a record's checklist while nothing is answered in it (answers are evidence); false when it
     * holds answers (the caller refuses with its own code), true when it is gone or was never there. Inside
     * the caller's transaction (decision 059; the unconditional removal is `unlinkChecklist`).
     */
    async unlinkUnanswered(
      ex: Executor,
      checklistId: number,
      module: ChecklistModule,
      recordId: number,
    ): Promise<boolean> {
      const row = await repository.findInstanceOfRecord(ex, checklistId, module, recordId);
      if (!row) return true;
      const def = { cells: (await repository.findById(ex, checklistId))?.cells ?? [] };
      const answered = def.cells.some((c) => isAnswered(c.element, row.answers[cellKey(c.row, c.column)]));
      if (answered) return false;
      await service.unlinkChecklist(ex, checklistId, module, recordId);
      return true;
    },

    /** Whether a checklist is password-protected (for modules that show their records' checklists). */
    passwordProtected(ex: Executor, checklistId: number): Promise<boolean> {
      return checklistProtection.isProtected(ex, checklistId);
    },

    /** The state of a record's checklist: its label, status and progress (null: not linked). */
    async stateOf(
      ex: Executor,
      checklistId: number,
      module: ChecklistModule,
      recordId: number,
    ): Promise<{ instanceId: number; status: string; progress: number; label: string } | null> {
      const row = await repository.findInstanceOfRecord(ex, checklistId, module, recordId);
      if (!row) return null;
      const checklist = await repository.findById(ex, checklistId);
      return {
        instanceId: row.id,
        status: row.status,
        progress: row.progress,
        label: checklist?.label ?? '',
      };
    },

    /**
     * The active checklists of the actor's portal meant for `module` — the picker a linking module offers
     * (decision 054); the linking module's route decides who may pick.
     */
    picker(actor: Actor, query: ListQueryOf, module: ChecklistModule): Promise<ListResult<ChecklistRow>> {
      return repository.list(db, actor.portalId, query, true, undefined, module);
    },

    /** Whether a module's record may get this checklist: the actor's portal, active, meant for the module. */
    async linkable(ex: Executor, actor: Actor, checklistId: number, module: ChecklistModule) {
      const row = await repository.findById(ex, checklistId);
      return row !== undefined && row.portalId === actor.portalId && row.active && row.module === module;
    },
  };
  return service;
}
