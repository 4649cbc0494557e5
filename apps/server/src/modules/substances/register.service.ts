import { substancesMessages } from '@schutzwerk/shared/errors/substances.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  type RegisterEntry,
  type ReleaseSds,
  registerMessages,
  releaseSdsSchema,
  type UpdateRegisterEntry,
  updateRegisterEntrySchema,
} from '@schutzwerk/shared/substances/register.schema.ts';
import type { LinkSdsChecklist } from '@schutzwerk/shared/substances/usage.schema.ts';
import { linkSdsChecklistSchema } from '@schutzwerk/shared/substances/usage.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { createTask, deleteOpenTasks } from '#modules/actions/index.ts';
import type { ChecklistsService } from '#modules/checklists/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { registerRepository } from './register.repository.ts';
import { substancesRepository } from './substances.repository.ts';
import { substitutionRepository } from './substitution.repository.ts';

/** The task source of the data-sheet review: the responsible person's check task (decision 050). */
export const SDS_TASK_SOURCE = 'substance_sds';

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export type RegisterService = ReturnType<typeof createRegisterService>;

/** The checklists' link port the data-sheet release uses (decisions 052, 054). */
export type SdsChecklistsPort = Pick<
  ChecklistsService,
  'linkChecklist' | 'unlinkChecklist' | 'choicesFor' | 'stateOf' | 'linkable'
>;

/** The module name of the substances' checklist links (the filled instance's record is the substance id). */
export const SUBSTANCE_CHECKLIST_MODULE = 'substances';

/**
 * The register fields of a substance (quantity range, work areas) and the release of its safety data sheet
 * (decision 050). Both share the substance's record version: a stale save is a 409. Releasing the data
 * sheet replaces the open review task of the substance by one for the responsible person due at the next
 * check date; the actions module's daily reminder job mails it when due.
 */
