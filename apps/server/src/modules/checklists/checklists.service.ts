import {
  type ChecklistPasswordInput,
  type ChecklistProtection,
  matchesViewerStatus,
  type ViewerStatus,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import {
  answerFits,
  type Checklist,
  type ChecklistInstance,
  type ChecklistModule,
  type ChecklistRow,
  type CreateChecklist,
  cellKey,
  computeResults,
  isAnswered,
  progressOf,
  type SaveChecklistInstance,
  type UpdateChecklist,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { checklistProtection } from './checklist-protection.ts';
import type { ChecklistRecord, ChecklistsRepository, InstanceRecord } from './checklists.repository.ts';

export const CHECKLIST_ENTITY = 'checklist';
export const CHECKLIST_INSTANCE_ENTITY = 'checklist_instance';

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

export type ChecklistsService = ReturnType<typeof createChecklistsService>;

type ListQueryOf = Parameters<ChecklistsRepository['list']>[2];

export function createChecklistsService(deps: { db: Db; repository: ChecklistsRepository }) {
  const { db, repository } = deps;
  const links = new Map<string, ChecklistLinkRule>();
  /** Other uses that refuse deleting a checklist (a collection holding it, decision 058). */
  const deletionGuards: ((ex: Executor, checklistId: number) => Promise<void>)[] = [];
  links.set('general', {
    canRead: (actor) => actorHasAny(actor, P.AUDIT_CHECKLISTS),
    canEdit: (actor) => actorHasAny(actor, P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT),
  });

  function present(row: ChecklistRecord, instanceCount: number): Checklist {
    return {
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
      instanceCount,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const definitionOf = (row: ChecklistRecord) => ({
    rows: row.gridRows,
    columns: row.gridColumns,
    cells: row.cells,
    variables: row.variables,
  });
  function presentInstance(row: InstanceRecord): ChecklistInstance {
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

  /** The checklist of the actor's portal (the same 404 for missing and for another portal's). */
  async function loadVisible(ex: Executor, actor: Actor, id: number, lock = false): Promise<ChecklistRecord> {
    const row = await repository.findById(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLISTS_NOT_FOUND');
    return row;
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
      return repository.list(db, actor.portalId, query, active);
    },

    async get(actor: Actor, id: number): Promise<Checklist> {
      const row = await loadVisible(db, actor, id);
      return present(row, await repository.countInstances(db, id));
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
        if (
          JSON.stringify(row.variables) !== JSON.stringify(input.variables) &&
          !actorHasAny(actor, P.AUDIT_CHECKLISTS_VARIABLES)
        )
          throw new AppError('NO_PERMISSION');
        const next = new Map(input.cells.map((c) => [cellKey(c.row, c.column), c.element.type]));
        const gone = row.cells
          .filter((c) => next.get(cellKey(c.row, c.column)) !== c.element.type)
          .map((c) => cellKey(c.row, c.column));
        const used = await repository.answeredCells(tx, id, gone);
        if (used.length > 0) throw new AppError('CHECKLIST_CELL_IN_USE', { details: { cells: used } });
        const saved = await repository.update(tx, id, input.version, {
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
        ] as const)
          if (row[f] !== input[f]) changes[f] = { from: row[f], to: input[f] };
        if (JSON.stringify(row.cells) !== JSON.stringify(input.cells))
          changes.cells = { from: row.cells.length, to: input.cells.length };
        if (JSON.stringify(row.variables) !== JSON.stringify(input.variables))
          changes.variables = { from: row.variables.length, to: input.variables.length };
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
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
        if (!(await repository.delete(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: CHECKLIST_ENTITY,
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /** The instances of a checklist the actor may read, optionally of one viewer status (decision 059). */
    async instances(actor: Actor, id: number, viewerStatus?: ViewerStatus): Promise<ChecklistInstance[]> {
      await loadVisible(db, actor, id);
      const rows = await repository.listInstances(db, id);
      const visible: ChecklistInstance[] = [];
      for (const r of rows) {
        const item = presentInstance(r);
        if (viewerStatus && !matchesViewerStatus(item, viewerStatus)) continue;
        if (await linkOf(r.module).canRead(actor, r.recordId, db)) visible.push(item);
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
      return presentInstance((await loadInstance(db, actor, id, instanceId)).instance);
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
        const link = linkOf(instance.module);
        if (!(await link.canEdit(actor, instance.recordId, tx))) throw new AppError('NO_PERMISSION');
        await link.beforeSave?.(actor, instance.recordId, checklist.id, tx);
        if (instance.version !== input.version)
          throw new AppError(input.offline ? 'OFFLINE_CONFLICT' : 'CONFLICT');
        const def = definitionOf(checklist);
        const byKey = new Map(def.cells.map((c) => [cellKey(c.row, c.column), c.element]));
        const bad: string[] = [];
        for (const [k, value] of Object.entries(input.answers)) {
          const el = byKey.get(k);
          if (!el || !answerFits(el, value)) bad.push(k);
        }
        if (bad.length > 0) throw new AppError('CHECKLIST_ANSWER_INVALID', { details: { cells: bad } });
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
      });
      return this.getInstance(actor, id, instanceId);
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

    /**
     * The attach API's view of a filled checklist (photos, decision 059): readable as the instance itself
     * (link rule, portal, password); changeable with the link's fill right.
     */
    async instanceAccess(ex: Executor, actor: Actor, instanceId: number): Promise<'none' | 'read' | 'edit'> {
      const instance = await repository.findInstance(ex, instanceId);
      if (!instance) return 'none';
      try {
        await loadInstance(ex, actor, instance.checklistId, instanceId);
      } catch (error) {
        if (error instanceof AppError) return 'none';
        throw error;
      }
      return (await linkOf(instance.module).canEdit(actor, instance.recordId, ex)) ? 'edit' : 'read';
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
      return repository.list(db, actor.portalId, query, true, module);
    },

    /** Whether a module's record may get this checklist: the actor's portal, active, meant for the module. */
    async linkable(ex: Executor, actor: Actor, checklistId: number, module: ChecklistModule) {
      const row = await repository.findById(ex, checklistId);
      return row !== undefined && row.portalId === actor.portalId && row.active && row.module === module;
    },
  };
  return service;
}
