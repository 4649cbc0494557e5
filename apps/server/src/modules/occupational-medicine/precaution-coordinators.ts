import type { MailValues } from '@schutzwerk/shared/mail/mail-template.ts';
import type { PrecautionType } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import type { ReminderHook } from '#modules/instructions/index.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import { occupationalPrecautions, precautionCatalogueEntries } from './occupational-medicine.table.ts';
import { precautionAssignments } from './precaution-assignments.table.ts';

const emailCheck = z.email();
const o = occupationalPrecautions;
const coordinator = alias(employees, 'coordinator');

/** The precaution types as the mail names them (the web's labels). */
const TYPE_LABELS: Record<PrecautionType, string> = {
  mandatory: 'Pflichtvorsorge',
  offer: 'Angebotsvorsorge',
  wish: 'Wunschvorsorge',
};

/** dd.mm.yy, as mails show dates. */
function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y?.slice(2)}`;
}

/**
 * The precautions linked to the given check-up items that name a coordinator other than the employee, with the
 * employee and the coordinator (decision 072), by coordinator and due date.
 */
async function coordinatedPrecautions(ex: Executor, portalId: number, assignmentIds: number[]) {
  return ex
    .select({
      precautionId: o.id,
      type: o.type,
      nextDue: o.nextDue,
      reasonName: precautionCatalogueEntries.name,
      employeeId: employees.id,
      employeeFirstName: employees.firstName,
      employeeLastName: employees.lastName,
      personnelNumber: employees.personnelNumber,
      coordinatorId: coordinator.id,
      firstName: coordinator.firstName,
      lastName: coordinator.lastName,
      email: coordinator.email,
      language: coordinator.language,
      country: coordinator.country,
      active: coordinator.active,
    })
    .from(precautionAssignments)
    .innerJoin(o, eq(o.id, precautionAssignments.precautionId))
    .innerJoin(employees, eq(employees.id, o.employeeId))
    .innerJoin(coordinator, eq(coordinator.id, o.coordinatorId))
    .innerJoin(precautionCatalogueEntries, eq(precautionCatalogueEntries.id, o.reasonId))
    .where(
      and(
        inArray(precautionAssignments.assignmentId, assignmentIds),
        eq(o.portalId, portalId),
        ne(o.coordinatorId, o.employeeId),
      ),
    )
    .orderBy(
      asc(coordinator.id),
      asc(o.nextDue),
      sql`lower(${employees.lastName})`,
      asc(employees.id),
      asc(o.id),
    );
}

/**
 * The coordinators (Koordinator, the planner of a precaution) get the reminders of due precautions too
 * (decision 072): a hook of the instruction reminders (decision 042) that, for the check-up items claimed in a
 * run, mails each coordinator ONE mail listing their employees' due precautions — in the claiming transaction,
 * so it goes exactly when the employees' reminders go and never twice. A coordinator without a usable address
 * (none, invalid, or an inactive account) is skipped and named in the run log; a coordinator who is the
 * employee gets their own reminder already.
 */
export function coordinatorReminders(mail: {
  render: typeof renderTemplateMail;
  enqueue: typeof enqueueMail;
}): ReminderHook {
  return async (tx, run) => {
    const ids = run.items.filter((i) => i.type === 'checkup').map((i) => i.assignmentId);
    if (ids.length === 0) return { summary: null, log: [] };
    const rows = await coordinatedPrecautions(tx, run.portalId, ids);
    const byCoordinator = new Map<number, typeof rows>();
    for (const row of rows)
      byCoordinator.set(row.coordinatorId, [...(byCoordinator.get(row.coordinatorId) ?? []), row]);
    const base = run.system.applicationUrl.replace(/\/$/, '');
    const log: string[] = [];
    let mails = 0;
    for (const list of byCoordinator.values()) {
      const first = list[0]!;
      const to = first.email?.trim() ?? '';
      if (!first.active || !emailCheck.safeParse(to).success) {
        log.push(
          `${first.lastName}, ${first.firstName} (Koordinator der Vorsorge): keine gültige E-Mail-Adresse (${list.length} Vorsorge(n)).`,
        );
        continue;
      }
      const values: MailValues = {
        firstName: first.firstName,
        lastName: first.lastName,
        topic: [...new Set(list.map((r) => r.reasonName))].join(', '),
        dueDate: germanDate(list.map((r) => r.nextDue).sort()[0]!),
        items: list
          .map(
            (r) =>
              `– ${r.employeeLastName}, ${r.employeeFirstName}${r.personnelNumber ? ` (${r.personnelNumber})` : ''}: ${TYPE_LABELS[r.type as PrecautionType] ?? r.type} – ${r.reasonName}, fällig am ${germanDate(r.nextDue)}${r.nextDue < run.today ? ' – überfällig' : ''}`,
          )
          .join('\n'),
        url: `${base}/occupational-medicine/precautions`,
        module: 'Arbeitsmedizinische Vorsorge',
        company: run.system.companyName,
      };
      const rendered = await mail.render(tx, {
        purpose: 'precautionCoordinatorReminder',
        language: first.language || 'de',
        country: first.country,
        values,
      });
      await mail.enqueue(tx, {
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(rendered.sender ? { from: rendered.sender } : {}),
        purpose: 'precautionCoordinatorReminder',
        relatedEmployeeId: first.coordinatorId,
      });
      mails += 1;
    }
    return {
      summary: mails > 0 ? `${mails} Mail(s) an Koordinatoren der Vorsorge` : null,
      log,
    };
  };
}