export function createRegisterService({
  db,
  checklists,
  now = () => new Date(),
}: {
  db: Db;
  checklists: SdsChecklistsPort;
  now?: () => Date;
}) {
  async function load(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    const row = await substancesRepository.findById(
      ex,
      id,
      actor.isMainPortal ? 'all' : actor.portalId,
      lock,
    );
    if (!row || (!actorHasAny(actor, P.HAZMAT) && (row.releaseState !== 'agreed' || !row.active)))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function checklistOf(ex: Executor, id: number, checklistId: number | null | undefined) {
    if (checklistId === null || checklistId === undefined) return null;
    const state = await checklists.stateOf(ex, checklistId, SUBSTANCE_CHECKLIST_MODULE, id);
    if (!state) return null;
    return {
      checklistId,
      label: state.label,
      instanceId: state.instanceId,
      status: state.status === 'done' ? ('done' as const) : ('undone' as const),
      progress: state.progress,
    };
  }

  async function present(ex: Executor, id: number, version: number): Promise<RegisterEntry> {
    const row = await registerRepository.find(ex, id);
    return {
      sdsChecklist: await checklistOf(ex, id, row?.sdsChecklistId),
      substanceId: id,
      version,
      quantityRange: (row?.quantityRange ?? '') as RegisterEntry['quantityRange'],
      workAreas: row?.workAreas ?? '',
      sdsResponsibleId: row?.sdsResponsibleId ?? null,
      sdsResponsibleName: await substitutionRepository.employeeName(ex, row?.sdsResponsibleId ?? null),
      sdsNextCheck: row?.sdsNextCheck ?? null,
      sdsReleasedAt: row?.sdsReleasedAt?.toISOString() ?? null,
      sdsReleasedByName: await substitutionRepository.employeeName(ex, row?.sdsReleasedBy ?? null),
    };
  }

  return {
    async get(actor: Actor, id: number) {
      const row = await load(db, actor, id);
      return present(db, id, row.version);
    },

    async update(actor: Actor, id: number, body: UpdateRegisterEntry) {
      const input = updateRegisterEntrySchema.parse(body);
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (!(await substancesRepository.updateVersioned(tx, id, input.version, {})))
          throw new AppError('CONFLICT');
        await registerRepository.upsert(tx, id, {
          quantityRange: input.quantityRange,
          workAreas: input.workAreas,
        });
        await recordChange(tx, {
          entity: 'substance',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { register: { from: null, to: input } } as never,
        });
        return present(tx, id, before.version + 1);
      });
    },

    /**
     * Links the checklist of the data-sheet release (decision 054): an active checklist of the portal meant
     * for substances; its filled instance is made once (the checklists' link port) and kept when another
     * checklist is chosen later. Shares the substance's record version like the other register saves.
     */
    async linkChecklist(actor: Actor, id: number, body: LinkSdsChecklist) {
      const input = linkSdsChecklistSchema.parse(body);
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (!(await checklists.linkable(tx, actor, input.checklistId, SUBSTANCE_CHECKLIST_MODULE)))
          throw new AppError('SDS_CHECKLIST_INVALID', {
            details: [{ path: ['checklistId'], message: substancesMessages.fieldReferenceMissing }],
          });
        if (!(await substancesRepository.updateVersioned(tx, id, input.version, {})))
          throw new AppError('CONFLICT');
        const entry = await registerRepository.find(tx, id);
        await checklists.linkChecklist(tx, input.checklistId, SUBSTANCE_CHECKLIST_MODULE, id);
        await registerRepository.upsert(tx, id, { sdsChecklistId: input.checklistId });
        await recordChange(tx, {
          entity: 'substance',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { sdsChecklistId: { from: entry?.sdsChecklistId ?? null, to: input.checklistId } },
        });
        return present(tx, id, before.version + 1);
      });
    },

    /**
     * Before a substance is deleted (its transaction): every filled release checklist of it is unlinked —
     * the current one and those of checklists chosen before — so those checklists can be deleted later.
     */
    async forgetChecklists(ex: Executor, substance: { id: number; portalId: number }) {
      const entry = await registerRepository.find(ex, substance.id);
      const ids = new Set(
        (await checklists.choicesFor(ex, substance.portalId, SUBSTANCE_CHECKLIST_MODULE)).map((c) => c.id),
      );
      if (entry?.sdsChecklistId) ids.add(entry.sdsChecklistId);
      for (const checklistId of ids)
        await checklists.unlinkChecklist(ex, checklistId, SUBSTANCE_CHECKLIST_MODULE, substance.id);
    },

    async releaseSds(actor: Actor, id: number, body: ReleaseSds) {
      const input = releaseSdsSchema.parse(body);
      const details: { path: string[]; message: string }[] = [];
      if (input.responsibleEmployeeId === null)
        details.push({ path: ['responsibleEmployeeId'], message: registerMessages.responsibleRequired });
      if (input.nextCheckDate === null)
        details.push({ path: ['nextCheckDate'], message: registerMessages.nextCheckRequired });
      else if (input.nextCheckDate <= berlinDay.format(now()))
        details.push({ path: ['nextCheckDate'], message: registerMessages.nextCheckFuture });
      const responsibleId = input.responsibleEmployeeId;
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        // The release needs its checklist, filled and set done (spec „Substances“, decision 054).
        const entry = await registerRepository.find(tx, id);
        const checklist = await checklistOf(tx, id, entry?.sdsChecklistId);
        if (!checklist) details.push({ path: ['checklistId'], message: registerMessages.checklistRequired });
        if (details.length > 0 || responsibleId === null)
          throw new AppError('SDS_RELEASE_INCOMPLETE', { details });
        if (checklist?.status !== 'done') throw new AppError('SDS_CHECKLIST_UNDONE');
        if (!(await substitutionRepository.employeeExists(tx, responsibleId)))
          throw new AppError('SUBSTITUTION_REFERENCE_INVALID', {
            details: [{ path: ['responsibleEmployeeId'], message: substancesMessages.fieldPersonMissing }],
          });
        if (!(await substancesRepository.updateVersioned(tx, id, input.version, {})))
          throw new AppError('CONFLICT');
        await registerRepository.upsert(tx, id, {
          sdsResponsibleId: responsibleId,
          sdsNextCheck: input.nextCheckDate,
          sdsReleasedAt: now(),
          sdsReleasedBy: actor.employeeId,
        });
        await deleteOpenTasks(tx, { sourceType: SDS_TASK_SOURCE, sourceId: id, kinds: ['check'] });
        const name = await registerRepository.designation(tx, before.currentVersionId);
        await createTask(tx, {
          portalId: before.portalId,
          kind: 'check',
          sourceType: SDS_TASK_SOURCE,
          sourceId: id,
          assigneeId: responsibleId,
          responsibleId,
          title: `Sicherheitsdatenblatt prüfen: ${name}`.slice(0, 250),
          linkPath: `/substances/${id}`,
          dueDate: input.nextCheckDate,
        });
        await recordChange(tx, {
          entity: 'substance',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { sdsNextCheck: { from: null, to: input.nextCheckDate } } as never,
        });
        return present(tx, id, before.version + 1);
      });
    },
  };
}
