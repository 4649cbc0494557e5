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
import type { Db, Executor } from '#db/client.ts';
import { createTask, deleteOpenTasks } from '#modules/actions/index.ts';
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

/**
 * The register fields of a substance (quantity range, work areas) and the release of its safety data sheet
 * (decision 050). Both share the substance's record version: a stale save is a 409. Releasing the data
 * sheet replaces the open review task of the substance by one for the responsible person due at the next
 * check date; the actions module's daily reminder job mails it when due.
 */
export function createRegisterService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
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

  async function present(ex: Executor, id: number, version: number): Promise<RegisterEntry> {
    const row = await registerRepository.find(ex, id);
    return {
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

    async releaseSds(actor: Actor, id: number, body: ReleaseSds) {
      const input = releaseSdsSchema.parse(body);
      const details: { path: string[]; message: string }[] = [];
      if (input.responsibleEmployeeId === null)
        details.push({ path: ['responsibleEmployeeId'], message: registerMessages.responsibleRequired });
      if (input.nextCheckDate === null)
        details.push({ path: ['nextCheckDate'], message: registerMessages.nextCheckRequired });
      else if (input.nextCheckDate <= berlinDay.format(now()))
        details.push({ path: ['nextCheckDate'], message: registerMessages.nextCheckFuture });
      if (details.length > 0) throw new AppError('SDS_RELEASE_INCOMPLETE', { details });
      const responsibleId = input.responsibleEmployeeId!;
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
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
