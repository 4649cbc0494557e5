import type {
  Audit,
  AuditRow,
  AuditStatus,
  AuditTransitionInput,
  CreateAudit,
  CreateFinding,
  UpdateAudit,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import { auditsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import type { ActionSource, ActionsService } from '#modules/actions/index.ts';
import type { ChecklistLinkRule, ChecklistsService } from '#modules/checklists/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AuditMail } from './audits.mail.ts';
import type { AuditRecord, AuditsRepository } from './audits.repository.ts';

export const AUDIT_ENTITY = 'audit';
/** The actions source type of findings (decision 059). */
export const AUDIT_ACTION_SOURCE = 'audit';

type ListQueryOf = Parameters<AuditsRepository['list']>[2];

export type AuditsService = ReturnType<typeof createAuditsService>;

/**
 * Approval processes (decision 059): who sees and changes an audit, its states, its checklists (linked through
 * the checklists' link port, unlocked in order by progress), its findings (actions of source 'audit') and
 * the mails of assignment and completion.
 */
export function createAuditsService(deps: {
  db: Db;
  repository: AuditsRepository;
  checklists: Pick<ChecklistsService, 'linkChecklist' | 'unlinkUnanswered' | 'passwordProtected'>;
  actions: Pick<ActionsService, 'createForSource'>;
  mail: AuditMail;
  now?: () => Date;
}) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Sees the audit: same portal, AUDIT_AUDITS, and AUDIT_AUDITS_ALL or one of its people. */
  async function canSee(ex: Executor, actor: Actor, row: AuditRecord): Promise<boolean> {
    if (row.portalId !== actor.portalId || !actorHasAny(actor, P.AUDIT_AUDITS)) return false;
    return actorHasAny(actor, P.AUDIT_AUDITS_ALL) || repository.isPerson(ex, row.id, actor.employeeId);
  }
  const canEdit = (actor: Actor, row: AuditRecord) =>
    actorHasAny(actor, P.AUDIT_AUDITS_EDIT) || row.responsibleId === actor.employeeId;
  const canRelease = (actor: Actor, row: AuditRecord) =>
    actorHasAny(actor, P.AUDIT_AUDITS_RELEASE) || row.responsibleId === actor.employeeId;
  /** Fills its checklists and records findings: editors, responsible, executor and participants. */
  async function canFill(ex: Executor, actor: Actor, row: AuditRecord): Promise<boolean> {
    if (canEdit(actor, row) || row.executorId === actor.employeeId) return true;
    const people = await repository.people(ex, row.id);
    return people.some((p) => p.employeeId === actor.employeeId && p.role === 'participant');
  }

  async function loadVisible(ex: Executor, actor: Actor, id: number, lock = false): Promise<AuditRecord> {
    const row = await repository.findById(ex, id, lock);
    if (!row || !(await canSee(ex, actor, row))) throw new AppError('AUDIT_NOT_FOUND');
    return row;
  }

  async function checkInput(ex: Executor, actor: Actor, input: CreateAudit): Promise<void> {
    const details: { path: string[]; message: string }[] = [];
    const found = await repository.employeesInPortal(ex, actor.portalId, [
      input.responsibleId,
      input.executorId,
      ...input.affectedIds,
      ...input.participantIds,
    ]);
    for (const key of ['responsibleId', 'executorId'] as const)
      if (!found.has(input[key]))
        details.push({ path: ['body', key], message: auditsMessages.personUnknown });
    for (const key of ['affectedIds', 'participantIds'] as const)
      if (input[key].some((id) => !found.has(id)))
        details.push({ path: ['body', key], message: auditsMessages.personsUnknown });
    const active = await repository.activeChecklistsInPortal(ex, actor.portalId, input.checklistIds);
    if (input.checklistIds.some((id) => !active.has(id)))
      details.push({ path: ['body', 'checklistIds'], message: auditsMessages.checklistsUnknown });
    if (details.length > 0) throw new AppError('INPUT_VALIDATION_ERROR', { details });
  }

  const peopleOf = (input: CreateAudit) => [
    ...[...new Set(input.affectedIds)].map((employeeId) => ({ employeeId, role: 'affected' as const })),
    ...[...new Set(input.participantIds)].map((employeeId) => ({ employeeId, role: 'participant' as const })),
  ];
  const everyone = (
    input: Pick<CreateAudit, 'responsibleId' | 'executorId' | 'affectedIds' | 'participantIds'>,
  ) => new Set([input.responsibleId, input.executorId, ...input.affectedIds, ...input.participantIds]);

  /** Links the checklists in the given order; removes the ones left out (refused when answered). */
  async function syncChecklists(ex: Executor, auditId: number, ids: readonly number[]): Promise<void> {
    const current = await repository.checklists(ex, auditId);
    for (const c of current) {
      if (ids.includes(c.checklistId)) continue;
      await repository.deleteChecklist(ex, auditId, c.checklistId);
      if (!(await deps.checklists.unlinkUnanswered(ex, c.checklistId, 'audits', auditId)))
        throw new AppError('AUDIT_CHECKLIST_IN_USE', { details: { checklistId: c.checklistId } });
    }
    const have = new Set(current.map((c) => c.checklistId));
    for (const [position, checklistId] of ids.entries()) {
      if (have.has(checklistId)) {
        await repository.setChecklistPosition(ex, auditId, checklistId, position);
        continue;
      }
      const link = await deps.checklists.linkChecklist(ex, checklistId, 'audits', auditId);
      await repository.insertChecklist(ex, { auditId, checklistId, position, instanceId: link.instanceId });
    }
  }

  async function present(ex: Executor, actor: Actor, row: AuditRecord): Promise<Audit> {
    const people = await repository.people(ex, row.id);
    const names = await repository.employeeNames(ex, [row.responsibleId, row.executorId]);
    const states = await repository.checklists(ex, row.id);
    const checklists = [];
    for (const [i, c] of states.entries())
      checklists.push({
        checklistId: c.checklistId,
        label: c.label,
        instanceId: c.instanceId,
        status: c.status,
        visible: c.visible,
        progress: c.progress,
        requiredProgress: c.requiredProgress,
        locked: lockedBy(states, i),
        passwordProtected: await deps.checklists.passwordProtected(ex, c.checklistId),
      });
    const person = (id: number) => ({ id, name: names.get(id) ?? '' });
    return {
      id: row.id,
      version: row.version,
      title: row.title,
      description: row.description,
      status: row.status as AuditStatus,
      plannedOn: row.plannedOn,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      responsible: person(row.responsibleId),
      executor: person(row.executorId),
      affected: people.filter((p) => p.role === 'affected').map((p) => ({ id: p.employeeId, name: p.name })),
      participants: people
        .filter((p) => p.role === 'participant')
        .map((p) => ({ id: p.employeeId, name: p.name })),
      checklists,
      canEdit: canEdit(actor, row) && (row.status === 'planned' || row.status === 'in_progress'),
      canRelease: canRelease(actor, row) && row.status === 'in_progress',
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Unlock by progress: a checklist is locked while the one before it is neither done nor at its required progress. */
  function lockedBy(states: { status: string; progress: number; requiredProgress: number }[], i: number) {
    const before = i > 0 ? states[i - 1] : undefined;
    return before !== undefined && before.status !== 'done' && before.progress < before.requiredProgress;
  }

  const linkRule: ChecklistLinkRule = {
    canRead: async (actor, recordId, ex) => {
      const row = recordId === null ? undefined : await repository.findById(ex, recordId);
      return row !== undefined && (await canSee(ex, actor, row));
    },
    canEdit: async (actor, recordId, ex) => {
      const row = recordId === null ? undefined : await repository.findById(ex, recordId);
      return row !== undefined && (await canSee(ex, actor, row)) && (await canFill(ex, actor, row));
    },
    beforeSave: async (_actor, recordId, checklistId, ex) => {
      const row = recordId === null ? undefined : await repository.findById(ex, recordId);
      if (!row) throw new AppError('AUDIT_NOT_FOUND');
      if (row.status !== 'in_progress') throw new AppError('AUDIT_STATE_INVALID');
      const states = await repository.checklists(ex, row.id);
      const i = states.findIndex((s) => s.checklistId === checklistId);
      if (i >= 0 && lockedBy(states, i)) throw new AppError('AUDIT_CHECKLIST_LOCKED');
    },
  };

  const actionSource: ActionSource = {
    async describe(ex, ids) {
      const titles = await repository.titles(ex, ids);
      return new Map(
        [...titles].map(([id, t]) => [
          id,
          { label: auditsMessages.actionSourceLabel(t.title), link: `/audits/${id}` },
        ]),
      );
    },
    async canRead(actor, ex, sourceId) {
      const row = await repository.findById(ex, sourceId);
      return row !== undefined && (await canSee(ex, actor, row));
    },
    async canEdit(actor, ex, sourceId) {
      const row = await repository.findById(ex, sourceId);
      return row !== undefined && (await canSee(ex, actor, row)) && (await canFill(ex, actor, row));
    },
    async portalOf(ex, sourceId) {
      return (await repository.findById(ex, sourceId))?.portalId ?? null;
    },
  };

  return {
    linkRule,
    actionSource,
    /** The employees' deletion guard: people of audits stay (the audits name them). */
    async employeeDeletionGuard(ex: Executor, employeeId: number): Promise<string | null> {
      const titles = await repository.titlesOfPerson(ex, employeeId);
      return titles.length === 0 ? null : auditsMessages.employeeInAudits(titles);
    },

    async list(
      actor: Actor,
      query: ListQueryOf & { status: AuditStatus | 'all' },
    ): Promise<ListResult<AuditRow>> {
      return repository.list(
        db,
        actor.portalId,
        query,
        query.status === 'all' ? null : query.status,
        actorHasAny(actor, P.AUDIT_AUDITS_ALL) ? null : actor.employeeId,
      );
    },

    async get(actor: Actor, id: number): Promise<Audit> {
      return present(db, actor, await loadVisible(db, actor, id));
    },

    async create(actor: Actor, input: CreateAudit): Promise<Audit> {
      const id = await db.transaction(async (tx) => {
        await checkInput(tx, actor, input);
        const newId = await repository.insert(tx, {
          portalId: actor.portalId,
          title: input.title,
          description: input.description,
          plannedOn: input.plannedOn,
          responsibleId: input.responsibleId,
          executorId: input.executorId,
        });
        await repository.replacePeople(tx, newId, peopleOf(input));
        await syncChecklists(tx, newId, input.checklistIds);
        await repository.logChange(tx, {
          entity: AUDIT_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { title: { from: null, to: input.title } },
        });
        const row = await repository.findById(tx, newId);
        if (row) await deps.mail.assigned(tx, actor, row, [...everyone(input)]);
        return newId;
      });
      return this.get(actor, id);
    },

    /** Whole-record update while planned or in progress; new people are told by mail. */
    async update(actor: Actor, id: number, input: UpdateAudit): Promise<Audit> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (!canEdit(actor, row)) throw new AppError('NO_PERMISSION');
        if (row.version !== input.version) throw new AppError('CONFLICT');
        if (row.status !== 'planned' && row.status !== 'in_progress')
          throw new AppError('AUDIT_STATE_INVALID');
        await checkInput(tx, actor, input);
        const before = await repository.people(tx, id);
        const had = new Set([row.responsibleId, row.executorId, ...before.map((p) => p.employeeId)]);
        if (
          !(await repository.update(tx, id, input.version, {
            title: input.title,
            description: input.description,
            plannedOn: input.plannedOn,
            responsibleId: input.responsibleId,
            executorId: input.executorId,
          }))
        )
          throw new AppError('CONFLICT');
        await repository.replacePeople(tx, id, peopleOf(input));
        await syncChecklists(tx, id, input.checklistIds);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const f of ['title', 'description', 'plannedOn', 'responsibleId', 'executorId'] as const)
          if (row[f] !== input[f]) changes[f] = { from: row[f], to: input[f] };
        await repository.logChange(tx, {
          entity: AUDIT_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        const added = [...everyone(input)].filter((p) => !had.has(p));
        const saved = await repository.findById(tx, id);
        if (saved && added.length > 0) await deps.mail.assigned(tx, actor, saved, added);
      });
      return this.get(actor, id);
    },

    /** start (planned → in progress), finish (in progress → done, every checklist done), cancel. */
    async transition(actor: Actor, id: number, input: AuditTransitionInput): Promise<Audit> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (row.version !== input.version) throw new AppError('CONFLICT');
        let next: AuditStatus;
        if (input.action === 'start') {
          if (!canEdit(actor, row) && row.executorId !== actor.employeeId)
            throw new AppError('NO_PERMISSION');
          if (row.status !== 'planned') throw new AppError('AUDIT_STATE_INVALID');
          next = 'in_progress';
        } else if (input.action === 'finish') {
          if (!canRelease(actor, row)) throw new AppError('NO_PERMISSION');
          if (row.status !== 'in_progress') throw new AppError('AUDIT_STATE_INVALID');
          const states = await repository.checklists(tx, id);
          if (states.some((s) => s.status !== 'done')) throw new AppError('AUDIT_CHECKLISTS_UNDONE');
          next = 'done';
        } else {
          if (!canEdit(actor, row)) throw new AppError('NO_PERMISSION');
          if (row.status !== 'planned' && row.status !== 'in_progress')
            throw new AppError('AUDIT_STATE_INVALID');
          next = 'cancelled';
        }
        const finished = next === 'done' ? { finishedAt: now(), finishedBy: actor.employeeId } : {};
        if (!(await repository.update(tx, id, input.version, { status: next, ...finished })))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: AUDIT_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { status: { from: row.status, to: next } },
        });
        if (next === 'done') {
          const people = await repository.people(tx, id);
          const saved = await repository.findById(tx, id);
          if (saved)
            await deps.mail.finished(tx, actor, saved, [
              row.responsibleId,
              row.executorId,
              ...people.map((p) => p.employeeId),
            ]);
        }
      });
      return this.get(actor, id);
    },

    /** A finding of the audit becomes an action in the shared task list (source 'audit'). */
    async createFinding(actor: Actor, id: number, input: CreateFinding): Promise<{ actionId: number }> {
      return db.transaction(async (tx) => {
        const row = await loadVisible(tx, actor, id, true);
        if (!(await canFill(tx, actor, row))) throw new AppError('NO_PERMISSION');
        if (row.status !== 'in_progress') throw new AppError('AUDIT_STATE_INVALID');
        const found = await repository.employeesInPortal(tx, actor.portalId, [input.responsibleId]);
        if (!found.has(input.responsibleId))
          throw new AppError('INPUT_VALIDATION_ERROR', {
            details: [{ path: ['body', 'responsibleId'], message: auditsMessages.personUnknown }],
          });
        const [actionId] = await deps.actions.createForSource(
          tx,
          actor.employeeId,
          { sourceType: AUDIT_ACTION_SOURCE, sourceId: id },
          [
            {
              designation: input.designation,
              description: input.description,
              responsibleId: input.responsibleId,
              dueDate: input.dueDate,
            },
          ],
        );
        if (actionId === undefined) throw new Error('no action created');
        return { actionId };
      });
    },

    /** The audit as the print needs it (done audits only). */
    async forPrint(actor: Actor, id: number): Promise<{ audit: Audit; row: AuditRecord }> {
      const row = await loadVisible(db, actor, id);
      if (row.status !== 'done') throw new AppError('AUDIT_NOT_DONE');
      return { audit: await present(db, actor, row), row };
    },
  };
}
