import { formatInterval, type IntervalUnit } from '@schutzwerk/shared/instructions/interval-format.ts';
import type { MailPurpose, MailValues } from '@schutzwerk/shared/mail/mail-template.ts';
import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import { instructionSettings, type SettingsService } from '#modules/settings/index.ts';
import { berlinToday } from './assignments.service.ts';
import { type ClaimedEscalation, type ClaimedReminder, remindersRepository } from './reminders.repository.ts';

const emailCheck = z.email();

/**
 * Further recipients of a run's claimed reminders (decision 072: the coordinators of due precautions), called in
 * the claiming transaction of each portal: what they mail is mailed exactly once with the items. Answers a line
 * for the run's summary (null when nothing was mailed) and lines for the run log.
 */
export type ReminderHook = (
  tx: Executor,
  run: {
    portalId: number;
    today: string;
    items: readonly { assignmentId: number; type: string; overdue: boolean }[];
    system: { applicationUrl: string; companyName: string };
  },
) => Promise<{ summary: string | null; log: string[] }>;

export type RemindersDeps = {
  /** Called with each portal's claimed reminders (app.ts pushes occupational medicine's). */
  hooks?: ReminderHook[];
  db: Db;
  repository: typeof remindersRepository;
  settings: Pick<SettingsService, 'read'>;
  /** The portal's instruction settings (tab „Unterweisungen“). */
  portalSettings: typeof instructionSettings;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
};

