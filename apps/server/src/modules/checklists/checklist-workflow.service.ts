import {
  type ApprovalDecision,
  type ChecklistWorkflow,
  DEFAULT_WORKFLOW,
  type InstanceApproval,
  mailAddressProblems,
  type PrintSettings,
  type UpdateChecklistWorkflow,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import {
  type Answers,
  type ChecklistModule,
  cellKey,
  type Results,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { checklistWorkflowMessages as M } from '@schutzwerk/shared/errors.ts';
import type { MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { type enqueueMail, mailDateTime, type renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ChecklistWorkflowRepository, WorkflowRecord } from './checklist-workflow.repository.ts';
import type { ChecklistRecord, ChecklistsRepository, InstanceRecord } from './checklists.repository.ts';
import { CHECKLIST_INSTANCE_ENTITY, type ChecklistsService } from './checklists.service.ts';

const emailCheck = z.email();
const germanNumber = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 6 });

type Settings = Pick<WorkflowRecord, 'notifications' | 'workflow' | 'print'> & { version: number };

/** The value of each variable with a limit: its bound cell's answer or total, else its default. */
function limitedValues(checklist: ChecklistRecord, answers: Answers, results: Results) {
  const out = new Map<string, { alias: string; limit: number; value: number | null }>();
  for (const v of checklist.variables) {
    if (v.limit === null) continue;
    const cell = checklist.cells.find((c) => 'variable' in c.element && c.element.variable === v.name);
    let value: number | null = v.defaultValue;
    if (cell) {
      const k = cellKey(cell.row, cell.column);
      const raw = cell.element.type === 'total' ? (results[k] ?? null) : answers[k];
      value = typeof raw === 'number' ? raw : typeof raw === 'boolean' ? Number(raw) : v.defaultValue;
    }
    out.set(v.name, { alias: v.alias, limit: v.limit, value });
  }
  return out;
}

/**
 * Workflow, notifications and printer settings of checklists and the approval of filled ones (decision 066).
 * Hooks into saving answers through the checklists service's instance hooks.
 */
export function createChecklistWorkflowService(deps: {
  db: Db;
  repository: ChecklistWorkflowRepository;
  checklists: ChecklistsRepository;
  service: ChecklistsService;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function settingsOf(ex: Executor, checklistId: number): Promise<Settings> {
    const row = await repository.find(ex, checklistId);
    return row ?? { ...DEFAULT_WORKFLOW };
  }

  /** The builder's checklist: of the actor's portal (builders see every checklist of it). */
  async function loadOwn(ex: Executor, actor: Actor, id: number, lock = false) {
    const row = await deps.checklists.findById(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('CHECKLISTS_NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, checklistId: number, s: Settings): Promise<ChecklistWorkflow> {
    const names = await repository.names(ex, [...s.notifications.employeeIds, ...s.workflow.approverIds]);
    const next =
      s.workflow.nextChecklistId === null
        ? undefined
        : await deps.checklists.findById(ex, s.workflow.nextChecklistId);
    return {
      checklistId,
      version: s.version,
      notifications: s.notifications,
      workflow: s.workflow,
      print: s.print,
      people: [...names].map(([id, name]) => ({ id, name })),
      nextChecklistLabel: next?.label ?? null,
    };
  }

  /** Sends one template to employees (by id) and typed addresses; employees without a usable address are left out. */
  async function send(
    ex: Executor,
    actor: Actor,
    purpose: MailPurpose,
    checklist: ChecklistRecord,
    instanceId: number,
    items: string,
    to: { employeeIds: readonly number[]; addresses: readonly string[] },
  ) {
    const contacts = await repository.contacts(ex, to.employeeIds);
    const system = await deps.settings.read(systemSettings, ex);
    const base = system.applicationUrl.replace(/\/$/, '');
    const by = actor.profile ? `${actor.profile.firstName} ${actor.profile.lastName}` : '';
    const recipients = new Map<string, { firstName: string; lastName: string; language: string }>();
    for (const c of contacts)
      if (c.email && emailCheck.safeParse(c.email).success && !recipients.has(c.email.toLowerCase()))
        recipients.set(c.email.toLowerCase(), {
          firstName: c.firstName,
          lastName: c.lastName,
          language: c.language || 'de',
        });
    for (const a of to.addresses)
      if (!recipients.has(a.toLowerCase()))
        recipients.set(a.toLowerCase(), { firstName: '', lastName: a, language: 'de' });
    for (const [address, r] of recipients) {
      const rendered = await deps.mail.render(ex, {
        purpose,
        language: r.language,
        country: null,
        values: {
          firstName: r.firstName,
          lastName: r.lastName,
          topic: checklist.label,
          items,
          changedBy: by,
          changedAt: mailDateTime(now()),
          url: base ? `${base}/audits/checklist/${checklist.id}?instance=${instanceId}` : '',
          company: system.companyName,
        },
      });
      await deps.mail.enqueue(ex, {
        to: address,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        purpose,
        ...(rendered.sender ? { from: rendered.sender } : {}),
      });
    }
  }

  /** Done (and approved, when approval is needed): the done mail and the next step. */
  async function completed(
    ex: Executor,
    actor: Actor,
    checklist: ChecklistRecord,
    instance: InstanceRecord,
    s: Settings,
  ) {
    if (s.notifications.onDone)
      await send(
        ex,
        actor,
        'checklistDone',
        checklist,
        instance.id,
        M.mailItems(checklist.label, s.workflow.approverIds.length > 0 ? M.stateApproved : M.stateDone),
        s.notifications,
      );
    const nextId = s.workflow.nextChecklistId;
    // Audits and questionnaires order their checklists themselves; a next step applies to checklists filled
    // on their own and to records of other modules.
    if (nextId === null || instance.module === 'audits' || instance.module === 'questionnaires') return;
    const next = await deps.checklists.findById(ex, nextId);
    if (!next?.active || next.portalId !== checklist.portalId) return;
    if (instance.recordId === null) {
      const created = await deps.checklists.insertInstance(ex, {
        checklistId: nextId,
        module: 'general',
        recordId: null,
        updatedBy: actor.employeeId,
      });
      await deps.checklists.logChange(ex, {
        entity: CHECKLIST_INSTANCE_ENTITY,
        entityId: created,
        state: LOG_STATE.CREATED,
        actorId: actor.employeeId,
        changes: { checklistId: { from: null, to: nextId } },
      });
    } else
      await deps.service.linkChecklist(ex, nextId, instance.module as ChecklistModule, instance.recordId);
  }

  deps.service.addInstanceHook({
    async beforeSave(ex, _actor, _checklist, instance) {
      const approval = await repository.approval(ex, instance.id);
      if (approval?.state === 'approved') throw new AppError('CHECKLIST_APPROVED');
    },
    async afterSave(ex, actor, checklist, before, after) {
      const s = await settingsOf(ex, checklist.id);
      if (s.notifications.onLimit) {
        const was = limitedValues(checklist, before.answers, before.results);
        const is = limitedValues(checklist, after.answers, after.results);
        const crossed = [...is].filter(([name, v]) => {
          const prev = was.get(name)?.value ?? null;
          return v.value !== null && v.value > v.limit && (prev === null || prev <= v.limit);
        });
        if (crossed.length > 0)
          await send(
            ex,
            actor,
            'checklistLimit',
            checklist,
            before.id,
            [
              M.mailItems(checklist.label, M.stateDone).split('\n')[0],
              ...crossed.map(([, v]) =>
                M.limitItem(v.alias, germanNumber(v.value ?? 0), germanNumber(v.limit)),
              ),
            ].join('\n'),
            s.notifications,
          );
      }
      if (before.status === 'done' || after.status !== 'done') return;
      if (s.workflow.approverIds.length > 0) {
        await repository.submit(ex, before.id, actor.employeeId);
        await send(
          ex,
          actor,
          'checklistApproval',
          checklist,
          before.id,
          M.mailItems(checklist.label, M.stateSubmitted),
          {
            employeeIds: s.workflow.approverIds,
            addresses: [],
          },
        );
      } else await completed(ex, actor, checklist, before, s);
    },
  });

  return {
    async get(actor: Actor, id: number): Promise<ChecklistWorkflow> {
      await loadOwn(db, actor, id);
      return present(db, id, await settingsOf(db, id));
    },

    /** Whole-record save of the three dialogs' settings (AUDIT_CHECKLISTS_EDIT; a blocked checklist stays as it is). */
    async update(actor: Actor, id: number, input: UpdateChecklistWorkflow): Promise<ChecklistWorkflow> {
      await db.transaction(async (tx) => {
        const checklist = await loadOwn(tx, actor, id, true);
        if (checklist.locked && !actorHasAny(actor, P.AUDIT_CHECKLISTS_LOCK))
          throw new AppError('CHECKLIST_LOCKED');
        const problems = mailAddressProblems(input.notifications.addresses);
        const invalid = problems.filter((p) => p.problem === 'invalid').map((p) => p.index);
        if (invalid.length > 0)
          throw new AppError('CHECKLIST_MAIL_ADDRESS_INVALID', { details: { addresses: invalid } });
        if (problems.length > 0)
          throw new AppError('CHECKLIST_MAIL_ADDRESS_DUPLICATE', {
            details: { addresses: problems.map((p) => p.index) },
          });
        const people = [...new Set([...input.notifications.employeeIds, ...input.workflow.approverIds])];
        const pickable = new Set(await deps.checklists.pickableEmployees(tx, actor, people));
        const stored = await settingsOf(tx, id);
        const known = new Set([...stored.notifications.employeeIds, ...stored.workflow.approverIds]);
        // An employee kept from the stored settings is not checked again (may since have left the portal's picker).
        if (people.some((p) => !pickable.has(p) && !known.has(p)))
          throw new AppError('CHECKLIST_RECIPIENT_UNKNOWN');
        if (
          new Set(input.notifications.employeeIds).size !== input.notifications.employeeIds.length ||
          new Set(input.workflow.approverIds).size !== input.workflow.approverIds.length
        )
          throw new AppError('CHECKLIST_RECIPIENT_UNKNOWN');
        const next = input.workflow.nextChecklistId;
        if (next !== null && (next === id || !(await repository.checklistOfPortal(tx, next, actor.portalId))))
          throw new AppError('CHECKLIST_NEXT_UNKNOWN');
        if (stored.version !== input.version) throw new AppError('CONFLICT');
        const values = {
          notifications: {
            ...input.notifications,
            addresses: input.notifications.addresses.map((a) => a.trim()),
          },
          workflow: input.workflow,
          print: input.print,
        };
        if (!(await repository.save(tx, id, input.version, values, actor.employeeId)))
          throw new AppError('CONFLICT');
        await deps.checklists.logChange(tx, {
          entity: 'checklist_workflow',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            approvers: {
              from: stored.workflow.approverIds.join(','),
              to: values.workflow.approverIds.join(','),
            },
            nextChecklistId: { from: stored.workflow.nextChecklistId, to: values.workflow.nextChecklistId },
          },
        });
      });
      return this.get(actor, id);
    },

    /** The approval state of a filled checklist as the viewer shows it. */
    async approval(actor: Actor, id: number, instanceId: number): Promise<InstanceApproval> {
      const access = await deps.service.instanceAccess(db, actor, instanceId);
      if (!access || access.checklist.id !== id) throw new AppError('CHECKLISTS_NOT_FOUND');
      const s = await settingsOf(db, id);
      const row = await repository.approval(db, instanceId);
      const names = await repository.names(db, row?.decidedBy ? [row.decidedBy] : []);
      return {
        required: s.workflow.approverIds.length > 0,
        state: row?.state ?? null,
        comment: row?.comment ?? '',
        decidedBy: row?.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
        decidedAt: row?.decidedAt?.toISOString() ?? null,
        mayDecide: s.workflow.approverIds.includes(actor.employeeId),
      };
    },

    /**
     * An approver approves a submitted checklist (done mail, next step; the answers are final) or rejects it
     * with a reason (back to undone, rejection mail to the recipients and the person who submitted it).
     */
    async decide(
      actor: Actor,
      id: number,
      instanceId: number,
      input: ApprovalDecision,
    ): Promise<InstanceApproval> {
      await db.transaction(async (tx) => {
        const access = await deps.service.instanceAccess(tx, actor, instanceId);
        if (!access || access.checklist.id !== id) throw new AppError('CHECKLISTS_NOT_FOUND');
        const instance = await deps.checklists.findInstance(tx, instanceId, true);
        if (!instance) throw new AppError('CHECKLISTS_NOT_FOUND');
        const s = await settingsOf(tx, id);
        if (!s.workflow.approverIds.includes(actor.employeeId)) throw new AppError('CHECKLIST_NOT_APPROVER');
        const approval = await repository.approval(tx, instanceId);
        if (instance.version !== input.version) throw new AppError('CONFLICT');
        if (approval?.state !== 'submitted' || instance.status !== 'done')
          throw new AppError('CHECKLIST_NOT_SUBMITTED');
        const checklist = access.checklist;
        if (input.decision === 'approve') {
          await repository.decide(tx, instanceId, {
            state: 'approved',
            comment: input.comment,
            decidedBy: actor.employeeId,
          });
          await completed(tx, actor, checklist, instance, s);
        } else {
          await repository.decide(tx, instanceId, {
            state: 'rejected',
            comment: input.comment,
            decidedBy: actor.employeeId,
          });
          const saved = await deps.checklists.updateInstance(tx, instanceId, input.version, {
            answers: instance.answers,
            results: instance.results,
            progress: instance.progress,
            status: 'undone',
            updatedBy: actor.employeeId,
          });
          if (!saved) throw new AppError('CONFLICT');
          if (s.notifications.onRejected || approval.submittedBy !== null)
            await send(
              tx,
              actor,
              'checklistRejected',
              checklist,
              instanceId,
              M.mailItems(checklist.label, M.stateRejected(input.comment)),
              {
                employeeIds: [
                  ...(s.notifications.onRejected ? s.notifications.employeeIds : []),
                  ...(approval.submittedBy !== null ? [approval.submittedBy] : []),
                ],
                addresses: s.notifications.onRejected ? s.notifications.addresses : [],
              },
            );
        }
        await deps.checklists.logChange(tx, {
          entity: CHECKLIST_INSTANCE_ENTITY,
          entityId: instanceId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            approval: { from: approval.state, to: input.decision === 'approve' ? 'approved' : 'rejected' },
          },
        });
      });
      return this.approval(actor, id, instanceId);
    },

    /** Printer settings and approval states for the audit print (the audits module; decision 066). */
    async forPrint(
      ex: Executor,
      checklistIds: readonly number[],
      instanceIds: readonly number[],
    ): Promise<{ print: Map<number, PrintSettings>; approvals: Map<number, { state: string; by: string }> }> {
      const rows = await repository.findMany(ex, checklistIds);
      const print = new Map(
        checklistIds.map((id) => [
          id,
          rows.find((r) => r.checklistId === id)?.print ?? DEFAULT_WORKFLOW.print,
        ]),
      );
      const approvals = await repository.approvals(ex, instanceIds);
      const names = await repository.names(
        ex,
        approvals.flatMap((a) => (a.decidedBy ? [a.decidedBy] : [])),
      );
      return {
        print,
        approvals: new Map(
          approvals.map((a) => [
            a.instanceId,
            { state: a.state, by: a.decidedBy ? (names.get(a.decidedBy) ?? '') : '' },
          ]),
        ),
      };
    },
  };
}
export type ChecklistWorkflowService = ReturnType<typeof createChecklistWorkflowService>;
