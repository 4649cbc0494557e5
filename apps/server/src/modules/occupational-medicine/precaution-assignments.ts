import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import { checkupItems } from '#modules/instructions/index.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { precautionAssignmentsRepository as repository } from './precaution-assignments.repository.ts';
import { isoDay } from './precaution-dates.ts';

/** The last day a precaution may be due on to be offered today: today plus the lead time („Arbeitsmedizin“). */
export async function offerHorizon(ex: Executor, settings: Pick<SettingsService, 'read'>, now: Date) {
  const { leadDays } = await settings.read(occupationalMedicineSettings, ex);
  const horizon = new Date(now);
  horizon.setUTCDate(horizon.getUTCDate() + leadDays);
  return isoDay(horizon);
}

/** What occupational medicine needs of the appointments (app.ts passes `appointments.checkups`). */
export type AppointmentsPort = {
  /** Marks the booked appointment covering the item done; answers whether there was one. */
  checkupRecorded(
    ex: Executor,
    at: { portalId: number; assignmentId: number; actorId: number },
  ): Promise<boolean>;
};

/**
 * Due precautions as assignments (decision 064): every employee with a precaution due within the lead time has
 * one check-up item (instruction assignment of type `checkup` on the portal's topic AMV) whose due date is the
 * earliest of them; booking it sets T (appointments), recording the check-up of the last precaution it covers sets
 * E. An item nobody booked is removed when none of its precautions is due any more.
 */
export function createPrecautionAssignments(deps: {
  settings: Pick<SettingsService, 'read'>;
  now: () => Date;
  /** The appointments: a recorded check-up completes the item's booked appointment (decision 072). */
  appointments?: AppointmentsPort;
}) {
  /**
   * Brings one employee's check-up item and links in step with their precautions' due dates; `removing` is a
   * precaution about to be deleted (no longer counted).
   */
  async function syncEmployee(ex: Executor, portalId: number, employeeId: number, removing?: number) {
    const horizon = await offerHorizon(ex, deps.settings, deps.now());
    const precautions = await repository.employeePrecautions(ex, portalId, employeeId);
    const due = precautions.filter((r) => r.nextDue <= horizon && r.id !== removing);
    const dueIds = new Set(due.map((r) => r.id));
    const links = await repository.linksOf(ex, employeeId);
    const linked = new Map(links.map((l) => [l.precautionId, l.assignmentId]));
    const items = new Map(
      (await checkupItems.byIds(ex, [...new Set(linked.values())])).map((i) => [i.id, i]),
    );

    // A due precaution whose item was completed in the appointments (no check-up recorded yet) keeps waiting
    // for the record; the others need the open item.
    const need = due.filter((r) => items.get(linked.get(r.id) ?? -1)?.status !== 'E');
    const stale = links.filter((l) => !dueIds.has(l.precautionId)).map((l) => l.precautionId);
    await repository.unlink(ex, stale);

    if (need.length > 0) {
      const dueDate = need.map((r) => r.nextDue).sort()[0]!;
      const topicId = await checkupItems.ensureTopic(ex, portalId);
      const item = await checkupItems.open(ex, { portalId, employeeId, topicId, dueDate });
      await checkupItems.setDue(ex, item.id, dueDate);
      await repository.link(
        ex,
        need.map((r) => r.id),
        item.id,
      );
      return;
    }
    // Nothing due any more: an item of ours nobody booked goes (a booked one stays for its appointment).
    for (const assignmentId of new Set(stale.map((id) => linked.get(id)!))) {
      if (items.get(assignmentId)?.status === 'O') await checkupItems.removeOpen(ex, assignmentId);
    }
  }

  return {
    syncEmployee,

    /**
     * A check-up was recorded for a precaution (its due date already moved on). Unless it is older than the
     * precaution's latest check-up (a corrected import), the item it was linked to is completed (E, valid until
     * the check-up's day) when no other still-due precaution of the employee shares it — or when the item was
     * booked: then the appointment took place and becomes done (decision 072), and the precautions still linked
     * wait for their own record as after „Erledigt“ in the appointments.
     */
    async checkupRecorded(
      ex: Executor,
      at: { portalId: number; employeeId: number; precautionId: number; date: string; actorId: number },
    ) {
      const horizon = await offerHorizon(ex, deps.settings, deps.now());
      const assignmentId = await repository.linkOf(ex, at.precautionId);
      if (
        assignmentId !== undefined &&
        (await repository.latestCheckupDate(ex, at.precautionId)) === at.date
      ) {
        const booked =
          (await deps.appointments?.checkupRecorded(ex, {
            portalId: at.portalId,
            assignmentId,
            actorId: at.actorId,
          })) ?? false;
        if (booked || (await repository.sharing(ex, assignmentId, horizon, at.precautionId)).length === 0) {
          await checkupItems.complete(ex, assignmentId, at.date);
          await repository.unlink(ex, [at.precautionId]);
        }
      }
      await syncEmployee(ex, at.portalId, at.employeeId);
    },

    /** The daily run: every employee with a precaution due within the lead time or a linked item. */
    async syncAll(db: Db) {
      const horizon = await offerHorizon(db, deps.settings, deps.now());
      const people = await repository.peopleToSync(db, horizon);
      for (const person of people)
        await db.transaction((tx) => syncEmployee(tx, person.portal_id, person.employee_id));
      return people.length;
    },
  };
}

export type PrecautionAssignments = ReturnType<typeof createPrecautionAssignments>;

/** The daily job (before the instruction reminders at 06:00, so that new items are reminded the same day). */
export function precautionAssignmentsJob(sync: PrecautionAssignments): JobDefinition {
  return {
    key: 'precaution-assignments',
    name: 'Fällige arbeitsmedizinische Vorsorge zuweisen',
    description:
      'Legt für jede Person mit einer innerhalb der Vorlaufzeit fälligen Vorsorge die Zuweisung „Arbeitsmedizinische Vorsorge“ an oder passt ihr Fälligkeitsdatum an (Vorlaufzeit: Einstellungen, Reiter „Arbeitsmedizin“).',
    defaultSchedule: { kind: 'cron', cron: '30 5 * * *' },
    async run(ctx) {
      const count = await sync.syncAll(ctx.db);
      const summary = `${count} Person(en) mit fälliger Vorsorge abgeglichen.`;
      ctx.log(summary);
      return { summary };
    },
  };
}