/** dd.mm.yy, as mails show dates. */
function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y?.slice(2)}`;
}

export type ReminderRunResult = {
  portals: number;
  /** Reminder mails to employees, and the items in them. */
  mailed: number;
  items: number;
  /** Escalation mails to supervisors and location contacts, and the items in them. */
  escalationMails: number;
  escalatedItems: number;
  /** Employees (reminders) or items (escalations) without a valid address to write to. */
  withoutAddress: number;
  /** The summary lines of the hooks' mails (decision 072). */
  further: string[];
  log: string[];
};

/**
 * Reminders of instructions (decision 042): a daily run mails each employee ONE mail with all their items that
 * enter the lead time before due, fell due, or are overdue again after the repeat interval; and each supervisor
 * (or the location's level-1 escalation contact, where an employee has no supervisor) ONE mail with all items of
 * their people overdue for the configured days. The settings are the portal's (tab „Unterweisungen“). Items are
 * claimed in the statement that reads them and the mails go into the outbox in the same transaction, so a
 * crash mails nothing twice and a second run of the day finds nothing.
 */
export function createInstructionReminders(deps: RemindersDeps) {
  async function render(
    ex: Executor,
    purpose: MailPurpose,
    recipient: { language: string | null; country: string | null },
    values: MailValues,
  ) {
    const rendered = await deps.mail.render(ex, {
      purpose,
      language: recipient.language || 'de',
      country: recipient.country,
      values,
    });
    return {
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    };
  }

  async function remind(
    tx: Executor,
    claimed: ClaimedReminder[],
    system: { applicationUrl: string; companyName: string },
    unit: IntervalUnit,
    result: ReminderRunResult,
  ) {
    const byEmployee = new Map<number, ClaimedReminder[]>();
    for (const item of claimed)
      byEmployee.set(item.employee_id, [...(byEmployee.get(item.employee_id) ?? []), item]);
    const base = system.applicationUrl.replace(/\/$/, '');
    for (const items of byEmployee.values()) {
      const first = items[0]!;
      const to = first.email?.trim() ?? '';
      if (!emailCheck.safeParse(to).success) {
        result.withoutAddress += 1;
        result.log.push(
          `${first.last_name}, ${first.first_name}: keine gültige E-Mail-Adresse (${items.length} Unterweisung(en)).`,
        );
        continue;
      }
      const values: MailValues = {
        firstName: first.first_name,
        lastName: first.last_name,
        topic: items.map((i) => i.topic_label).join(', '),
        dueDate: germanDate(items.map((i) => i.due_date).sort()[0]!),
        items: items
          .map(
            (i) =>
              `– ${i.topic_label} (${i.topic_identifier}), fällig am ${germanDate(i.due_date)}${i.overdue ? ' – überfällig' : ''}${i.interval_days > 0 ? ` · Intervall: ${formatInterval(i.interval_days, unit)}` : ''}`,
          )
          .join('\n'),
        url: `${base}/instructions/mine`,
        module: 'Unterweisungen',
        company: system.companyName,
      };
      await deps.mail.enqueue(tx, {
        to,
        ...(await render(tx, 'instructionInvitation', first, values)),
        purpose: 'instructionInvitation',
        relatedEmployeeId: first.employee_id,
      });
      result.mailed += 1;
      result.items += items.length;
    }
  }

  async function escalate(
    tx: Executor,
    claimed: ClaimedEscalation[],
    system: { applicationUrl: string; companyName: string },
    result: ReminderRunResult,
  ) {
    const byRecipient = new Map<string, ClaimedEscalation[]>();
    const unreachable = new Set<number>();
    for (const row of claimed) {
      const to = row.recipient_email?.trim() ?? '';
      if (!emailCheck.safeParse(to).success) {
        unreachable.add(row.assignment_id);
        continue;
      }
      const key = to.toLowerCase();
      const rows = byRecipient.get(key) ?? [];
      // A person reached on two ways (supervisor and department head) gets each item once.
      if (!rows.some((r) => r.assignment_id === row.assignment_id)) rows.push(row);
      byRecipient.set(key, rows);
    }
    const reached = new Set([...byRecipient.values()].flat().map((r) => r.assignment_id));
    for (const id of unreachable) {
      if (reached.has(id)) continue;
      const row = claimed.find((r) => r.assignment_id === id)!;
      result.withoutAddress += 1;
      result.log.push(
        `${row.employee_last_name}, ${row.employee_first_name} – ${row.topic_label}: überfällig, aber kein gewählter Empfänger der Eskalation (Einstellungen, Reiter „Unterweisungen“) mit gültiger E-Mail-Adresse.`,
      );
    }
    const base = system.applicationUrl.replace(/\/$/, '');
    for (const rows of byRecipient.values()) {
      const first = rows[0]!;
      const values: MailValues = {
        firstName: first.recipient_first_name ?? '',
        lastName: first.recipient_last_name ?? '',
        topic: [...new Set(rows.map((r) => r.topic_label))].join(', '),
        items: rows
          .map(
            (r) =>
              `– ${r.employee_last_name}, ${r.employee_first_name}${r.personnel_number ? ` (${r.personnel_number})` : ''}: ${r.topic_label} (${r.topic_identifier}), fällig seit ${germanDate(r.due_date)} – ${base}/employee/${r.employee_id}`,
          )
          .join('\n'),
        url: `${base}/instructions/list`,
        module: 'Unterweisungen',
        company: system.companyName,
      };
      await deps.mail.enqueue(tx, {
        to: first.recipient_email!.trim(),
        ...(await render(
          tx,
          'instructionOverdue',
          { language: first.recipient_language, country: first.recipient_country },
          values,
        )),
        purpose: 'instructionOverdue',
        ...(first.recipient_employee_id ? { relatedEmployeeId: first.recipient_employee_id } : {}),
      });
      result.escalationMails += 1;
      result.escalatedItems += rows.length;
    }
  }

  /** One run for every portal with pending items; each portal in a transaction of its own. */
  async function send(db: Db, now: Date): Promise<ReminderRunResult> {
    const today = berlinToday(now);
    const result: ReminderRunResult = {
      portals: 0,
      mailed: 0,
      items: 0,
      escalationMails: 0,
      escalatedItems: 0,
      withoutAddress: 0,
      further: [],
      log: [],
    };
    const system = await deps.settings.read(systemSettings, db);
    const { reminderLeadDays } = await deps.settings.read(occupationalMedicineSettings, db);
    for (const portalId of await deps.repository.portalsWithPendingItems(db)) {
      result.portals += 1;
      await db.transaction(async (tx) => {
        const s = await deps.portalSettings(tx, portalId);
        const reminders = await deps.repository.claimReminders(tx, {
          portalId,
          today,
          leadDays: s.mailDaysBeforeDue,
          repeatDays: s.overdueRepeatDays,
          checkupLeadDays: reminderLeadDays,
        });
        await remind(tx, reminders, system, s.intervalUnit, result);
        for (const hook of deps.hooks ?? []) {
          const further = await hook(tx, {
            portalId,
            today,
            items: reminders.map((r) => ({
              assignmentId: r.assignment_id,
              type: r.type,
              overdue: r.overdue,
            })),
            system,
          });
          if (further.summary) result.further.push(further.summary);
          result.log.push(...further.log);
        }
        if (s.escalateAfterDays !== null && s.escalationRecipients.length > 0) {
          const escalations = await deps.repository.claimEscalations(tx, {
            portalId,
            today,
            afterDays: s.escalateAfterDays,
            recipients: s.escalationRecipients,
          });
          await escalate(tx, escalations, system, result);
        }
      });
    }
    return result;
  }

  const job: JobDefinition = {
    key: 'instruction-reminders',
    name: 'Erinnerungen an Unterweisungen senden',
    description:
      'Schickt jeder Person eine E-Mail mit ihren bald fälligen und überfälligen Unterweisungen und meldet lange überfällige den gewählten Empfängern: Vorgesetzte, Abteilungsleitung, Eskalationsstufen 1 bis 3 (Vorlaufzeit, Wiederholung und Eskalation: Einstellungen, Reiter „Unterweisungen“).',
    defaultSchedule: { kind: 'cron', cron: '0 6 * * *' },
    async run(ctx) {
      const r = await send(ctx.db, ctx.now);
      for (const line of r.log) ctx.log(line);
      const summary =
        `${r.mailed} Erinnerung(en) mit ${r.items} Unterweisung(en), ` +
        `${r.escalationMails} Meldung(en) zu ${r.escalatedItems} überfälligen` +
        r.further.map((line) => `, ${line}`).join('') +
        (r.withoutAddress > 0 ? `; ${r.withoutAddress} ohne gültige E-Mail-Adresse.` : '.');
      ctx.log(summary);
      return { summary };
    },
  };

  return { send, job };
}

/** The reminders' wiring (app.ts adds `jobs` to the scheduler's). */
export function instructionRemindersModule(
  deps: Omit<RemindersDeps, 'repository' | 'portalSettings' | 'hooks'>,
) {
  /** Further recipients of the claimed reminders (app.ts pushes into it; decision 072). */
  const hooks: ReminderHook[] = [];
  const reminders = createInstructionReminders({
    ...deps,
    hooks,
    repository: remindersRepository,
    portalSettings: instructionSettings,
  });
  return { send: reminders.send, jobs: [reminders.job], hooks };
}
