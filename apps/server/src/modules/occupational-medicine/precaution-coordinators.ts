import type { MailValues } from '@schutzwerk/shared/mail/mail-template.ts';
import type { PrecautionType } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { z } from 'zod';
import type { ReminderHook } from '#modules/instructions/index.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import { precautionAssignmentsRepository as repository } from './precaution-assignments.repository.ts';

const emailCheck = z.email();

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
    const rows = await repository.coordinatedPrecautions(tx, run.portalId, ids);
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
